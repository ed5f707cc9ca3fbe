import type { Executor } from '../../db/connection.ts';
import { accountEmailJob } from '../notifications/account-messages.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { reconnectRecipients } from './calendar-sync.repository.ts';

/** The job that reads one connection's busy calendars, and queues its next run (decision 0089). */
export const CALENDAR_SYNC_JOB = 'calendar_sync';
/** The job that brings one order's events in its inspectors' calendars in line with the order (queued by migration 0042's trigger). */
export const CALENDAR_BOOKING_JOB = 'calendar_booking';

/** Queues a connection's sync at `runAt`, once per instant (a run repeated after a crash queues its next once). */
export async function queueSync(db: Executor, companyId: string, connectionId: string, runAt: Date): Promise<void> {
  await enqueueJobs(db, [
    {
      companyId,
      kind: CALENDAR_SYNC_JOB,
      dedupeKey: `calendar-sync:${connectionId}:${runAt.getTime()}`,
      payload: { connection_id: connectionId },
      runAt,
    },
  ]);
}

/** Tells the inspector and the company's owners and admins that a calendar refused its password (once per refusal). */
export async function queueReconnectEmails(
  db: Executor,
  companyId: string,
  inspectorId: number,
  now: Date,
): Promise<void> {
  const recipients = await reconnectRecipients(db, companyId, inspectorId);
  if (!recipients) return;
  await enqueueJobs(
    db,
    recipients.emails.map((to) =>
      accountEmailJob(
        companyId,
        {
          type: 'calendar_reconnect',
          to,
          company_key: recipients.companyKey,
          inspector_name: recipients.inspectorName,
        },
        now,
      ),
    ),
  );
}
