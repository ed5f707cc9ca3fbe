import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import type { LedgerRow } from './ledger.repository.ts';

type OrderKey = { companyId: string; orderId: string };

/** The card the client saved with Stripe at booking for this order (migration 0035); null when none. */
export async function findSavedCard(db: Executor, order: OrderKey) {
  const [row] = await db
    .select({
      customerId: t.savedPaymentMethods.customerId,
      paymentMethodId: t.savedPaymentMethods.paymentMethodId,
      brand: t.savedPaymentMethods.brand,
      last4: t.savedPaymentMethods.last4,
    })
    .from(t.savedPaymentMethods)
    .where(
      and(
        eq(t.savedPaymentMethods.companyId, order.companyId),
        eq(t.savedPaymentMethods.orderId, order.orderId),
        eq(t.savedPaymentMethods.provider, 'stripe'),
      ),
    );
  return row ?? null;
}

/** The order's own Stripe pay link (`orders.pay_url`, issued at confirm with its payment row); null when it has none. */
export async function findStripePayUrl(db: Executor, order: OrderKey): Promise<string | null> {
  const [row] = await db
    .select({ payUrl: t.orders.payUrl })
    .from(t.orders)
    .innerJoin(
      t.orderPayments,
      and(eq(t.orderPayments.companyId, t.orders.companyId), eq(t.orderPayments.orderId, t.orders.id)),
    )
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
  return row?.payUrl ?? null;
}

/** The ledger's online payment of this PaymentIntent on the order, if it holds it (a fee job run again). */
export async function ledgerHoldsPaymentIntent(db: Executor, order: OrderKey, paymentIntentId: string) {
  const [row] = await db
    .select({ id: t.orderLedger.id })
    .from(t.orderLedger)
    .where(
      and(
        eq(t.orderLedger.companyId, order.companyId),
        eq(t.orderLedger.orderId, order.orderId),
        eq(t.orderLedger.kind, 'payment'),
        eq(t.orderLedger.reference, paymentIntentId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Writes a fee the saved card paid (kind payment, method online, the PaymentIntent its reference), recorded by Stripe. */
export async function insertFeePayment(
  tx: Executor,
  order: OrderKey,
  fee: { amountCents: number; currency: string; paymentIntentId: string; note: string; receivedOn: string },
  at: Date,
): Promise<LedgerRow> {
  const [row] = await tx
    .insert(t.orderLedger)
    .values({
      ...order,
      kind: 'payment',
      method: 'online',
      amountCents: fee.amountCents,
      currency: fee.currency,
      reference: fee.paymentIntentId,
      note: fee.note,
      receivedOn: fee.receivedOn,
      recordedAt: at,
    })
    .returning();
  return row!;
}

/** Adds a late-reschedule fee to what the order owes (decision 0081), in the move's transaction. */
export async function addRescheduleFee(tx: Executor, order: OrderKey, feeCents: number): Promise<void> {
  await tx
    .update(t.orders)
    .set({ rescheduleFeesCents: sql`${t.orders.rescheduleFeesCents} + ${feeCents}` })
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
}

/** Whether the order's History holds the outcome of this change's fee already (charged, or its link sent): a job run again. */
export async function feeSettled(db: Executor, order: OrderKey, sequence: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.orderEvents.id })
    .from(t.orderEvents)
    .where(
      and(
        eq(t.orderEvents.companyId, order.companyId),
        eq(t.orderEvents.orderId, order.orderId),
        inArray(t.orderEvents.type, ['fee_charged', 'fee_link_sent']),
        sql`${t.orderEvents.data}->>'sequence' = ${String(sequence)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
