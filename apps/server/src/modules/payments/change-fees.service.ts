/**
 * Late fees that are charged (issue 44, decision 0081). A late cancellation whose fee is more than
 * the order holds, or a late reschedule with a fee, leaves an amount to collect. The change queues
 * one job in its own transaction; the job worker runs it after the commit: the card the client
 * saved at booking is charged off-session through a PaymentIntent under the idempotency key
 * `fee:<order>:<change>`, and when there is no card, or the bank asks for the client, or the card
 * is declined, the clients are e-mailed the order's pay link, which charges the balance due (the
 * fee now counts in it: `owedCents`). Stripe down throws, and the queue tries again with the same key.
 */
import {
  feeChargeText,
  feeLedgerNote,
  feeToCollectCents,
  officeFeeText,
  type FeeChange,
  type FeeCollector,
  type FeeLinkReason,
} from '@scheduler/domain/payments/change-fees';
import { officeClockAt } from '@scheduler/domain/office-clock';
import type { Executor } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { CHANGE_FEE_JOB, changeFeeJob, feeLinkJobs } from './change-fee-jobs.ts';
import {
  addRescheduleFee,
  feeSettled,
  findSavedCard,
  findStripePayUrl,
  insertFeePayment,
  ledgerHoldsPaymentIntent,
} from './change-fees.repository.ts';
import { loadLedgerEntries } from './ledger.repository.ts';
import {
  bookedOrder,
  chargeOf,
  followBalance,
  ledgerTotalsOf,
  owedOf,
  queueReceipt,
  totalsOf,
} from './ledger.service.ts';
import { loadPayableOrder, recordOrderEvent } from './payments.repository.ts';
import { logStripeFailure, stripeKeysOf, type PaymentJobDeps, type PaymentJobHandler } from './payments.service.ts';
import {
  isStripeCardError,
  isStripeError,
  isStripeRefusal,
  paymentIntentSchema,
  stripeClient,
} from './stripe-gateway.ts';

type OrderKey = { companyId: string; orderId: string };

/**
 * How a fee of this order would be collected: its saved card, else its own Stripe pay link; null
 * when it has neither (the company takes no payment through Stripe: the fee is the office's to collect).
 */
export async function feeCollectorOf(db: Executor, order: OrderKey): Promise<FeeCollector | null> {
  const card = await findSavedCard(db, order);
  if (card) return { kind: 'card', brand: card.brand, last4: card.last4 };
  return (await findStripePayUrl(db, order)) === null ? null : { kind: 'link' };
}

/** What the fee of a change asked for now leaves to collect, beyond what the order holds, and how. */
export interface FeePreview {
  collectCents: number;
  collector: FeeCollector | null;
}

/**
 * The fee's part to collect if the change were made now (the manage page, before the client
 * confirms): a cancel's fee beyond what the order holds; a reschedule's fee whole (the order still
 * owes its total beside it), never more than the balance it leaves.
 */
export async function previewFee(db: Executor, order: OrderKey, change: FeeChange, feeCents: number) {
  if (feeCents <= 0) return { collectCents: 0, collector: null };
  const row = await bookedOrder(db, order.companyId, order.orderId);
  const owed =
    change === 'cancel'
      ? owedOf({ ...row, status: 'cancelled', cancelFeeCents: feeCents })
      : owedOf({ ...row, rescheduleFeesCents: row.rescheduleFeesCents + feeCents });
  const totals = totalsOf(owed, await loadLedgerEntries(db, order));
  return {
    collectCents: feeToCollectCents(feeCents, totals.balanceDueCents),
    collector: await feeCollectorOf(db, order),
  };
}

/** The client's and the office's words of a fee, before the change or (`done`) in its e-mails. */
export function feeWords(
  change: FeeChange,
  preview: FeePreview,
  feeCents: number,
  currency: string,
  done: boolean,
): { client: string | null; office: string | null } {
  const amounts = { collectCents: preview.collectCents, feeCents };
  return {
    client: feeChargeText(change, amounts, currency, preview.collector, done),
    office: officeFeeText(change, amounts, currency, preview.collector),
  };
}

/**
 * Called in the change's transaction, after the order was saved as changed (cancelled with its
 * fee, or moved): a reschedule's fee is added to what the order owes (and `orders.paid` follows the
 * balance it opens); when part of the fee is left to collect and the order can be charged through
 * Stripe, the charge's job is queued. Answers the e-mails' words of it.
 */
export async function settleChangeFee(
  tx: Executor,
  order: OrderKey,
  change: { kind: FeeChange; feeCents: number; sequence: number },
  now: Date,
): Promise<FeePreview & { client: string | null; office: string | null }> {
  const none = { collectCents: 0, collector: null, client: null, office: null };
  if (change.feeCents <= 0) return none;
  if (change.kind === 'reschedule') await addRescheduleFee(tx, order, change.feeCents);
  const row = await bookedOrder(tx, order.companyId, order.orderId);
  const totals = ledgerTotalsOf(row, await loadLedgerEntries(tx, order));
  if (change.kind === 'reschedule') await followBalance(tx, order, row.paid, totals.paid, now);
  const collectCents = feeToCollectCents(change.feeCents, totals.balanceDueCents);
  if (collectCents === 0) return none;
  const collector = await feeCollectorOf(tx, order);
  if (collector) await enqueueJobs(tx, [changeFeeJob(order, change, now)]);
  const { currency } = chargeOf(row.pricingSnapshot);
  return {
    collectCents,
    collector,
    ...feeWords(change.kind, { collectCents, collector }, change.feeCents, currency, true),
  };
}

// ---- The job ----

/** The fee charges the worker runs (CHANGE_FEE_JOB), by kind. */
export function changeFeeJobHandlers(deps: ChangeFeeJobDeps): Record<string, PaymentJobHandler> {
  return { [CHANGE_FEE_JOB]: (job) => runChangeFee(deps, job.companyId, job.payload) };
}

export type ChangeFeeJobDeps = PaymentJobDeps & { now: () => Date };

/** What a fee job came to, kept on its done job; a throw is tried again with the queue's back-off. */
type ChangeFeeOutcome =
  | 'CHARGED'
  | 'LINK_SENT'
  | 'NO_PAY_LINK'
  | 'NOTHING_TO_CHARGE'
  | 'ALREADY_SETTLED'
  | 'NOT_CANCELLED'
  | 'NO_SUCH_ORDER'
  | 'NOT_A_JOB';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface FeeJob {
  change: FeeChange;
  sequence: number;
  feeCents: number;
}

function feeJobOf(payload: Record<string, unknown>): FeeJob | null {
  const { change, sequence, fee_cents: feeCents } = payload;
  if (change !== 'cancel' && change !== 'reschedule') return null;
  if (typeof sequence !== 'number' || !Number.isInteger(sequence) || sequence < 1 || sequence > 1_000_000) return null;
  if (typeof feeCents !== 'number' || !Number.isInteger(feeCents) || feeCents < 1 || feeCents > 100_000_000)
    return null;
  return { change, sequence, feeCents };
}

async function runChangeFee(
  deps: ChangeFeeJobDeps,
  companyId: string,
  payload: Record<string, unknown>,
): Promise<ChangeFeeOutcome> {
  const orderId = payload.order_id;
  const fee = feeJobOf(payload);
  if (typeof orderId !== 'string' || !UUID.test(orderId) || !fee) return 'NOT_A_JOB';
  const keys = await stripeKeysOf(deps, companyId);
  // Keys unset or unreadable for now (a rotation under way): tried again later, as when Stripe is down.
  if (!keys)
    throw Object.assign(new Error('the company has no readable Stripe keys'), { code: 'PAYMENTS_NOT_CONFIGURED' });
  try {
    return await chargeFee(deps, keys.secretKey, { companyId, orderId }, fee);
  } catch (error) {
    // No such order of this company (another company's, or deleted since): nothing of it is touched, and no retry.
    if (error instanceof NotFoundError) return 'NO_SUCH_ORDER';
    throw error;
  }
}

/**
 * The fee's charge, in one transaction with the order's row locked (as the cancel's refund,
 * decision 0076): what is left to collect is read again from the ledger, so a payment made
 * meanwhile is not charged twice, and a run again finds the outcome the first one recorded.
 */
async function chargeFee(
  deps: ChangeFeeJobDeps,
  secretKey: string,
  key: OrderKey,
  fee: FeeJob,
): Promise<ChangeFeeOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, key.companyId, key.orderId, true);
    if (fee.change === 'cancel' && order.status !== 'cancelled') return 'NOT_CANCELLED';
    if (await feeSettled(tx, key, fee.sequence)) return 'ALREADY_SETTLED';
    const totals = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    const amountCents = feeToCollectCents(fee.feeCents, totals.balanceDueCents);
    if (amountCents === 0) return 'NOTHING_TO_CHARGE';
    const { currency } = chargeOf(order.pricingSnapshot);
    const due = { ...fee, amountCents, currency };
    const card = await findSavedCard(tx, key);
    if (!card) return sendFeeLink(tx, key, due, 'no_card', now);
    const stripe = await stripeClient(secretKey, deps.stripe);
    let created: unknown;
    try {
      created = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: currency.toLowerCase(),
          customer: card.customerId,
          payment_method: card.paymentMethodId,
          off_session: true,
          confirm: true,
          description: feeLedgerNote(fee.change),
          metadata: { order_id: key.orderId, change: fee.change, sequence: String(fee.sequence) },
        },
        { idempotencyKey: `fee:${key.orderId}:${fee.sequence}` },
      );
    } catch (error) {
      if (isStripeCardError(error)) {
        deps.log.warn({ code: 'fee_card_refused', reason: error.code ?? 'unknown' }, 'a saved card did not pay a fee');
        const reason = error.code === 'authentication_required' ? 'authentication_required' : 'declined';
        return sendFeeLink(tx, key, due, reason, now);
      }
      // The saved card is no longer usable at Stripe (detached, another account's): the client pays by the link.
      if (isStripeRefusal(error) && error.statusCode !== 429) {
        logStripeFailure(deps, error);
        return sendFeeLink(tx, key, due, 'declined', now);
      }
      if (isStripeError(error)) logStripeFailure(deps, error);
      // Stripe down or slow: the queue tries again; the same idempotency key makes the retry the same payment.
      throw Object.assign(new Error('Stripe did not answer'), { code: 'STRIPE_UNAVAILABLE' });
    }
    const intent = paymentIntentSchema.parse(created);
    // The bank asks for the client after all (an SCA exemption refused): they pay by the link.
    if (intent.status !== 'succeeded') return sendFeeLink(tx, key, due, 'authentication_required', now);
    if (await ledgerHoldsPaymentIntent(tx, key, intent.id)) return 'ALREADY_SETTLED';
    const row = await insertFeePayment(
      tx,
      key,
      {
        amountCents: intent.amount,
        currency,
        paymentIntentId: intent.id,
        note: feeLedgerNote(fee.change),
        receivedOn: officeClockAt(order.timeZone, now.getTime()).date,
      },
      now,
    );
    await recordOrderEvent(
      tx,
      key,
      'fee_charged',
      {
        change: fee.change,
        sequence: fee.sequence,
        entry_id: row.id,
        amount_cents: intent.amount,
        fee_cents: fee.feeCents,
        currency,
        payment_intent: intent.id,
        brand: card.brand,
        last4: card.last4,
      },
      now,
    );
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    await queueReceipt(tx, key, row, after, now, fee.change);
    return 'CHARGED';
  });
}

/** The clients are e-mailed the order's pay link for the fee, and the History says why. */
async function sendFeeLink(
  tx: Executor,
  key: OrderKey,
  due: FeeJob & { amountCents: number; currency: string },
  reason: FeeLinkReason,
  now: Date,
): Promise<ChangeFeeOutcome> {
  const payUrl = await findStripePayUrl(tx, key);
  if (payUrl === null) return 'NO_PAY_LINK';
  const payable = await loadPayableOrder(tx, key.companyId, key.orderId);
  await enqueueJobs(
    tx,
    feeLinkJobs(
      key,
      payable?.clients ?? [],
      {
        change: due.change,
        sequence: due.sequence,
        amountCents: due.amountCents,
        feeCents: due.feeCents,
        payUrl,
      },
      now,
    ),
  );
  await recordOrderEvent(
    tx,
    key,
    'fee_link_sent',
    {
      change: due.change,
      sequence: due.sequence,
      amount_cents: due.amountCents,
      fee_cents: due.feeCents,
      currency: due.currency,
      reason,
    },
    now,
  );
  return 'LINK_SENT';
}
