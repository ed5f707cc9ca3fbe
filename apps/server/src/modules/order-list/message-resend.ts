/**
 * Sending an order's message again from its page (issue 41): the office resends a confirmation,
 * a reminder, a receipt or a cancellation to the person it went to, when that person lost it or
 * it went to spam. The copy is a new job with the same kind and recipient (the worker renders
 * the order as it is now), a manage link of its own (the old one keeps working), and the name of
 * who resent it; an audit event records it. A message that would now say something untrue is not
 * offered: a reminder of a time the booking no longer has, a change that a later one replaced.
 * A bounced e-mail may go again (decision 0070): to the address the office corrected on the order
 * since, found as the same person's (their role and name), or to the same address while the order
 * still has it (a full mailbox empties).
 */
import type { ConsoleOrderMessage } from '@scheduler/contracts/console';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import type { Database, Executor } from '../../db/connection.ts';
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
import { storedPersonName } from '@scheduler/domain/people/person-display';
import {
  findOrderJob,
  loadOrderPeople,
  loadOrderState,
  recordMessageResent,
  resendWaiting,
} from './console-orders.repository.ts';

/** A person of the order as a bounced e-mail's resend looks for them. */
export interface OrderPerson {
  role: string;
  name: string;
  email: string;
}

/** What a resend asks of the order as it is now. */
export interface OrderNow {
  status: 'confirmed' | 'cancelled' | string;
  /** The booked start (ISO 8601), or null. */
  start: string | null;
  /** Its people with an e-mail, as they are now (after the office's corrections). */
  people: readonly OrderPerson[];
}

/** The job as the resend reads it: its kind, whether it went (or bounced), and what its payload says. */
interface MessageJob {
  kind: string;
  doneAt: Date | null;
  lastError: string | null;
  /** The mail transport said it will never arrive (decision 0070). */
  bounced: boolean;
  change: string | null;
  start: string | null;
  to: string | null;
  /** Who it was for: client, agent or office, and the person's name as it was then. */
  audience: string | null;
  name: string | null;
}

const AGENT_ROLES: ReadonlySet<string> = new Set(['buyers_agent', 'sellers_agent', 'insurance_agent']);

/**
 * Where the message goes if sent again: its own address; for a bounced one, that address while
 * the order still has it, else the address now on the order of the person it was for (the same
 * role and name: the office corrected the e-mail), else nowhere (null: the person is gone or
 * erased, or several fit).
 */
export function resendAddress(job: MessageJob, order: Pick<OrderNow, 'people'>): string | null {
  // A message to a person whose data was erased (decision 0078) has nobody to go to.
  if (!job.to || job.to === ERASED_MARKER) return null;
  if (!job.bounced) return job.to;
  const to = job.to.toLowerCase();
  if (order.people.some((person) => person.email.toLowerCase() === to)) return job.to;
  const same = order.people.filter(
    (person) =>
      person.email !== '' &&
      person.name === job.name &&
      (job.audience === 'agent' ? AGENT_ROLES.has(person.role) : person.role === job.audience),
  );
  return same.length === 1 ? same[0]!.email : null;
}

/**
 * Whether the message may be sent again now: an e-mail that went (not one waiting or skipped), to
 * a person (not the office's copy), that is still true of the order: a confirmation, receipt or
 * reminder of a booked order (a reminder of its present start), a cancellation of a cancelled one.
 */
export function resendable(job: MessageJob, order: OrderNow): boolean {
  if (job.doneAt === null || (job.lastError !== null && !job.bounced) || resendAddress(job, order) === null)
    return false;
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

/** The order's state for `resendable`, read once for a listing (one statement after the other: a transaction is one connection). */
export async function orderNow(db: Executor, scope: OrderScope): Promise<OrderNow> {
  const state = await loadOrderState(db, scope.companyId, scope.orderId);
  if (!state) throw new NotFoundError('The order');
  const people = await loadOrderPeople(db, scope.companyId, scope.orderId);
  return {
    status: state.status,
    start: state.datetime?.toISOString() ?? null,
    people: people.flatMap(({ role, person }) => {
      const email = typeof person.email === 'string' ? person.email.trim() : '';
      return email ? [{ role, name: storedPersonName(person), email }] : [];
    }),
  };
}

/** Marks each listed message the office may send again, and where it would go. */
export function withResendable(
  messages: ReadonlyArray<Omit<ConsoleOrderMessage, 'resendable' | 'resend_to'> & { job: MessageJob }>,
  order: OrderNow,
): ConsoleOrderMessage[] {
  return messages.map(({ job, ...message }) => {
    const may = resendable(job, order);
    return { ...message, resendable: may, resend_to: may ? resendAddress(job, order) : null };
  });
}

/** A job row's payload as `resendable` reads it. */
export function messageJobOf(job: {
  kind: string;
  doneAt: Date | null;
  lastError: string | null;
  bouncedAt: Date | null;
  payload: Record<string, unknown>;
}): MessageJob {
  const text = (key: string) => (typeof job.payload[key] === 'string' ? (job.payload[key] as string) : null);
  return {
    kind: job.kind,
    doneAt: job.doneAt,
    lastError: job.lastError,
    bounced: job.bouncedAt !== null,
    change: text('change'),
    start: text('start'),
    to: text('to'),
    audience: text('audience'),
    name: text('name'),
  };
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
    const read = messageJobOf(job);
    const order = await orderNow(tx, scope);
    const to = resendAddress(read, order);
    if (!resendable(read, order) || to === null)
      throw new ConflictError(
        'not_resendable',
        'This message cannot be sent again: it would not be true of the order now.',
      );
    // A resend of a resend is a resend of the first message: one key to count them by.
    const firstKey = job.dedupeKey.replace(/:resend:\d+$/, '');
    if (await resendWaiting(tx, scope, firstKey))
      throw new ConflictError('resend_queued', 'This message is being sent again already.');
    const { manage_token: _oldLink, ...kept } = payload;
    // The copy's manage link is asked for the address it now goes to.
    const link = kept.manage_link_for as { role?: unknown; recipient?: unknown } | undefined;
    if (link && to !== read.to) kept.manage_link_for = { ...link, recipient: to.toLowerCase() };
    const copy: QueuedJob = {
      companyId: scope.companyId,
      kind: job.kind,
      dedupeKey: `${firstKey}:resend:${now.getTime()}`,
      // A bounced e-mail goes to the corrected address: the copy is written to it, as a new job.
      payload: { ...kept, to, resent_by: by.name },
      runAt: now,
    };
    await enqueueJobs(tx, await withManageLinks(tx, [copy]));
    await recordMessageResent(
      tx,
      scope,
      { job_id: job.id, kind: job.kind, to, by: { user_id: by.userId, name: by.name } },
      now,
    );
    return to;
  });
  onQueued();
  return { to };
}
