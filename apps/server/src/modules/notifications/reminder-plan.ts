import type { NotificationSettings } from '@scheduler/contracts/company-document';
import type { Executor } from '../../db/connection.ts';
import { REMINDER_EMAIL_JOB, reminderJobs, SMS_JOB, type ConfirmableOrder, type MessageMoment } from './confirmation-jobs.ts';
import { dropPendingJobs, enqueueJobs } from './job-queue.repository.ts';

/**
 * Plans an order's reminders anew for its start (a reschedule), or drops them (`start` null: the
 * order was called off). Runs in the transaction that changes the order, so the reminders and
 * the booking never disagree; a reminder already claimed by a worker is checked against the
 * order's start when it is written, and not sent for a start the order no longer has.
 */
export async function replanReminders(tx: Executor, aggregate: ConfirmableOrder, settings: NotificationSettings, when: Omit<MessageMoment, 'start'> & { start: Date | null }): Promise<void> {
  const { companyId, id } = aggregate.order;
  await dropPendingJobs(tx, companyId, id, [REMINDER_EMAIL_JOB]);
  await dropPendingJobs(tx, companyId, id, [SMS_JOB], { message: 'reminder' });
  if (when.start) await enqueueJobs(tx, reminderJobs(aggregate, settings, { ...when, start: when.start }));
}
