/**
 * Refunds and disputes through Stripe (issue 44, decision 0067): the office gives back part or all
 * of an online payment from the console, and Stripe tells of the refunds made in its dashboard
 * (`charge.refunded`) and of the disputes a client's bank opens (`charge.dispute.created`). Each
 * refund is one ledger row, matched by Stripe's refund id, so neither a webhook delivered twice
 * nor the webhook of a refund made here records it again.
 */
import type { OrderLedger, RefundPayment } from '@scheduler/contracts/ledger';
import type { WebhookResponse } from '@scheduler/contracts/payments';
import { formatMoney } from '@scheduler/domain/money-format';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { refundableCents, refundRefusalOf, type RefundRefusal } from '@scheduler/domain/payments/refunds';
import { AppError, NotFoundError } from '../../errors.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import {
  findOnlinePayment,
  insertStripeRefund,
  loadLedgerEntries,
  requestIdTaken,
  type LedgerRow,
  type StripeRefundEntry,
} from './ledger.repository.ts';
import {
  actorOf,
  bookedOrder,
  chargeOf,
  followBalance,
  orderLedger,
  queueReceipt,
  refundableEntries,
  ledgerTotalsOf,
} from './ledger.service.ts';
import {
  logStripeFailure,
  providerUnavailable,
  stripeKeysOf,
  type PaymentsDeps,
  type VerifiedWebhook,
} from './payments.service.ts';
import {
  chargeSchema,
  isStripeError,
  isStripeRefusal,
  refundSchema,
  stripeClient,
  type StripeCharge,
  type StripeRefund,
} from './stripe-gateway.ts';

function refusedRefund(refusal: RefundRefusal, refundable: number, currency: string): AppError {
  const left = formatMoney(refundable, currency);
  const words: Record<RefundRefusal, string> = {
    not_positive: 'The amount must be more than zero.',
    too_large: 'The amount is more than one entry may hold.',
    nothing_to_refund: 'Nothing is left to refund of this payment.',
    more_than_refundable: `A refund can be at most what is left of this payment (${left}).`,
  };
  return new AppError(400, 'invalid_request', words[refusal], 'amount_cents');
}

/** Stripe gave the money back, or will: a failed or cancelled refund gave nothing. */
const gaveBack = (refund: StripeRefund) => refund.status !== 'failed' && refund.status !== 'canceled';

/**
 * Refunds `amount_cents` of the online payment `entryId` through Stripe's refund API, with the
 * reason, and answers the order's ledger. The order's row stays locked from reading what is left
 * to refund until the refund is written: two refunds at once are taken one after the other, and
 * the second sees the first (decision 0067 says why the lock is held across Stripe's call).
 * Stripe's idempotency key is the console's request id: a request sent again refunds nothing more
 * (Stripe answers the refund it made), and one that finds its refund written answers the ledger.
 */
export async function refundOnlinePayment(
  deps: PaymentsDeps,
  member: ConsoleMember,
  orderId: string,
  entryId: string,
  body: RefundPayment,
): Promise<OrderLedger> {
  const key = { companyId: member.companyId, orderId };
  // Read before the transaction: on PGlite one connection serves both, and the keys must not wait for it.
  const keys = await stripeKeysOf(deps, member.companyId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, member.companyId, orderId, true);
    const rows = await loadLedgerEntries(tx, key);
    if (rows.some((row) => row.requestId === body.request_id)) return;
    // A request id is one refund's: one the company used for another order's refund is not this request sent again.
    if (await requestIdTaken(tx, member.companyId, body.request_id))
      throw new AppError(409, 'conflict', 'This refund request was made for another order. Open the refund again.');
    const payment = rows.find((row) => row.id === entryId);
    if (!payment) throw new NotFoundError('The payment');
    if (payment.kind !== 'payment' || payment.method !== 'online' || payment.voidedAt !== null)
      throw new AppError(409, 'conflict', 'Only an online payment is refunded through Stripe.');
    if (!payment.reference?.startsWith('pi_'))
      throw new AppError(409, 'conflict', "Stripe's payment of this entry is not known here: refund it in Stripe.");
    if (!keys)
      throw new AppError(409, 'payments_not_configured', 'Online payment is not set up for this company right now.');
    const { currency } = chargeOf(order.pricingSnapshot);
    const left = refundableCents(ledgerTotalsOf(order, rows), refundableEntries(rows), entryId);
    const refusal = refundRefusalOf(left, body.amount_cents);
    if (refusal) throw refusedRefund(refusal, left, currency);
    const refund = await refundAtStripe(deps, keys.secretKey, {
      paymentIntent: payment.reference,
      amountCents: body.amount_cents,
      idempotencyKey: `refund:${orderId}:${entryId}:${body.request_id}`,
      metadata: { order_id: orderId, entry_id: entryId, reason: body.reason },
    });
    const row = await insertStripeRefund(
      tx,
      key,
      {
        refundOf: entryId,
        amountCents: refund.amount,
        currency,
        stripeRefundId: refund.id,
        reference: payment.reference,
        reason: body.reason,
        receivedOn: officeClockAt(order.timeZone, now.getTime()).date,
        requestId: body.request_id,
      },
      actorOf(member),
      now,
    );
    // Written already: Stripe's webhook of this very refund came in first (it waited for the lock, then found no row yet).
    if (!row) return;
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    if (body.send_receipt) await queueReceipt(tx, key, row, after, now);
  });
  deps.onOrderChanged?.(orderId);
  return orderLedger({ db: deps.db, now: deps.now }, member, orderId);
}

/**
 * One refund at Stripe under an idempotency key: the refund Stripe made (or made already under that
 * key). 409 `refund_failed` when Stripe refuses it or gives nothing back; 502 when Stripe is down
 * or does not answer in time (a job tries again later; the console's office tries again).
 */
export async function refundAtStripe(
  deps: Pick<PaymentsDeps, 'stripe' | 'log'>,
  secretKey: string,
  refund: { paymentIntent: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> },
): Promise<StripeRefund> {
  const stripe = await stripeClient(secretKey, deps.stripe);
  try {
    const made = refundSchema.parse(
      await stripe.refunds.create(
        { payment_intent: refund.paymentIntent, amount: refund.amountCents, metadata: refund.metadata },
        { idempotencyKey: refund.idempotencyKey },
      ),
    );
    if (!gaveBack(made)) throw new AppError(409, 'refund_failed', 'Stripe could not make the refund.');
    return made;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logStripeFailure(deps, error);
    if (isStripeRefusal(error))
      throw new AppError(409, 'refund_failed', 'Stripe refused the refund. Look the payment up in Stripe.');
    throw providerUnavailable();
  }
}

// ---- Stripe's webhooks ----

/** The online payment a Stripe event names (by its PaymentIntent), with its order; null when no order of the company took it. */
export async function paymentNamed(deps: PaymentsDeps, companyId: string, paymentIntent: string | null | undefined) {
  if (!paymentIntent) return null;
  return findOnlinePayment(deps.db, companyId, paymentIntent);
}

/**
 * `charge.refunded`: each refund the Charge lists that the ledger does not hold (by Stripe's refund
 * id) is written, with its audit event, and the order's paid state follows. An event of an API
 * version that lists no refunds records what Stripe refunded beyond what the ledger holds of this
 * payment (again once: a repeat finds nothing beyond). A charge of no order's payment is ignored.
 */
export async function recordStripeRefunds(
  deps: PaymentsDeps,
  event: VerifiedWebhook,
): Promise<WebhookResponse['outcome']> {
  const parsed = chargeSchema.safeParse(event.object);
  if (!parsed.success) return 'ignored';
  const charge = parsed.data;
  const payment = await paymentNamed(deps, event.companyId, charge.payment_intent);
  if (!payment) return 'ignored';
  const key = { companyId: event.companyId, orderId: payment.orderId };
  const now = deps.now();
  const recorded = await deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, key.companyId, key.orderId, true);
    const rows = await loadLedgerEntries(tx, key);
    const { currency } = chargeOf(order.pricingSnapshot);
    const receivedOn = officeClockAt(order.timeZone, event.at.getTime()).date;
    const base = { refundOf: payment.id, currency, reference: charge.id, reason: null, receivedOn, requestId: null };
    const written = [];
    for (const refund of refundsToRecord(charge, rows, payment.id)) {
      const row = await insertStripeRefund(tx, key, { ...base, ...refund }, null, now);
      if (row) written.push(row);
    }
    if (written.length === 0) return false;
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    return true;
  });
  if (recorded) deps.onOrderChanged?.(key.orderId);
  return 'refunded';
}

/**
 * The refunds of a Charge the ledger does not hold yet, as amounts and Stripe's ids: never more in
 * all than what Stripe refunded of it beyond the ledger's refunds of this payment, so a refund
 * written without its id (an event that listed none) is not written again when a later one lists it.
 */
function refundsToRecord(
  charge: StripeCharge,
  rows: readonly LedgerRow[],
  paymentId: string,
): Array<Pick<StripeRefundEntry, 'amountCents' | 'stripeRefundId'>> {
  const refunded = rows
    // A lost dispute's money (decision 0082) is not in the Charge's `amount_refunded`.
    .filter((row) => row.kind === 'refund' && row.refundOf === paymentId && row.voidedAt === null && !row.disputeId)
    .reduce((sum, row) => sum + row.amountCents, 0);
  let beyond = charge.amount_refunded - refunded;
  if (beyond <= 0) return [];
  if (!charge.refunds) return [{ amountCents: beyond, stripeRefundId: null }];
  const held = new Set(rows.map((row) => row.stripeRefundId));
  const found: Array<Pick<StripeRefundEntry, 'amountCents' | 'stripeRefundId'>> = [];
  for (const refund of charge.refunds.data) {
    if (!gaveBack(refund) || refund.amount <= 0 || held.has(refund.id) || refund.amount > beyond) continue;
    found.push({ amountCents: refund.amount, stripeRefundId: refund.id });
    beyond -= refund.amount;
  }
  return found;
}
