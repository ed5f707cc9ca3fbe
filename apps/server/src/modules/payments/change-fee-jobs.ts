/**
 * The jobs of a late fee that is charged (issue 44, decision 0081): the charge of the saved card,
 * queued in the change's transaction, and the pay link e-mailed to the clients when the card
 * cannot pay it. This file only names and builds them, so the change and the worker share them
 * without an import circle.
 */
import type { FeeChange } from '@scheduler/domain/payments/change-fees';
import { FEE_LINK_EMAIL_JOB } from '../notifications/confirmation-jobs.ts';
import type { JobToQueue } from '../notifications/job-queue.repository.ts';
import type { JobRow } from './payments.repository.ts';

export const CHANGE_FEE_JOB = 'stripe_change_fee';

/** The charge of one change's fee: one job per change (the order's change sequence), however often it is sent. */
export function changeFeeJob(
  order: { companyId: string; orderId: string },
  change: { kind: FeeChange; sequence: number; feeCents: number },
  now: Date,
): JobToQueue {
  return {
    companyId: order.companyId,
    kind: CHANGE_FEE_JOB,
    dedupeKey: `change_fee:${order.orderId}:${change.sequence}`,
    payload: { order_id: order.orderId, change: change.kind, sequence: change.sequence, fee_cents: change.feeCents },
    runAt: now,
  };
}

/** What a fee's pay-link e-mail carries; the worker reads the rest from the order. */
export interface FeeLinkPayload extends Record<string, unknown> {
  order_id: string;
  audience: 'client';
  to: string;
  name: string;
  fee_due: { change: FeeChange; amount_cents: number; fee_cents: number };
  /** The order's pay link; dropped from the job once sent. */
  pay_url: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** One e-mail per client address (two clients sharing one get one), each change's once. */
export function feeLinkJobs(
  order: { companyId: string; orderId: string },
  clients: ReadonlyArray<Record<string, unknown>>,
  fee: { change: FeeChange; sequence: number; amountCents: number; feeCents: number; payUrl: string },
  now: Date,
): JobRow[] {
  const jobs = new Map<string, JobRow>();
  for (const person of clients) {
    const to = text(person.email);
    if (to === '') continue;
    const dedupeKey = `fee_link:${order.orderId}:${fee.sequence}:${to.toLowerCase()}`;
    const payload: FeeLinkPayload = {
      order_id: order.orderId,
      audience: 'client',
      to,
      name: [text(person.first), text(person.last)].filter(Boolean).join(' '),
      fee_due: { change: fee.change, amount_cents: fee.amountCents, fee_cents: fee.feeCents },
      pay_url: fee.payUrl,
    };
    if (!jobs.has(dedupeKey))
      jobs.set(dedupeKey, { companyId: order.companyId, kind: FEE_LINK_EMAIL_JOB, dedupeKey, payload, runAt: now });
  }
  return [...jobs.values()];
}
