import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { NotificationSettings } from '@scheduler/contracts/company-document';
import type { Database, Executor } from '../../db/connection.ts';
import { enqueueJobs as insertJobs } from './job-queue.repository.ts';
import {
  loadNotificationSettings as loadSettingsRow,
  saveNotificationSettings as saveSettingsRow,
} from './notification-settings.repository.ts';
import { loadMessageFacts as readMessageFacts } from './order-facts.repository.ts';
import { outboxTransport, smtpTransport } from './mail-transport.ts';
import {
  NotificationWorker,
  type CompanyJobHandler,
  type SystemJobHandler,
  type WorkerLog,
  type ReceiptAttachment,
} from './notification-worker.ts';
import { smsOutboxTransport, twilioTransport } from './sms-transport.ts';

// What other modules use of notifications' tables: the company's settings, the job queue, and the
// facts a message shows (the manage page, issue 24, shows an order as its messages do). The jobs
// themselves, the reminders' plan, the messages' texts and the account e-mails are imported from
// their own files (confirmation-jobs, reminder-plan, mail-content, message-document, account-messages).

/** The company's notification settings, as the company document stores them. */
export function loadNotificationSettings(db: Executor, companyId: string): Promise<NotificationSettings> {
  return loadSettingsRow(db, companyId);
}

/** Replaces the company's notification settings in the caller's transaction (a document import). */
export function saveNotificationSettings(
  tx: Executor,
  companyId: string,
  settings: NotificationSettings,
): Promise<void> {
  return saveSettingsRow(tx, companyId, settings);
}

/** Queues messages in the caller's transaction: they are sent once it commits, or never. */
export function enqueueJobs(db: Executor, jobs: Parameters<typeof insertJobs>[1]): Promise<void> {
  return insertJobs(db, jobs);
}

/** The facts an order's messages show (its times, people and price lines), or null when there is no such order. */
export function loadMessageFacts(...args: Parameters<typeof readMessageFacts>): ReturnType<typeof readMessageFacts> {
  return readMessageFacts(...args);
}

/**
 * The message worker as configured: e-mail through SMTP when SMTP_URL is set, else .eml files
 * under DATA_DIR/outbox; text messages through Twilio when it is configured, else text files there.
 * `jobHandlers`: the other modules' jobs it runs too (payments' Checkout Session expiries);
 * `systemJobHandlers`: jobs of no company (the pruning job).
 */
export function createNotificationWorker(
  db: Database,
  config: Config,
  log: WorkerLog,
  publicBaseUrl: () => string,
  jobHandlers: Readonly<Record<string, CompanyJobHandler>> = {},
  systemJobHandlers: Readonly<Record<string, SystemJobHandler>> = {},
  /** The app's clock: jobs fall due, lease and retry by it. */
  now: () => number = Date.now,
  /** The PDF a receipt e-mail carries (payments', decision 0082). */
  receiptAttachment?: ReceiptAttachment,
): NotificationWorker {
  const outbox = join(config.DATA_DIR, 'outbox');
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(outbox);
  const sms =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? twilioTransport({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          apiBaseUrl: config.TWILIO_API_URL,
        })
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
    systemJobHandlers,
    now,
    ...(receiptAttachment ? { receiptAttachment } : {}),
  });
}
