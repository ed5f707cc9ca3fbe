/**
 * The job that gives back, through Stripe, what the cancellation policy says of a cancelled order
 * (issue 44, decision 0076). Queued in the transaction that cancels the order, or that records a
 * payment arriving for an order cancelled already; run by the job worker after the commit, so
 * Stripe is never called inside a change and Stripe being down never fails it. This file only
 * names and builds the job: both the cancel and the webhook queue it without an import circle.
 */
import type { JobToQueue } from '../notifications/job-queue.repository.ts';

export const CANCEL_REFUND_JOB = 'stripe_cancel_refund';

/** The refund of a cancelled order's ledger: one job per order, however often the cancel is sent. */
export function cancelRefundJob(order: { companyId: string; orderId: string }, now: Date): JobToQueue {
  return {
    companyId: order.companyId,
    kind: CANCEL_REFUND_JOB,
    dedupeKey: `cancel_refund:${order.orderId}`,
    payload: { order_id: order.orderId },
    runAt: now,
  };
}

/** The refund in full of a payment that arrived after its order was cancelled: one job per Checkout Session. */
export function latePaymentRefundJob(
  order: { companyId: string; orderId: string },
  sessionId: string,
  now: Date,
): JobToQueue {
  return {
    companyId: order.companyId,
    kind: CANCEL_REFUND_JOB,
    dedupeKey: `cancel_refund:${order.orderId}:${sessionId}`,
    payload: { order_id: order.orderId, session_id: sessionId },
    runAt: now,
  };
}
