import { RECEIPT_EMAIL_JOB } from '../notifications/confirmation-jobs.ts';
import type { JobRow } from './payments.repository.ts';

/** The kind of job the e-mail worker sends as a payment receipt (its sender lives in notifications). */
export const PAYMENT_RECEIPT_EMAIL_JOB = RECEIPT_EMAIL_JOB;

/** What a receipt job carries: the worker reads the rest from the (read-only) paid order. */
export interface PaymentReceiptPayload extends Record<string, unknown> {
  order_id: string;
  audience: 'client' | 'office';
  /** A client's address; empty for the office, which is addressed when the job runs. */
  to: string;
  name: string;
  /** An online payment's Checkout Session: its ledger entry's PDF receipt is attached (decision 0082). */
  checkout_session_id?: string;
  /** A payment the office recorded (decision 0064): what it was and what is left due, as the receipt says them. */
  received?: {
    entry_id: string;
    amount_cents: number;
    method: string;
    balance_due_cents: number;
    /** A refund's receipt (decision 0067); a payment's when left out. */
    kind?: 'payment' | 'refund';
    /** A late fee the saved card paid (decision 0081): its receipt goes for a cancelled order too. */
    fee?: 'cancel' | 'reschedule';
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The receipts of one paid order, as jobs: one to each client with an e-mail address, one to the
 * office. The dedupe key makes a second enqueueing of the same payment add nothing. A payment the
 * office recorded (`received`) is receipted to the clients only (the office wrote it down itself),
 * each entry once.
 */
export function paymentReceiptJobs(
  order: { id: string; companyId: string },
  clients: ReadonlyArray<Record<string, unknown>>,
  now: Date,
  received?: NonNullable<PaymentReceiptPayload['received']>,
  checkoutSessionId?: string,
): JobRow[] {
  const recipients: Array<Pick<PaymentReceiptPayload, 'audience' | 'name'> & { to: string }> = clients
    .map((person) => ({
      audience: 'client' as const,
      to: text(person.email),
      name: [text(person.first), text(person.last)].filter(Boolean).join(' '),
    }))
    .filter((recipient) => recipient.to !== '');
  if (!received) recipients.push({ audience: 'office', to: '', name: '' });
  // Two clients sharing one address get one receipt.
  const byDedupeKey = new Map<string, JobRow>();
  for (const recipient of recipients) {
    const entry = received ? `:${received.entry_id}` : '';
    const dedupeKey = `payment_receipt:${order.id}${entry}:${recipient.audience}:${recipient.to.toLowerCase()}`;
    const payload: PaymentReceiptPayload = {
      order_id: order.id,
      ...recipient,
      ...(received ? { received } : {}),
      ...(checkoutSessionId ? { checkout_session_id: checkoutSessionId } : {}),
    };
    if (!byDedupeKey.has(dedupeKey))
      byDedupeKey.set(dedupeKey, {
        companyId: order.companyId,
        kind: PAYMENT_RECEIPT_EMAIL_JOB,
        dedupeKey,
        payload,
        runAt: now,
      });
  }
  return [...byDedupeKey.values()];
}
