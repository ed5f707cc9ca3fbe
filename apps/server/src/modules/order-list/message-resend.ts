/**
 * Sending an order's message again from its page (issue 41): the office resends a confirmation,
 * a reminder, a receipt or a cancellation to the person it went to, when that person lost it or
 * it went to spam. The copy is a new job with the same kind and recipient (the worker renders
 * the order as it is now), a manage link of its own (the old one keeps working), and the name of
 * who resent it; an audit event records it. A message that would now say something untrue is not
 * offered: a reminder of a time the booking no longer has, a change that a later one replaced.
 */
import type { ConsoleOrderMessage } from '@scheduler/contracts/console';
import type { Database } from '../../db/connection.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { withManageLinks } from '../booking-changes/manage-links.ts';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  type QueuedJob,
} from '../notifications/confirmation-jobs.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import type { OrderScope } from '../scheduling/scheduling.service.ts';
import { findOrderJob, loadOrderState, recordMessageResent, resendWaiting } from './console-orders.repository.ts';

/** What a resend asks of the order as it is now. */
export interface OrderNow {
  status: 'confirmed' | 'cancelled' | string;
  /** The booked start (ISO 8601), or null. */
  start: string | null;
}

/** The job as the resend reads it: its kind, whether it went, and what its payload says. */
interface MessageJob {
  kind: string;
  doneAt: Date | null;
  lastError: string | null;
  change: string | null;
  start: string | null;
  to: string | null;
}

/**
 * Whether the message may be sent again now: an e-mail that went (not one waiting or skipped), to
 * a person (not the office's copy), that is still true of the order: a confirmation, receipt or
 * reminder of a booked order (a reminder of its present start), a cancellation of a cancelled one.
 */
export function resendable(job: MessageJob, order: OrderNow): boolean {
  if (job.doneAt === null || job.lastError !== null || !job.to) return false;
  const booked = order.status === 'confirmed';
  switch (job.kind) {
    case CONFIRMATION_EMAIL_JOB:
    case RECEIPT_EMAIL_JOB:
      return booked;
    case REMINDER_EMAIL_JOB:
      return booked && job.start !== null && order.start !== null && Date.parse(job.start) === Date.parse(order.start);
    case CHANGE_EMAIL_JOB:
      return job.change === 'cancelled' && order.status === 'cancelled';
    default:
      return false;
  }
}

/** The order's state for `resendable`, read once for a listing. */
export async function orderNow(db: Database, scope: OrderScope): Promise<OrderNow> {
  const state = await loadOrderState(db, scope.companyId, scope.orderId);
  if (!state) throw new NotFoundError('The order');
  return { status: state.status, start: state.datetime?.toISOString() ?? null };
}

/** Marks each listed message the office may send again. */
export function withResendable(
  messages: ReadonlyArray<Omit<ConsoleOrderMessage, 'resendable'> & { job: MessageJob }>,
  order: OrderNow,
): ConsoleOrderMessage[] {
  return messages.map(({ job, ...message }) => ({ ...message, resendable: resendable(job, order) }));
}

/**
 * Queues the message `jobId` of the order again, for its recipient, now. 404 for a message not of
 * this order (another company's, another order's); 409 `not_resendable` for one that would now be
 * untrue or never went, 409 `resend_queued` while a resend of it waits to go.
 */
export async function resendOrderMessage(
  db: Database,
  scope: OrderScope,
  jobId: number,
  by: { userId: string; name: string },
  now: Date,
  onQueued: () => void,
): Promise<{ to: string }> {
  const to = await db.transaction(async (tx) => {
    const job = await findOrderJob(tx, scope.companyId, scope.orderId, jobId);
    if (!job) throw new NotFoundError('The message');
    const payload = job.payload as Record<string, unknown>;
    const read: MessageJob = {
      kind: job.kind,
      doneAt: job.doneAt,
      lastError: job.lastError,
      change: typeof payload.change === 'string' ? payload.change : null,
      start: typeof payload.start === 'string' ? payload.start : null,
      to: typeof payload.to === 'string' ? payload.to : null,
    };
    const state = await loadOrderState(tx, scope.companyId, scope.orderId);
    if (!state) throw new NotFoundError('The order');
    if (!resendable(read, { status: state.status, start: state.datetime?.toISOString() ?? null }))
      throw new ConflictError(
        'not_resendable',
        'This message cannot be sent again: it would not be true of the order now.',
      );
    // A resend of a resend is a resend of the first message: one key to count them by.
    const firstKey = job.dedupeKey.replace(/:resend:\d+$/, '');
    if (await resendWaiting(tx, scope, firstKey))
      throw new ConflictError('resend_queued', 'This message is being sent again already.');
    const { manage_token: _oldLink, ...kept } = payload;
    const copy: QueuedJob = {
      companyId: scope.companyId,
      kind: job.kind,
      dedupeKey: `${firstKey}:resend:${now.getTime()}`,
      payload: { ...kept, resent_by: by.name },
      runAt: now,
    };
    await enqueueJobs(tx, await withManageLinks(tx, [copy]));
    await recordMessageResent(
      tx,
      scope,
      { job_id: job.id, kind: job.kind, to: read.to!, by: { user_id: by.userId, name: by.name } },
      now,
    );
    return read.to!;
  });
  onQueued();
  return { to };
}
