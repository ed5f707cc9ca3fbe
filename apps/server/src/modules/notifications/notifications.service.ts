import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { outboxTransport, smtpTransport } from './mail-transport.ts';
import { NotificationWorker, type WorkerLog } from './notification-worker.ts';
import { smsOutboxTransport, twilioTransport } from './sms-transport.ts';

// What other modules use of notifications: the company's settings and the confirmation's jobs.
export { loadNotificationSettings, saveNotificationSettings } from './notification-settings.repository.ts';
export { confirmationJobs, RECEIPT_EMAIL_JOB, type ConfirmableOrder, type QueuedJob } from './confirmation-jobs.ts';
export { enqueueJobs } from './job-queue.repository.ts';
export { replanReminders } from './reminder-plan.ts';
export { calendarFeed, type ConfirmedOrderFacts } from './mail-content.ts';

/**
 * The message worker as configured: e-mail through SMTP when SMTP_URL is set, else .eml files
 * under DATA_DIR/outbox; text messages through Twilio when it is configured, else text files there.
 */
export function createNotificationWorker(db: Database, config: Config, log: WorkerLog, publicBaseUrl: () => string): NotificationWorker {
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
  });
}
