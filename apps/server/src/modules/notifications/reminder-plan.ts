import type { NotificationSettings } from '@scheduler/contracts/company-document';
import type { Executor } from '../../db/connection.ts';
import {
  REMINDER_EMAIL_JOB,
  reminderJobs,
  SMS_JOB,
  type ConfirmableOrder,
  type MessageMoment,
  type QueuedJob,
} from './confirmation-jobs.ts';
import { dropPendingJobs, enqueueJobs } from './job-queue.repository.ts';

/** What the caller does to jobs before they are queued, in the same transaction: the manage module's `withManageLinks` issues their tokens. */
export type PrepareJobs = (tx: Executor, jobs: readonly QueuedJob[]) => Promise<QueuedJob[]>;

const asTheyAre: PrepareJobs = async (_tx, jobs) => [...jobs];

/**
 * Plans an order's reminders anew for its start (a reschedule), or drops them (`start` null: the
 * order was called off). Runs in the transaction that changes the order, so the reminders and
 * the booking never disagree; a reminder already claimed by a worker is checked against the
 * order's start when it is written, and not sent for a start the order no longer has. The new
 * reminders ask for manage links like the confirmation's; `prepare` (e.g. `withManageLinks`)
 * issues them before they are queued.
 */
export async function replanReminders(
  tx: Executor,
  aggregate: ConfirmableOrder,
  settings: NotificationSettings,
  when: Omit<MessageMoment, 'start'> & { start: Date | null },
  prepare: PrepareJobs = asTheyAre,
): Promise<void> {
  const { companyId, id } = aggregate.order;
  // One statement: the reminder e-mails and the reminder text messages go together.
  await dropPendingJobs(tx, companyId, id, [
    { kind: REMINDER_EMAIL_JOB },
    { kind: SMS_JOB, payload: { message: 'reminder' } },
  ]);
  if (when.start)
    await enqueueJobs(tx, await prepare(tx, reminderJobs(aggregate, settings, { ...when, start: when.start })));
}
