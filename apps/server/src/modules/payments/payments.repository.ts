import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paymentsSchema, type PaymentSettings } from '@scheduler/contracts/company-document';
import type { Database, Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

type OrderKey = { companyId: string; orderId: string };

/** A company as payments need it: its id, key and payment choice. */
export async function findCompanyPayments(
  db: Executor,
  companyKey: string,
): Promise<{ id: string; key: string; payments: PaymentSettings } | null> {
  const [row] = await db
    .select({ id: t.companies.id, key: t.companies.key, payments: t.companies.payments })
    .from(t.companies)
    .where(eq(t.companies.key, companyKey));
  return row ? { ...row, payments: paymentsSchema.parse(row.payments) } : null;
}

export interface StoredSecrets {
  /** Ciphertexts (data-encryption.ts), never the keys. */
  secretKey: string;
  webhookSecret: string;
  keyId: string;
  updatedAt: Date;
}

export async function loadStripeSecrets(db: Executor, companyId: string): Promise<StoredSecrets | null> {
  const [row] = await db
    .select({
      secretKey: t.companyPaymentSecrets.secretKey,
      webhookSecret: t.companyPaymentSecrets.webhookSecret,
      keyId: t.companyPaymentSecrets.keyId,
      updatedAt: t.companyPaymentSecrets.updatedAt,
    })
    .from(t.companyPaymentSecrets)
    .where(and(eq(t.companyPaymentSecrets.companyId, companyId), eq(t.companyPaymentSecrets.provider, 'stripe')));
  return row ?? null;
}

export async function saveStripeSecrets(
  db: Executor,
  companyId: string,
  secrets: Omit<StoredSecrets, 'updatedAt'>,
  at: Date,
): Promise<void> {
  const values = { ...secrets, updatedAt: at };
  await db
    .insert(t.companyPaymentSecrets)
    .values({ companyId, provider: 'stripe', ...values })
    .onConflictDoUpdate({ target: [t.companyPaymentSecrets.companyId, t.companyPaymentSecrets.provider], set: values });
}

/** Every stored secret row not yet under `currentKeyId`, for a rotation's re-encryption (bounded: one page at a time). */
export async function secretsNotUnderKey(db: Executor, currentKeyId: string, limit: number) {
  return db
    .select({
      companyId: t.companyPaymentSecrets.companyId,
      provider: t.companyPaymentSecrets.provider,
      secretKey: t.companyPaymentSecrets.secretKey,
      webhookSecret: t.companyPaymentSecrets.webhookSecret,
    })
    .from(t.companyPaymentSecrets)
    .where(sql`${t.companyPaymentSecrets.keyId} <> ${currentKeyId}`)
    .limit(limit);
}

/** Replaces one row's ciphertexts, unless someone stored new keys since it was read. */
export async function replaceCiphertexts(
  db: Executor,
  row: { companyId: string; provider: 'stripe'; secretKey: string; webhookSecret: string },
  was: { secretKey: string },
  keyId: string,
): Promise<void> {
  await db
    .update(t.companyPaymentSecrets)
    .set({ secretKey: row.secretKey, webhookSecret: row.webhookSecret, keyId })
    .where(
      and(
        eq(t.companyPaymentSecrets.companyId, row.companyId),
        eq(t.companyPaymentSecrets.provider, row.provider),
        eq(t.companyPaymentSecrets.secretKey, was.secretKey),
      ),
    );
}

/** The pay link of a confirmed order (inside the confirm's transaction). A repeat keeps the first token. */
export async function insertOrderPayment(
  tx: Executor,
  row: { companyId: string; orderId: string; payTokenHash: string; amountCents: number; currency: string },
): Promise<void> {
  await tx
    .insert(t.orderPayments)
    .values({ ...row, provider: 'stripe' })
    .onConflictDoNothing();
}

/**
 * What opening a pay link reads: the order's payment row, whether the order is paid, and what it
 * owes (a cancelled order's link pays its late-cancellation fee, decision 0081).
 */
export async function findPayLink(db: Executor, payTokenHash: string) {
  const [row] = await db
    .select({
      companyId: t.orderPayments.companyId,
      orderId: t.orderPayments.orderId,
      amountCents: t.orderPayments.amountCents,
      currency: t.orderPayments.currency,
      checkoutSessionId: t.orderPayments.checkoutSessionId,
      checkoutAttempts: t.orderPayments.checkoutAttempts,
      paid: t.orders.paid,
      status: t.orders.status,
      pricingSnapshot: t.orders.pricingSnapshot,
      cancelFeeCents: t.orders.cancelFeeCents,
      rescheduleFeesCents: t.orders.rescheduleFeesCents,
      companyName: t.companies.name,
    })
    .from(t.orderPayments)
    .innerJoin(
      t.orders,
      and(eq(t.orders.companyId, t.orderPayments.companyId), eq(t.orders.id, t.orderPayments.orderId)),
    )
    .innerJoin(t.companies, eq(t.companies.id, t.orderPayments.companyId))
    .where(and(eq(t.orderPayments.payTokenHash, payTokenHash), inArray(t.orders.status, ['confirmed', 'cancelled'])));
  return row ?? null;
}

/**
 * The Checkout Session the pay link opened, and the amount it charges; the attempt number only
 * grows. Recorded only while the order is still booked, read with its row shared-locked: a cancel
 * that committed while Stripe was opening the session (it found no session to close) makes this
 * answer false, and the caller expires the session itself.
 */
export async function recordCheckoutSession(
  db: Database,
  opened: {
    companyId: string;
    orderId: string;
    sessionId: string;
    attempt: number;
    amountCents: number;
    currency: string;
    at: Date;
    /** The order's status when the session was opened: a change of it meanwhile (a cancel) refuses the session. */
    status: 'confirmed' | 'cancelled';
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [booked] = await tx
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(
        and(
          eq(t.orders.companyId, opened.companyId),
          eq(t.orders.id, opened.orderId),
          eq(t.orders.status, opened.status),
        ),
      )
      .for('share');
    if (!booked) return false;
    await tx
      .update(t.orderPayments)
      .set({
        checkoutSessionId: opened.sessionId,
        checkoutAttempts: sql`greatest(${t.orderPayments.checkoutAttempts}, ${opened.attempt})`,
        amountCents: opened.amountCents,
        currency: opened.currency,
        updatedAt: opened.at,
      })
      .where(and(eq(t.orderPayments.companyId, opened.companyId), eq(t.orderPayments.orderId, opened.orderId)));
    return true;
  });
}

/**
 * Takes the order's Checkout Session off its payment row (the next pay link opens a new one) and
 * answers it, or null when the order has none: one statement, so two changes of one order cannot
 * both take the same session.
 */
export async function detachCheckoutSession(
  tx: Executor,
  companyId: string,
  orderId: string,
  at: Date,
): Promise<string | null> {
  const result = (await tx.execute(sql`
    with detached as (
      select company_id, order_id, checkout_session_id from ${t.orderPayments}
      where company_id = ${companyId} and order_id = ${orderId} and checkout_session_id is not null
      for update)
    update ${t.orderPayments} p set checkout_session_id = null, updated_at = ${at.toISOString()}::timestamptz
    from detached where p.company_id = detached.company_id and p.order_id = detached.order_id
    returning detached.checkout_session_id`)) as unknown as { rows: Array<{ checkout_session_id: string }> };
  return result.rows[0]?.checkout_session_id ?? null;
}

/**
 * What marking an order paid checks and writes to: its confirmed total, and its clients (for the
 * receipts). The order's row stays locked until the transaction ends: a cancellation waits for
 * the payment, or the payment sees the cancellation (never a payment lost between them).
 */
export async function loadPayableOrder(db: Executor, companyId: string, orderId: string) {
  const [order] = await db
    .select({
      id: t.orders.id,
      companyId: t.orders.companyId,
      status: t.orders.status,
      paid: t.orders.paid,
      pricingSnapshot: t.orders.pricingSnapshot,
      cancelFeeCents: t.orders.cancelFeeCents,
      rescheduleFeesCents: t.orders.rescheduleFeesCents,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)))
    .for('update');
  if (!order) return null;
  const clients = await db
    .select({ person: t.orderParties.person })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.orderId, orderId),
        eq(t.orderParties.role, 'client'),
      ),
    )
    .orderBy(t.orderParties.position);
  return { order, clients: clients.map((c) => c.person) };
}

export interface JobRow {
  companyId: string;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  runAt: Date;
}

/**
 * Marks a confirmed order paid, once: in one statement the order turns paid only if it was not,
 * and only then are the audit event and the receipt jobs written. A second delivery of the same
 * payment (or one racing this) finds the order paid, and writes nothing. True when this call paid it.
 */
export async function markOrderPaid(
  db: Executor,
  paid: {
    companyId: string;
    orderId: string;
    at: Date;
    event: Record<string, unknown>;
    jobs: JobRow[];
    /** The order's ledger entry of this payment (decision 0064): received when Stripe says, on the office's date. */
    entry: { amountCents: number; currency: string; sessionId: string; reference: string | null; receivedAt: Date };
    /**
     * A cancelled order's late-cancellation fee paid through its pay link (decision 0081): recorded
     * whatever the flag says (a cancelled order paid before the cancel keeps it), its session once.
     */
    cancelledFee?: boolean;
  },
): Promise<boolean> {
  const { companyId, orderId, entry } = paid;
  const at = paid.at.toISOString();
  const which = paid.cancelledFee ? sql`status = 'cancelled'` : sql`status = 'confirmed' and paid = false`;
  const parts = [
    sql`paid as (update ${t.orders} set paid = true, updated_at = ${at}::timestamptz
      where company_id = ${companyId} and id = ${orderId} and ${which} returning id, office_id)`,
    sql`event as (insert into ${t.orderEvents} (company_id, order_id, type, data)
      select ${companyId}::uuid, id, 'paid', ${JSON.stringify(paid.event)}::jsonb from paid returning 1)`,
    sql`ledger as (insert into ${t.orderLedger} (company_id, order_id, kind, method, amount_cents, currency, reference,
        received_on, checkout_session_id, recorded_at)
      select ${companyId}::uuid, paid.id, 'payment', 'online', ${entry.amountCents}::int, ${entry.currency}, ${entry.reference},
        (${entry.receivedAt.toISOString()}::timestamptz at time zone f.time_zone)::date, ${entry.sessionId}, ${at}::timestamptz
      from paid join ${t.offices} f on f.company_id = ${companyId}::uuid and f.id = paid.office_id
      on conflict (company_id, checkout_session_id) do nothing returning 1)`,
  ];
  if (paid.jobs.length) {
    const rows = paid.jobs.map(
      (job) =>
        sql`(${job.companyId}::uuid, ${job.kind}, ${job.dedupeKey}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz)`,
    );
    // The paid order's jobs (its receipt): jobs.order_id finds them (decision 0074).
    parts.push(sql`queued as (insert into ${t.jobs} (company_id, order_id, kind, dedupe_key, payload, run_at)
      select v.company_id, paid.id, v.kind, v.dedupe_key, v.payload, v.run_at
      from (values ${sql.join(rows, sql`, `)}) as v(company_id, kind, dedupe_key, payload, run_at) cross join paid
      on conflict (company_id, dedupe_key) do nothing returning 1)`);
  }
  const result = (await db.execute(
    sql`with ${sql.join(parts, sql`, `)} select count(*)::int as n from paid`,
  )) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0) === 1;
}

/**
 * A payment taken at booking (decision 0085), in the transaction that books the order: its ledger
 * row (one per Checkout Session), the audit event `paid` saying it was taken at booking, and
 * `orders.paid` when it was the whole total. Answers the row's id; null when the ledger held it already.
 */
export async function insertBookingLedgerPayment(
  tx: Executor,
  order: OrderKey,
  paid: {
    amountCents: number;
    currency: string;
    sessionId: string;
    reference: string | null;
    receivedAt: Date;
    fullyPaid: boolean;
    event: Record<string, unknown>;
    at: Date;
  },
): Promise<string | null> {
  const inserted = (await tx.execute(sql`
    insert into ${t.orderLedger} (company_id, order_id, kind, method, amount_cents, currency, reference,
      received_on, checkout_session_id, recorded_at)
    select ${order.companyId}::uuid, o.id, 'payment', 'online', ${paid.amountCents}::int, ${paid.currency}, ${paid.reference},
      (${paid.receivedAt.toISOString()}::timestamptz at time zone f.time_zone)::date, ${paid.sessionId}, ${paid.at.toISOString()}::timestamptz
    from ${t.orders} o join ${t.offices} f on f.company_id = o.company_id and f.id = o.office_id
    where o.company_id = ${order.companyId} and o.id = ${order.orderId}
    on conflict (company_id, checkout_session_id) do nothing
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const entryId = inserted.rows[0]?.id;
  if (!entryId) return null;
  await tx.insert(t.orderEvents).values({ ...order, type: 'paid', data: paid.event, createdAt: paid.at });
  if (paid.fullyPaid)
    await tx
      .update(t.orders)
      .set({ paid: true, updatedAt: paid.at })
      .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
  return entryId;
}

/** The card a client saved at booking (one per order: a later save replaces it). */
export async function saveCardOfOrder(
  tx: Executor,
  order: OrderKey,
  card: Omit<typeof t.savedPaymentMethods.$inferInsert, 'companyId' | 'orderId'>,
): Promise<void> {
  await tx
    .insert(t.savedPaymentMethods)
    .values({ ...order, ...card })
    .onConflictDoUpdate({
      target: [t.savedPaymentMethods.companyId, t.savedPaymentMethods.orderId],
      set: { ...card },
    });
}

/** Whether the order's ledger holds the payment of this Checkout Session already (a webhook delivered again). */
export async function ledgerHoldsSession(
  db: Executor,
  companyId: string,
  orderId: string,
  sessionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.orderLedger.id })
    .from(t.orderLedger)
    .where(
      and(
        eq(t.orderLedger.companyId, companyId),
        eq(t.orderLedger.orderId, orderId),
        eq(t.orderLedger.checkoutSessionId, sessionId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type PaymentToRefund = Omit<typeof t.paymentsToRefund.$inferInsert, 'createdAt'>;

/**
 * Records a payment the order could not take, once per Checkout Session: only the call that
 * inserted it writes the audit event (in the caller's transaction). True when this call recorded it.
 */
export async function recordPaymentToRefund(tx: Executor, payment: PaymentToRefund, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(t.paymentsToRefund)
    .values({ ...payment, createdAt: at })
    .onConflictDoNothing()
    .returning({ orderId: t.paymentsToRefund.orderId });
  if (inserted.length === 0) return false;
  await tx.insert(t.orderEvents).values({
    companyId: payment.companyId,
    orderId: payment.orderId,
    type: 'payment_to_refund',
    data: {
      provider: payment.provider,
      session_id: payment.checkoutSessionId,
      payment_intent: payment.paymentIntentId ?? null,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      reason: payment.reason,
      paid_at: payment.paidAt.toISOString(),
    },
    createdAt: at,
  });
  return true;
}

/** The payments of one order of one company that are to be refunded, oldest first. */
export async function listPaymentsToRefund(db: Executor, companyId: string, orderId: string) {
  return db
    .select()
    .from(t.paymentsToRefund)
    .where(
      and(
        eq(t.paymentsToRefund.companyId, companyId),
        eq(t.paymentsToRefund.orderId, orderId),
        isNull(t.paymentsToRefund.refundedAt),
      ),
    )
    .orderBy(asc(t.paymentsToRefund.paidAt), asc(t.paymentsToRefund.checkoutSessionId));
}

// ---- Refunds the cancellation policy decides (decision 0076) ----

/** The company's booking-change settings, where `refund_on_cancel` lives; null for no such company. */
export async function findCompanyRefundSetting(db: Executor, companyId: string) {
  const [row] = await db
    .select({ bookingChanges: t.companies.bookingChanges })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  return row?.bookingChanges ?? null;
}

/** A payment that arrived for the order after it was cancelled, by its Checkout Session. */
export async function loadLatePayment(db: Executor, order: OrderKey, sessionId: string) {
  const [row] = await db
    .select()
    .from(t.paymentsToRefund)
    .where(
      and(
        eq(t.paymentsToRefund.companyId, order.companyId),
        eq(t.paymentsToRefund.orderId, order.orderId),
        eq(t.paymentsToRefund.checkoutSessionId, sessionId),
        inArray(t.paymentsToRefund.reason, ['order_cancelled', 'not_booked']),
      ),
    );
  return row ?? null;
}

/** The late payment given back through Stripe: marked refunded, with its audit event `refunded` (by the policy). */
export async function markLatePaymentRefunded(
  tx: Executor,
  order: OrderKey,
  made: { sessionId: string; refund: { id: string; amount: number; currency: string }; at: Date; reason: string },
): Promise<void> {
  const updated = await tx
    .update(t.paymentsToRefund)
    .set({ refundedAt: made.at, stripeRefundId: made.refund.id })
    .where(
      and(
        eq(t.paymentsToRefund.companyId, order.companyId),
        eq(t.paymentsToRefund.orderId, order.orderId),
        eq(t.paymentsToRefund.checkoutSessionId, made.sessionId),
        isNull(t.paymentsToRefund.refundedAt),
      ),
    )
    .returning({ orderId: t.paymentsToRefund.orderId });
  if (updated.length === 0) return;
  await recordOrderEvent(
    tx,
    order,
    'refunded',
    {
      amount_cents: made.refund.amount,
      currency: made.refund.currency.toUpperCase(),
      stripe_refund_id: made.refund.id,
      session_id: made.sessionId,
      by:
        made.reason === 'not_booked'
          ? { kind: 'policy', not_booked: true }
          : { kind: 'policy', paid_after_cancel: true },
    },
    made.at,
  );
}

/** Who cancelled the order, as its latest `cancelled` event records it (`by`); undefined without one. */
export async function lastCancellationBy(db: Executor, order: OrderKey): Promise<unknown> {
  const [row] = await db
    .select({ data: t.orderEvents.data })
    .from(t.orderEvents)
    .where(
      and(
        eq(t.orderEvents.companyId, order.companyId),
        eq(t.orderEvents.orderId, order.orderId),
        eq(t.orderEvents.type, 'cancelled'),
      ),
    )
    .orderBy(desc(t.orderEvents.createdAt))
    .limit(1);
  return (row?.data as { by?: unknown } | undefined)?.by;
}

/** One audit event on the order. */
export async function recordOrderEvent(
  tx: Executor,
  order: OrderKey,
  type: string,
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.insert(t.orderEvents).values({ ...order, type, data, createdAt: at });
}
