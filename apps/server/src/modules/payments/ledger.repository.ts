import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

interface OrderKey {
  companyId: string;
  orderId: string;
}

/** Who did something, as the ledger and the audit trail keep them: their id and their name then. */
export interface Actor {
  userId: string;
  name: string;
}

/**
 * The booked order a ledger belongs to, of this company only: its status, its confirmed total and
 * currency (the pricing snapshot's), and its office's zone. `lock` holds the order's row until the
 * transaction ends: two entries at once, or an entry and Stripe's webhook, see each other's sums.
 */
export async function loadLedgerOrder(db: Executor, order: OrderKey, lock = false) {
  const query = db
    .select({
      status: t.orders.status,
      paid: t.orders.paid,
      pricingSnapshot: t.orders.pricingSnapshot,
      cancelFeeCents: t.orders.cancelFeeCents,
      rescheduleFeesCents: t.orders.rescheduleFeesCents,
      timeZone: t.offices.timeZone,
    })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
  const [row] = lock ? await query.for('update', { of: t.orders }) : await query;
  return row ?? null;
}

/** One order's ledger, oldest first. */
export async function loadLedgerEntries(db: Executor, order: OrderKey) {
  return db
    .select()
    .from(t.orderLedger)
    .where(and(eq(t.orderLedger.companyId, order.companyId), eq(t.orderLedger.orderId, order.orderId)))
    .orderBy(asc(t.orderLedger.recordedAt), asc(t.orderLedger.id));
}

export type LedgerRow = Awaited<ReturnType<typeof loadLedgerEntries>>[number];

/** Writes an entry the office recorded, and its audit event, in the caller's transaction. */
export async function insertLedgerEntry(
  tx: Executor,
  order: OrderKey,
  entry: Pick<
    typeof t.orderLedger.$inferInsert,
    'kind' | 'method' | 'amountCents' | 'currency' | 'reference' | 'note' | 'receivedOn'
  >,
  by: Actor,
  at: Date,
): Promise<LedgerRow> {
  const [row] = await tx
    .insert(t.orderLedger)
    .values({ ...order, ...entry, recordedByUserId: by.userId, recordedByName: by.name, recordedAt: at })
    .returning();
  await tx.insert(t.orderEvents).values({
    ...order,
    type: 'payment_recorded',
    data: {
      entry_id: row!.id,
      kind: entry.kind,
      method: entry.method,
      amount_cents: entry.amountCents,
      currency: entry.currency,
      reference: entry.reference ?? null,
      received_on: entry.receivedOn,
      by: { kind: 'office', user_id: by.userId, name: by.name },
    },
    createdAt: at,
  });
  return row!;
}

/** Voids an entry the office recorded, once (a second void finds it voided and changes nothing); null when there was none to void. */
export async function voidLedgerEntry(
  tx: Executor,
  order: OrderKey,
  entryId: string,
  reason: string,
  by: Actor,
  at: Date,
): Promise<LedgerRow | null> {
  const [row] = await tx
    .update(t.orderLedger)
    .set({ voidedAt: at, voidedByUserId: by.userId, voidedByName: by.name, voidReason: reason })
    .where(
      and(
        eq(t.orderLedger.companyId, order.companyId),
        eq(t.orderLedger.orderId, order.orderId),
        eq(t.orderLedger.id, entryId),
        isNull(t.orderLedger.voidedAt),
        sql`${t.orderLedger.method} <> 'online'`,
      ),
    )
    .returning();
  if (!row) return null;
  await tx.insert(t.orderEvents).values({
    ...order,
    type: 'payment_voided',
    data: {
      entry_id: row.id,
      kind: row.kind,
      method: row.method,
      amount_cents: row.amountCents,
      currency: row.currency,
      reason,
      by: { kind: 'office', user_id: by.userId, name: by.name },
    },
    createdAt: at,
  });
  return row;
}

/** Keeps `orders.paid` what the ledger says, in the caller's transaction. */
export async function setOrderPaid(tx: Executor, order: OrderKey, paid: boolean, at: Date): Promise<void> {
  await tx
    .update(t.orders)
    .set({ paid, updatedAt: at })
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId), sql`paid <> ${paid}`));
}

/** The span's entries not voided, by the office's date received (order_ledger_received_idx), with each order's first client. */
export async function loadReceivedEntries(
  db: Executor,
  companyId: string,
  span: { from: string; to: string },
  limit: number,
) {
  return db
    .select({
      entry: t.orderLedger,
      client: sql<string>`coalesce((select trim(concat_ws(' ', p.person->>'first', p.person->>'last'))
        from ${t.orderParties} p where p.company_id = ${t.orderLedger.companyId} and p.order_id = ${t.orderLedger.orderId}
        and p.role = 'client' order by p.position limit 1), '')`,
    })
    .from(t.orderLedger)
    .where(receivedIn(companyId, span))
    .orderBy(asc(t.orderLedger.receivedOn), asc(t.orderLedger.recordedAt), asc(t.orderLedger.id))
    .limit(limit);
}

function receivedIn(companyId: string, span: { from: string; to: string }) {
  return and(
    eq(t.orderLedger.companyId, companyId),
    gte(t.orderLedger.receivedOn, span.from),
    lte(t.orderLedger.receivedOn, span.to),
    isNull(t.orderLedger.voidedAt),
  );
}

/** The span's sums per method and currency, over every entry (not only the lines listed). */
export async function loadReceivedTotals(db: Executor, companyId: string, span: { from: string; to: string }) {
  return db
    .select({
      method: t.orderLedger.method,
      currency: t.orderLedger.currency,
      paymentsCents: sql<string>`coalesce(sum(${t.orderLedger.amountCents}) filter (where ${t.orderLedger.kind} = 'payment'), 0)`,
      refundsCents: sql<string>`coalesce(sum(${t.orderLedger.amountCents}) filter (where ${t.orderLedger.kind} = 'refund'), 0)`,
      entries: sql<string>`count(*)`,
    })
    .from(t.orderLedger)
    .where(receivedIn(companyId, span))
    .groupBy(t.orderLedger.method, t.orderLedger.currency)
    .orderBy(t.orderLedger.method, t.orderLedger.currency);
}

/** A refund through Stripe (decision 0067): made by the office here, or told of by Stripe's `charge.refunded`. */
export interface StripeRefundEntry {
  /** The online payment it gives back. */
  refundOf: string;
  amountCents: number;
  currency: string;
  /** Stripe's refund id (re_…); null when Stripe's event named none (its amount alone is known). */
  stripeRefundId: string | null;
  /** The Charge or PaymentIntent the office looks the refund up by when Stripe names no refund. */
  reference: string;
  /** The office's reason; null for one made in Stripe's dashboard. */
  reason: string | null;
  /** The office's date of the refund. */
  receivedOn: string;
  requestId: string | null;
}

/** A refund the cancellation policy made (decision 0076): who cancelled, in the History's words, and the late fee kept. */
export interface PolicyRefundCause {
  cancelledBy: string;
  feeCents: number;
}

/**
 * Writes a refund through Stripe and its audit event `refunded`, once per Stripe refund: a second
 * record of the same refund (the webhook of a refund the office made here, or a delivery again)
 * writes nothing and answers null. `by` is null for Stripe's own (a refund made in its dashboard).
 */
export async function insertStripeRefund(
  tx: Executor,
  order: OrderKey,
  refund: StripeRefundEntry,
  by: Actor | PolicyRefundCause | null,
  at: Date,
): Promise<LedgerRow | null> {
  const office = by && 'userId' in by ? by : null;
  const [row] = await tx
    .insert(t.orderLedger)
    .values({
      ...order,
      kind: 'refund',
      method: 'online',
      amountCents: refund.amountCents,
      currency: refund.currency,
      reference: refund.stripeRefundId ?? refund.reference,
      note: refund.reason,
      receivedOn: refund.receivedOn,
      refundOf: refund.refundOf,
      stripeRefundId: refund.stripeRefundId,
      requestId: refund.requestId,
      recordedByUserId: office?.userId ?? null,
      recordedByName: office?.name ?? null,
      recordedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx.insert(t.orderEvents).values({
    ...order,
    type: 'refunded',
    data: {
      entry_id: row.id,
      payment_id: refund.refundOf,
      amount_cents: refund.amountCents,
      currency: refund.currency,
      stripe_refund_id: refund.stripeRefundId,
      reason: refund.reason,
      by: byData(by),
    },
    createdAt: at,
  });
  return row;
}

function byData(by: Actor | PolicyRefundCause | null): Record<string, unknown> {
  if (by === null) return { kind: 'stripe' };
  if ('userId' in by) return { kind: 'office', user_id: by.userId, name: by.name };
  return { kind: 'policy', cancelled_by: by.cancelledBy, fee_cents: by.feeCents };
}

/** The online payment of this company whose Stripe PaymentIntent is `paymentIntentId`, with its order; null when none. */
export async function findOnlinePayment(db: Executor, companyId: string, paymentIntentId: string) {
  const [row] = await db
    .select({ id: t.orderLedger.id, orderId: t.orderLedger.orderId })
    .from(t.orderLedger)
    .where(
      and(
        eq(t.orderLedger.companyId, companyId),
        eq(t.orderLedger.kind, 'payment'),
        eq(t.orderLedger.method, 'online'),
        eq(t.orderLedger.reference, paymentIntentId),
      ),
    )
    .orderBy(asc(t.orderLedger.recordedAt))
    .limit(1);
  return row ?? null;
}

/** Records a dispute of an order's Stripe payment and its audit event, once per dispute; true when this call recorded it. */
export async function insertDispute(
  tx: Executor,
  order: OrderKey,
  dispute: Omit<typeof t.paymentDisputes.$inferInsert, 'companyId' | 'orderId' | 'createdAt'>,
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(t.paymentDisputes)
    .values({ ...order, ...dispute, createdAt: at })
    .onConflictDoNothing()
    .returning({ disputeId: t.paymentDisputes.disputeId });
  if (inserted.length === 0) return false;
  await tx.insert(t.orderEvents).values({
    ...order,
    type: 'payment_disputed',
    data: {
      dispute_id: dispute.disputeId,
      payment_intent: dispute.paymentIntentId ?? null,
      amount_cents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      disputed_at: dispute.disputedAt.toISOString(),
      by: { kind: 'stripe' },
    },
    createdAt: at,
  });
  return true;
}

/** An order's disputes, oldest first. */
export async function loadDisputes(db: Executor, order: OrderKey) {
  return db
    .select()
    .from(t.paymentDisputes)
    .where(and(eq(t.paymentDisputes.companyId, order.companyId), eq(t.paymentDisputes.orderId, order.orderId)))
    .orderBy(asc(t.paymentDisputes.disputedAt), asc(t.paymentDisputes.disputeId));
}

/** Whether any ledger row of the company carries this console request id (a refund's, decision 0067). */
export async function requestIdTaken(db: Executor, companyId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.orderLedger.id })
    .from(t.orderLedger)
    .where(and(eq(t.orderLedger.companyId, companyId), eq(t.orderLedger.requestId, requestId)))
    .limit(1);
  return row !== undefined;
}
