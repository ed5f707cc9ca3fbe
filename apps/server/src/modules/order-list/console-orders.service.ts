import type { AdminOrder } from '@scheduler/contracts/confirm';
import type {
  ConsoleListedOrder,
  ConsoleOrderDetail,
  ConsoleOrderMessage,
  ConsoleOrdersCsvQuery,
  ConsoleOrdersQuery,
  ConsoleOrdersResponse,
} from '@scheduler/contracts/console';
import type { Database } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { listOrders, ordersCsvExport, type OrdersPageQuery } from './admin-orders.service.ts';
import { memberCan, ownInspectorOnly, type ConsoleMember } from '../console-auth/console-member.ts';
import { manageView, orderScopeOf } from '../booking-changes/manage.service.ts';
import { paymentsToRefundOf } from '../payments/payments.service.ts';
import type { OrderScope } from '../scheduling/scheduling.service.ts';
import {
  CHANGE_EMAIL_JOB,
  CONFIRMATION_EMAIL_JOB,
  RECEIPT_EMAIL_JOB,
  REMINDER_EMAIL_JOB,
  SMS_JOB,
} from '../notifications/confirmation-jobs.ts';
import { loadOrderMessageJobs, orderBookedBy, orderInspectorIds } from './console-orders.repository.ts';
import { BOOKED_ONLINE } from '../schedule/console-schedule.service.ts';
import { orderNow, withResendable } from './message-resend.ts';
import { flaggedUnsignedOrders, ordersAwaitingSignature } from '../schedule/unsigned-agreements.ts';

/** The office's list of orders, filtered and paged; an inspector's is their own orders whatever they ask (unless the company lets inspectors see all). */
export async function consoleOrders(
  db: Database,
  member: ConsoleMember,
  query: ConsoleOrdersQuery,
): Promise<ConsoleOrdersResponse> {
  const listing = await listOrders(db, member.companyKey, consoleListing(member, query));
  return { ...listing, orders: await withAgreementPending(db, member.companyId, listing.orders) };
}

/** Listed orders each with whether an agreement of it still waits for a signature (one read for the page). */
async function withAgreementPending(
  db: Database,
  companyId: string,
  orders: AdminOrder[],
): Promise<ConsoleListedOrder[]> {
  const pending = await ordersAwaitingSignature(
    db,
    companyId,
    orders.map((order) => order.id),
  );
  return orders.map((order) => ({ ...order, agreement_pending: pending.has(order.id) }));
}

/** The console's query as the listing reads it; an inspector's is their own orders whatever they ask (unless the company lets inspectors see all). */
function consoleListing(member: ConsoleMember, query: ConsoleOrdersQuery): OrdersPageQuery {
  const own = ownInspectorOnly(member, 'orders.read');
  return {
    from: query.from,
    to: query.to,
    status: query.status,
    inspectorId: own ?? query.inspector_id,
    text: query.q,
    page: query.page,
    per_page: query.per_page,
    cursor: query.cursor,
    agreementUnsigned: query.agreement === 'unsigned',
  };
}

/** The office's list as a CSV download: the page asked for, or with `all` every order the filters match, streamed. */
export async function consoleOrdersCsv(db: Database, member: ConsoleMember, query: ConsoleOrdersCsvQuery) {
  return ordersCsvExport(db, member.companyKey, { ...consoleListing(member, query), all: query.all });
}

/** The order's scope, when the member may read it; 404 otherwise (another company's, or another inspector's). */
export async function readableOrder(db: Database, member: ConsoleMember, orderId: string): Promise<OrderScope> {
  const scope = await orderScopeOf(db, member.companyKey, orderId);
  const own = ownInspectorOnly(member, 'orders.read');
  if (own !== null && !(await orderInspectorIds(db, member.companyId, orderId))?.includes(own))
    throw new AppError(404, 'not_found', 'The order was not found.');
  return scope;
}

const EMAIL_KINDS: Record<string, string> = {
  [CONFIRMATION_EMAIL_JOB]: 'confirmation',
  [REMINDER_EMAIL_JOB]: 'reminder',
  [RECEIPT_EMAIL_JOB]: 'receipt',
};

/** The messages about an order as the office reads them: which, to whom, whether they went, and whether they may go again. */
async function orderMessages(db: Database, scope: OrderScope): Promise<ConsoleOrderMessage[]> {
  const [jobs, order] = await Promise.all([
    loadOrderMessageJobs(db, scope.companyId, scope.orderId),
    orderNow(db, scope),
  ]);
  const listed = jobs.flatMap((job) => {
    const sms = job.kind === SMS_JOB;
    const kind = sms ? job.message : job.kind === CHANGE_EMAIL_JOB ? job.change : EMAIL_KINDS[job.kind];
    if (!kind) return [];
    const state: ConsoleOrderMessage['state'] =
      job.bouncedAt !== null ? 'bounced' : job.doneAt === null ? 'queued' : job.lastError === null ? 'sent' : 'skipped';
    return [
      {
        id: job.id,
        at: (job.doneAt ?? job.runAt).toISOString(),
        run_at: job.runAt.toISOString(),
        channel: sms ? ('sms' as const) : ('email' as const),
        audience: (sms ? job.linkRole : job.audience) ?? 'client',
        kind,
        state,
        attempts: job.attempts,
        to: job.to,
        resent_by: job.resentBy,
        bounce_reason: job.bouncedAt !== null ? (job.bounceReason ?? '') : null,
        job: { ...job, bounced: job.bouncedAt !== null },
      },
    ];
  });
  return withResendable(listed, order);
}

/** Everything the order page shows about one order. */
export async function consoleOrderDetail(
  db: Database,
  member: ConsoleMember,
  orderId: string,
  now: Date,
): Promise<ConsoleOrderDetail> {
  const scope = await readableOrder(db, member, orderId);
  const [listing, view, messages, bookedBy, toRefund] = await Promise.all([
    listOrders(db, member.companyKey, { status: 'all', orderId, page: 1, per_page: 1 }),
    manageView(db, scope, now, 'office'),
    orderMessages(db, scope),
    orderBookedBy(db, scope.companyId, scope.orderId),
    paymentsToRefundOf(db, scope),
  ]);
  const order = listing.orders[0];
  if (!order) throw new AppError(404, 'not_found', 'The order was not found.');
  // A cancelled order's inspection will not happen: nothing to flag.
  const flagged =
    order.status === 'confirmed'
      ? await flaggedUnsignedOrders(
          db,
          scope.companyId,
          [{ orderId: order.id, start: order.datetime === null ? null : new Date(order.datetime) }],
          now,
        )
      : new Set<string>();
  return {
    order,
    view,
    messages,
    can_change: memberCan(member, 'orders.change'),
    booked_by: bookedBy ?? BOOKED_ONLINE,
    payments_to_refund: toRefund,
    agreement_unsigned: flagged.has(order.id),
  };
}
