import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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

// ---- A dispute's later events (decision 0082) ----

/** One dispute of the company, locked until the transaction ends (its order's row is locked first); null when none. */
export async function loadDisputeLocked(tx: Executor, companyId: string, disputeId: string) {
  const [row] = await tx
    .select()
    .from(t.paymentDisputes)
    .where(and(eq(t.paymentDisputes.companyId, companyId), eq(t.paymentDisputes.disputeId, disputeId)))
    .for('update');
  return row ?? null;
}

export type DisputeRow = NonNullable<Awaited<ReturnType<typeof loadDisputeLocked>>>;

/** Sets a dispute's status as Stripe's event at `statusAt` says it, with its audit event (`dispute_closed` once closed). */
export async function setDisputeStatus(
  tx: Executor,
  order: OrderKey,
  dispute: DisputeRow,
  change: { status: string; statusAt: Date; closed: boolean },
  at: Date,
): Promise<void> {
  await tx
    .update(t.paymentDisputes)
    .set({ status: change.status, statusAt: change.statusAt, ...(change.closed ? { closedAt: change.statusAt } : {}) })
    .where(and(eq(t.paymentDisputes.companyId, order.companyId), eq(t.paymentDisputes.disputeId, dispute.disputeId)));
  await tx.insert(t.orderEvents).values({
    ...order,
    type: change.closed ? 'dispute_closed' : 'dispute_status_changed',
    data: {
      dispute_id: dispute.disputeId,
      status: change.status,
      previous_status: dispute.status,
      amount_cents: dispute.amountCents,
      currency: dispute.currency,
      by: { kind: 'stripe' },
    },
    createdAt: at,
  });
}

/** Notes that Stripe took the disputed amount from the company's balance, or gave it back: each once, with its audit event; true when this call noted it. */
export async function markDisputeFunds(
  tx: Executor,
  order: OrderKey,
  dispute: DisputeRow,
  movement: 'withdrawn' | 'reinstated',
  movedAt: Date,
  at: Date,
): Promise<boolean> {
  const column = movement === 'withdrawn' ? t.paymentDisputes.fundsWithdrawnAt : t.paymentDisputes.fundsReinstatedAt;
  const updated = await tx
    .update(t.paymentDisputes)
    .set(movement === 'withdrawn' ? { fundsWithdrawnAt: movedAt } : { fundsReinstatedAt: movedAt })
    .where(
      and(
        eq(t.paymentDisputes.companyId, order.companyId),
        eq(t.paymentDisputes.disputeId, dispute.disputeId),
        isNull(column),
      ),
    )
    .returning({ disputeId: t.paymentDisputes.disputeId });
  if (updated.length === 0) return false;
  await tx.insert(t.orderEvents).values({
    ...order,
    type: movement === 'withdrawn' ? 'dispute_funds_withdrawn' : 'dispute_funds_reinstated',
    data: {
      dispute_id: dispute.disputeId,
      amount_cents: dispute.amountCents,
      currency: dispute.currency,
      by: { kind: 'stripe' },
    },
    createdAt: at,
  });
  return true;
}

/**
 * The money a lost dispute gave back to the client, as a refund of the online payment in the
 * ledger (`dispute_id` set, note "Dispute lost"), once per dispute; null when it was written already.
 */
export async function insertDisputeLoss(
  tx: Executor,
  order: OrderKey,
  loss: { disputeId: string; paymentId: string; amountCents: number; currency: string; receivedOn: string },
  at: Date,
): Promise<LedgerRow | null> {
  const [row] = await tx
    .insert(t.orderLedger)
    .values({
      ...order,
      kind: 'refund',
      method: 'online',
      amountCents: loss.amountCents,
      currency: loss.currency,
      reference: loss.disputeId,
      note: 'Dispute lost',
      receivedOn: loss.receivedOn,
      refundOf: loss.paymentId,
      disputeId: loss.disputeId,
      recordedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** An office's postal address, of this company only, as its receipts print it (decision 0082); null when none. */
export async function loadOfficeAddress(db: Executor, companyId: string, officeId: string) {
  const [row] = await db
    .select({
      address1: t.offices.address1,
      address2: t.offices.address2,
      city: t.offices.city,
      state: t.offices.state,
      postalCode: t.offices.postalCode,
    })
    .from(t.offices)
    .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId)));
  return row ?? null;
}
