import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { outboxTransport, smtpTransport } from './mail-transport.ts';
import { NotificationWorker, type CompanyJobHandler, type WorkerLog } from './notification-worker.ts';
import { smsOutboxTransport, twilioTransport } from './sms-transport.ts';

// What other modules use of notifications: the company's settings, the confirmation's and a change's jobs.
export { loadNotificationSettings, saveNotificationSettings } from './notification-settings.repository.ts';
export {
  changeJobs,
  confirmationJobs,
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
  type BookingChange,
  type ChangedBy,
  type ChangeKind,
  type ConfirmableOrder,
  type ManageLinkRequest,
  type QueuedJob,
} from './confirmation-jobs.ts';
export { enqueueJobs } from './job-queue.repository.ts';
export { replanReminders, type PrepareJobs } from './reminder-plan.ts';
export { appointmentWithZone, calendarFeed, orderReference, type ConfirmedOrderFacts } from './mail-content.ts';
// The manage page (issue 24) shows an order as its messages do: the same facts, times and price lines.
export { loadMessageFacts } from './order-facts.repository.ts';
export { appointmentText, priceSection, ROLE_TITLES } from './message-document.ts';
// The console's account e-mails (issue 25): password resets, invitations, sign-in links.
export { accountEmailJob, accountLink, type AccountEmailPayload } from './account-messages.ts';

/**
 * The message worker as configured: e-mail through SMTP when SMTP_URL is set, else .eml files
 * under DATA_DIR/outbox; text messages through Twilio when it is configured, else text files there.
 * `jobHandlers`: the other modules' jobs it runs too (payments' Checkout Session expiries).
 */
export function createNotificationWorker(db: Database, config: Config, log: WorkerLog, publicBaseUrl: () => string, jobHandlers: Readonly<Record<string, CompanyJobHandler>> = {}): NotificationWorker {
  const outbox = join(config.DATA_DIR, 'outbox');
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(outbox);
  const sms =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? twilioTransport({ accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM, apiBaseUrl: config.TWILIO_API_URL })
      : smsOutboxTransport(outbox);
  return new NotificationWorker({
    db,
    transport,
    sms,
    publicBaseUrl,
    log,
    mailFrom: config.MAIL_FROM ?? '',
    pollMs: config.NOTIFY_POLL_MS,
    leaseMs: config.NOTIFY_LEASE_MS,
    retryBaseMs: config.NOTIFY_RETRY_BASE_MS,
    retryMaxMs: config.NOTIFY_RETRY_MAX_MS,
    jobHandlers,
  });
}
