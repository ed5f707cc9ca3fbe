import type { Database } from '../../db/connection.ts';
import { outboxTransport } from './mail-transport.ts';
import { NotificationWorker, type NotificationWorkerOptions } from './notification-worker.ts';
import { smsOutboxTransport } from './sms-transport.ts';

/**
 * A message worker for tests: e-mails and text messages written to `outbox`, links on a fixed
 * base, quiet, polling never (tests call runDue) and retrying within milliseconds. `changes`
 * replaces any part (an SMTP transport, Twilio's stand-in, the app's clock, a log to read).
 */
export function testWorker(
  db: Database,
  outbox: string,
  changes: Partial<NotificationWorkerOptions> = {},
): NotificationWorker {
  return new NotificationWorker({
    db,
    transport: outboxTransport(outbox),
    sms: smsOutboxTransport(outbox),
    publicBaseUrl: () => 'https://book.example.com',
    log: { info: () => {}, warn: () => {} },
    mailFrom: '',
    pollMs: 60_000,
    leaseMs: 60_000,
    retryBaseMs: 10,
    retryMaxMs: 100,
    ...changes,
  });
}
