/**
 * Refunds that the cancellation policy decides (issue 44, decision 0076). When a company lets the
 * policy refund (`booking_changes.refund_on_cancel: policy`), cancelling a paid order queues one
 * job in the cancel's transaction; the job worker runs it after the commit: what the order holds
 * less the late fee kept is given back through Stripe, one refund per online payment, each under
 * an idempotency key of the order and the payment, so a retry after Stripe failed never refunds
 * twice. A payment that arrives after the cancel is given back in full by the same job.
 */
import {
  cancelRefundPlan,
  cancelRefundText,
  officeCancelRefundText,
  type CancelRefundPlan,
} from '@scheduler/domain/payments/cancel-refunds';
import { officeClockAt } from '@scheduler/domain/office-clock';
import type { Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordedAuthorWords } from '../notifications/change-author.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { cancelRefundJob, CANCEL_REFUND_JOB } from './cancel-refund-jobs.ts';
import { insertStripeRefund, loadLedgerEntries, loadLedgerOrder, type LedgerRow } from './ledger.repository.ts';
import {
  bookedOrder,
  chargeOf,
  followBalance,
  queueReceipt,
  ledgerTotalsOf,
  refundableEntries,
} from './ledger.service.ts';
import {
  lastCancellationBy,
  loadLatePayment,
  markLatePaymentRefunded,
  recordOrderEvent,
} from './payments.repository.ts';
import { stripeKeysOf, type PaymentJobDeps, type PaymentJobHandler } from './payments.service.ts';
import { refundAtStripe } from './refunds.service.ts';
import type { StripeRefund } from './stripe-gateway.ts';

type OrderKey = { companyId: string; orderId: string };

/** What cancelling with `feeCents` kept would give back of the order's ledger as it is now. */
export async function planOfOrder(db: Executor, order: OrderKey, feeCents: number): Promise<CancelRefundPlan> {
  return cancelRefundPlan(refundableEntries(await loadLedgerEntries(db, order)), feeCents);
}

/**
 * Called in the cancel's transaction. When the policy refunds (`byPolicy`): queues the refund job
 * when Stripe has something to give back (an unpaid order, or one paid by check only, calls Stripe
 * not at all), and records on the order's History what the office is to return itself. Answers
 * the cancellation e-mails' words of it (`restCharged`: the fee beyond what was paid is charged,
 * decision 0081, and said in its own sentence): the client's sentence ("Cancelling refunded $325.00 of the
 * $400.00 you paid: …"; null when nothing was paid or the office refunds by hand) and the office's
 * payment row ("Paid $400.00 — refund of $325.00 issued automatically …"; null when nothing was paid).
 */
export async function settleCancelRefund(
  tx: Executor,
  order: OrderKey,
  cancel: { feeCents: number; cancelledBy: string; byPolicy: boolean; restCharged?: boolean },
  now: Date,
): Promise<{ client: string | null; office: string | null }> {
  const { currency } = chargeOf((await bookedOrder(tx, order.companyId, order.orderId)).pricingSnapshot);
  const plan = await planOfOrder(tx, order, cancel.feeCents);
  const restCharged = cancel.restCharged ?? false;
  if (!cancel.byPolicy) return { client: null, office: officeCancelRefundText(plan, currency, false, restCharged) };
  if (plan.stripeRefunds.length > 0) await enqueueJobs(tx, [cancelRefundJob(order, now)]);
  if (plan.officeDueBackCents > 0) {
    await recordOrderEvent(
      tx,
      order,
      'refund_due_by_office',
      {
        amount_cents: plan.officeDueBackCents,
        currency,
        fee_cents: plan.feeKeptCents,
        cancelled_by: cancel.cancelledBy,
      },
      now,
    );
  }
  return {
    client: cancelRefundText(plan, currency, true, restCharged),
    office: officeCancelRefundText(plan, currency, true, restCharged),
  };
}

/** The jobs of refunds on cancel the worker runs (CANCEL_REFUND_JOB), by kind. */
export function cancelRefundJobHandlers(deps: CancelRefundJobDeps): Record<string, PaymentJobHandler> {
  return { [CANCEL_REFUND_JOB]: (job) => runCancelRefund(deps, job.companyId, job.payload) };
}

export type CancelRefundJobDeps = PaymentJobDeps & { now: () => Date };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** What a refund job came to, kept on its done job; a throw is tried again with the queue's back-off. */
type CancelRefundOutcome =
  'REFUNDED' | 'NOTHING_TO_REFUND' | 'NOT_CANCELLED' | 'NO_SUCH_ORDER' | 'REFUND_REFUSED' | 'NOT_A_JOB';

async function runCancelRefund(
  deps: CancelRefundJobDeps,
  companyId: string,
  payload: Record<string, unknown>,
): Promise<CancelRefundOutcome> {
  const orderId = payload.order_id;
  const sessionId = payload.session_id;
  if (typeof orderId !== 'string' || !UUID.test(orderId)) return 'NOT_A_JOB';
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId))) return 'NOT_A_JOB';
  const keys = await stripeKeysOf(deps, companyId);
  // Keys unset or unreadable for now (a rotation under way): tried again later, as when Stripe is down.
  if (!keys)
    throw Object.assign(new Error('the company has no readable Stripe keys'), { code: 'PAYMENTS_NOT_CONFIGURED' });
  const order = { companyId, orderId };
  try {
    return sessionId === undefined
      ? await refundCancelledLedger(deps, keys.secretKey, order)
      : await refundLatePayment(deps, keys.secretKey, order, sessionId);
  } catch (error) {
    // No such order of this company (another company's, or deleted since): nothing of it is touched, and no retry.
    if (error instanceof NotFoundError) return 'NO_SUCH_ORDER';
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'refund_failed') {
      deps.log.warn(
        { code: 'cancel_refund_refused' },
        'Stripe refused a refund on cancel; the office is to look at it',
      );
      return 'REFUND_REFUSED';
    }
    // Stripe down or slow (502): the queue tries again; the same idempotency keys make the retry one refund.
    throw Object.assign(new Error('Stripe did not answer'), { code: 'STRIPE_UNAVAILABLE' });
  }
}

/**
 * The refunds of a cancelled order's ledger, in one transaction with its row locked (as the
 * console's refund, decision 0067): the plan is read again from the ledger and the fee kept at the
 * cancel, so a refund the office made meanwhile is not made twice, and a retry finds the refunds
 * written by the attempt that committed.
 */
async function refundCancelledLedger(
  deps: CancelRefundJobDeps,
  secretKey: string,
  key: OrderKey,
): Promise<CancelRefundOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, key.companyId, key.orderId, true);
    if (order.status !== 'cancelled') return 'NOT_CANCELLED';
    const rows = await loadLedgerEntries(tx, key);
    const plan = cancelRefundPlan(refundableEntries(rows), order.cancelFeeCents ?? 0);
    const { currency } = chargeOf(order.pricingSnapshot);
    const cause = { cancelledBy: recordedAuthorWords(await lastCancellationBy(tx, key)), feeCents: plan.feeKeptCents };
    const written: LedgerRow[] = [];
    for (const planned of plan.stripeRefunds) {
      const payment = rows.find((row) => row.id === planned.paymentId);
      // A payment carried over without its PaymentIntent (migration 0025) is refunded by the office in Stripe.
      if (!payment?.reference?.startsWith('pi_')) continue;
      const refund = await refundAtStripe(deps, secretKey, {
        paymentIntent: payment.reference,
        amountCents: planned.amountCents,
        idempotencyKey: `cancel-refund:${key.orderId}:${payment.id}`,
        metadata: { order_id: key.orderId, entry_id: payment.id, reason: 'cancelled' },
      });
      const row = await writeRefund(tx, key, { payment, refund, currency, timeZone: order.timeZone }, cause, now);
      if (row) written.push(row);
    }
    if (written.length === 0) return 'NOTHING_TO_REFUND';
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    for (const row of written) await queueReceipt(tx, key, row, after, now);
    return 'REFUNDED';
  });
}

function writeRefund(
  tx: Executor,
  key: OrderKey,
  made: { payment: LedgerRow; refund: StripeRefund; currency: string; timeZone: string },
  cause: { cancelledBy: string; feeCents: number },
  now: Date,
) {
  return insertStripeRefund(
    tx,
    key,
    {
      refundOf: made.payment.id,
      amountCents: made.refund.amount,
      currency: made.currency,
      stripeRefundId: made.refund.id,
      reference: made.payment.reference ?? made.refund.id,
      reason: null,
      receivedOn: officeClockAt(made.timeZone, now.getTime()).date,
      requestId: null,
    },
    cause,
    now,
  );
}

/**
 * A payment that arrived for an order cancelled already (issue 39's `order_cancelled`), or that was
 * taken at booking for an order that could not then be booked (`not_booked`, decision 0085), given back
 * in full: its row in payments_to_refund is marked refunded, with an audit event, and leaves the
 * office's list. Stripe's idempotency key names the order and the PaymentIntent.
 */
async function refundLatePayment(
  deps: CancelRefundJobDeps,
  secretKey: string,
  key: OrderKey,
  sessionId: string,
): Promise<CancelRefundOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked whatever its state: money paid at booking for an order that could not be booked belongs to a draft (decision 0085).
    if (!(await loadLedgerOrder(tx, key, true))) throw new NotFoundError('The order');
    const payment = await loadLatePayment(tx, key, sessionId);
    if (!payment || payment.refundedAt !== null || !payment.paymentIntentId?.startsWith('pi_'))
      return 'NOTHING_TO_REFUND';
    const refund = await refundAtStripe(deps, secretKey, {
      paymentIntent: payment.paymentIntentId,
      amountCents: payment.amountCents,
      idempotencyKey: `cancel-refund:${key.orderId}:${payment.paymentIntentId}`,
      metadata: {
        order_id: key.orderId,
        session_id: sessionId,
        reason: payment.reason === 'not_booked' ? 'not_booked' : 'paid_after_cancel',
      },
    });
    await markLatePaymentRefunded(tx, key, { sessionId, refund, at: now, reason: payment.reason });
    return 'REFUNDED';
  });
}
