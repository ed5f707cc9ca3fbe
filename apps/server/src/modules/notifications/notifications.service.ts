import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connection.ts';
import { outboxTransport, smtpTransport } from './mail-transport.ts';
import { NotificationWorker, type WorkerLog } from './notification-worker.ts';

// What other modules use of notifications: the company's settings and the confirmation's jobs.
export { loadNotificationSettings, saveNotificationSettings } from './notification-settings.repository.ts';
export { confirmationEmailJobs, type ConfirmableOrder } from './confirmation-jobs.ts';
export { calendarFeed, type ConfirmedOrderFacts } from './mail-content.ts';

/** The e-mail worker as configured: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/outbox. */
export function createNotificationWorker(db: Database, config: Config, log: WorkerLog): NotificationWorker {
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(join(config.DATA_DIR, 'outbox'));
  return new NotificationWorker({
    db,
    transport,
    log,
    mailFrom: config.MAIL_FROM ?? '',
    pollMs: config.NOTIFY_POLL_MS,
    leaseMs: config.NOTIFY_LEASE_MS,
    retryBaseMs: config.NOTIFY_RETRY_BASE_MS,
    retryMaxMs: config.NOTIFY_RETRY_MAX_MS,
  });
}
