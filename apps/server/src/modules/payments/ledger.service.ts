/**
 * An order's payment ledger in the console (issue 41 item 4, issue 44, decision 0064): the office
 * reads it, records a payment (check, cash, card at the inspection, other) or a refund, and voids a
 * mistaken entry (the company's payments over a span are the payments page's: payments-page.service.ts).
 * Every entry and void is an audit event on the order, and `orders.paid` follows the balance in the
 * same transaction. The order is found by the member's company's immutable id: another company's
 * order is not found (404).
 */
import type { LedgerEntryView, OrderLedger, RecordPayment } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { disputeOutcomeText } from '@scheduler/domain/payments/disputes';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { ledgerTotals, refusalOf, type EntryRefusal, type LedgerTotals } from '@scheduler/domain/payments/ledger';
import { refundableCents, type RefundableEntry } from '@scheduler/domain/payments/refunds';
import { owedCents, type FeeChange } from '@scheduler/domain/payments/change-fees';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import {
  insertLedgerEntry,
  loadDisputes,
  loadLedgerEntries,
  loadLedgerOrder,
  setOrderPaid,
  voidLedgerEntry,
  type Actor,
  type LedgerRow,
} from './ledger.repository.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { loadPayableOrder } from './payments.repository.ts';
import { closeOpenCheckout } from './payments.service.ts';
import { paymentReceiptJobs } from './receipt-jobs.ts';

/** Told after a change committed: the order's caches are stale, and queued receipts or expiries wait for the worker. */
export interface LedgerDeps {
  db: Database;
  now: () => Date;
  onChanged?: (orderId: string) => void;
}

export function actorOf(member: ConsoleMember): Actor {
  return { userId: member.userId, name: member.userName };
}

/** The confirmed total and currency of an order's pricing snapshot (0 when it priced nothing). */
export function chargeOf(snapshot: Record<string, unknown> | null): { totalCents: number; currency: string } {
  const total = snapshot?.total_cents;
  const currency = snapshot?.currency;
  return {
    totalCents: typeof total === 'number' && Number.isInteger(total) && total > 0 ? total : 0,
    currency: typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD',
  };
}

/**
 * What the order owes before what was paid (decision 0081): its total and its late-reschedule fees
 * while booked, its late-cancellation fee once cancelled (`owedCents`).
 */
export function owedOf(order: {
  status: string;
  pricingSnapshot: Record<string, unknown> | null;
  cancelFeeCents: number | null;
  rescheduleFeesCents: number;
}): number {
  return owedCents({
    totalCents: chargeOf(order.pricingSnapshot).totalCents,
    cancelled: order.status === 'cancelled',
    cancelFeeCents: order.cancelFeeCents,
    rescheduleFeesCents: order.rescheduleFeesCents,
  });
}

export function totalsOf(totalCents: number, rows: readonly LedgerRow[]): LedgerTotals {
  return ledgerTotals(totalCents, refundableEntries(rows));
}

/**
 * The order's ledger sums against what it owes (`owedOf`: its late fees included, a cancelled
 * order's fee alone), as the ledger shows them: every write's balance, paid flag and receipt reads
 * them, so a refund after a late cancel leaves no balance of the whole total and a late
 * reschedule's fee is part of what a payment may settle.
 */
export function ledgerTotalsOf(order: Parameters<typeof owedOf>[0], rows: readonly LedgerRow[]): LedgerTotals {
  return totalsOf(owedOf(order), rows);
}

/** The rows as the domain's refund arithmetic reads them. */
export function refundableEntries(rows: readonly LedgerRow[]): RefundableEntry[] {
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    method: row.method,
    amountCents: row.amountCents,
    voided: row.voidedAt !== null,
    refundOf: row.refundOf,
  }));
}

function entryOut(row: LedgerRow, refundable: number | null = null): LedgerEntryView {
  return {
    id: row.id,
    kind: row.kind,
    method: row.method,
    amount_cents: row.amountCents,
    currency: row.currency,
    reference: row.reference,
    note: row.note,
    received_on: row.receivedOn,
    recorded_by: row.recordedByName,
    recorded_at: row.recordedAt.toISOString(),
    voided:
      row.voidedAt === null
        ? null
        : { at: row.voidedAt.toISOString(), by: row.voidedByName ?? '', reason: row.voidReason ?? '' },
    refundable_cents: refundable,
    refund_of: row.refundOf,
  };
}

export async function bookedOrder(db: Executor, companyId: string, orderId: string, lock = false) {
  const order = await loadLedgerOrder(db, { companyId, orderId }, lock);
  if (!order || order.status === 'draft') throw new NotFoundError('The order');
  return order;
}

/** The order's ledger and its sums. */
export async function orderLedger(deps: LedgerDeps, member: ConsoleMember, orderId: string): Promise<OrderLedger> {
  const key = { companyId: member.companyId, orderId };
  const order = await bookedOrder(deps.db, member.companyId, orderId);
  const [rows, disputes] = await Promise.all([loadLedgerEntries(deps.db, key), loadDisputes(deps.db, key)]);
  const { currency } = chargeOf(order.pricingSnapshot);
  // What the order owes with its late fees (decision 0081): a cancelled order's balance is its fee's.
  const totals = ledgerTotalsOf(order, rows);
  const entries = refundableEntries(rows);
  const refundable = (row: LedgerRow) =>
    row.kind === 'payment' && row.method === 'online' ? refundableCents(totals, entries, row.id) : null;
  return {
    currency,
    time_zone: order.timeZone,
    today: officeClockAt(order.timeZone, deps.now().getTime()).date,
    total_cents: totals.totalCents,
    paid_cents: totals.paidCents,
    balance_due_cents: totals.balanceDueCents,
    paid: totals.paid,
    entries: rows.map((row) => entryOut(row, refundable(row))),
    disputes: disputes.map((dispute) => ({
      id: dispute.disputeId,
      amount_cents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      at: dispute.disputedAt.toISOString(),
      status: dispute.status,
      closed_at: dispute.closedAt?.toISOString() ?? null,
      outcome: disputeOutcomeText(dispute.status, dispute.amountCents, dispute.currency),
    })),
  };
}

function refusedAmount(refusal: EntryRefusal, totals: LedgerTotals, currency: string): AppError {
  const words: Record<EntryRefusal, string> = {
    not_positive: 'The amount must be more than zero.',
    too_large: 'The amount is more than one entry may hold.',
    more_than_balance: `The amount is more than the balance due (${formatMoney(Math.max(totals.balanceDueCents, 0), currency)}).`,
    more_than_paid: `A refund can be at most what was paid (${formatMoney(Math.max(totals.paidCents, 0), currency)}).`,
  };
  return new AppError(400, 'invalid_request', words[refusal], 'amount_cents');
}

/**
 * Records a payment or refund the office received or gave. A payment may be at most the balance
 * due and a refund at most what was paid (decision 0064: no overpayments). The order turns paid
 * when the balance reaches zero, and its open Checkout Session is closed then (so the client
 * cannot pay online what the office took); it turns unpaid again when a refund opens a balance.
 */
export async function recordPayment(
  deps: LedgerDeps,
  member: ConsoleMember,
  orderId: string,
  body: RecordPayment,
): Promise<OrderLedger> {
  const key = { companyId: member.companyId, orderId };
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, member.companyId, orderId, true);
    const { currency } = chargeOf(order.pricingSnapshot);
    const before = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    // A cancelled order takes a payment of its late-cancellation fee still due (a check for the
    // fee), and nothing else.
    if (order.status === 'cancelled' && body.kind === 'payment' && before.balanceDueCents <= 0)
      throw new AppError(409, 'conflict', 'The order is cancelled and owes nothing: it takes no payment.');
    const refusal = refusalOf(before, body.kind, body.amount_cents);
    if (refusal) throw refusedAmount(refusal, before, currency);
    const row = await insertLedgerEntry(
      tx,
      key,
      {
        kind: body.kind,
        method: body.method,
        amountCents: body.amount_cents,
        currency,
        reference: body.reference,
        note: body.note,
        receivedOn: body.received_on,
      },
      actorOf(member),
      now,
    );
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    if (body.send_receipt && body.kind === 'payment') await queueReceipt(tx, key, row, after, now);
  });
  deps.onChanged?.(orderId);
  return orderLedger(deps, member, orderId);
}

/**
 * The clients' receipt of one entry the office made (a payment, or a refund through Stripe) or a
 * late fee the saved card paid (`fee`, decision 0081), saying the balance it leaves; queued in the entry's transaction, sent by the message worker.
 */
export async function queueReceipt(
  tx: Executor,
  key: { companyId: string; orderId: string },
  row: LedgerRow,
  after: LedgerTotals,
  now: Date,
  fee?: FeeChange,
): Promise<void> {
  const payable = await loadPayableOrder(tx, key.companyId, key.orderId);
  await enqueueJobs(
    tx,
    paymentReceiptJobs({ id: key.orderId, companyId: key.companyId }, payable?.clients ?? [], now, {
      entry_id: row.id,
      amount_cents: row.amountCents,
      method: row.method,
      balance_due_cents: after.balanceDueCents,
      ...(row.kind === 'refund' ? { kind: 'refund' as const } : {}),
      ...(fee ? { fee } : {}),
    }),
  );
}

/**
 * `orders.paid` after an entry or a void. The balance moved, so the order's open Checkout Session
 * charges what is no longer due (the pay link charges the balance, decision 0067): it is closed,
 * and the next pay link opens one for the balance as it is now, or none once it is paid.
 */
export async function followBalance(
  tx: Executor,
  key: { companyId: string; orderId: string },
  wasPaid: boolean,
  isPaid: boolean,
  now: Date,
): Promise<void> {
  if (wasPaid !== isPaid) await setOrderPaid(tx, key, isPaid, now);
  await closeOpenCheckout(tx, key, now);
}

/** Voids an entry the office recorded (Stripe's own are refunded in Stripe); the entry stays, struck out. */
export async function voidPayment(
  deps: LedgerDeps,
  member: ConsoleMember,
  orderId: string,
  entryId: string,
  reason: string,
): Promise<OrderLedger> {
  const key = { companyId: member.companyId, orderId };
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const order = await bookedOrder(tx, member.companyId, orderId, true);
    const rows = await loadLedgerEntries(tx, key);
    const entry = rows.find((row) => row.id === entryId);
    if (!entry) throw new NotFoundError('The payment');
    if (entry.voidedAt !== null) throw new AppError(409, 'conflict', 'The payment is voided already.');
    if (entry.method === 'online')
      throw new AppError(409, 'conflict', 'An online payment is refunded in Stripe, not voided here.');
    const remaining = rows.filter((row) => row.id !== entryId);
    const voided = await voidLedgerEntry(tx, key, entryId, reason, actorOf(member), now);
    if (!voided) throw new AppError(409, 'conflict', 'The payment is voided already.');
    await followBalance(tx, key, order.paid, ledgerTotalsOf(order, remaining).paid, now);
  });
  deps.onChanged?.(orderId);
  return orderLedger(deps, member, orderId);
}
