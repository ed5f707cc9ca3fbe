import { describe, expect, it } from 'vitest';
import { LEDGER_MAX_AMOUNT_CENTS } from '@scheduler/contracts/ledger';
import { ledgerTotals } from './ledger.ts';
import { refundableCents, refundRefusalOf, type RefundableEntry } from './refunds.ts';

const online = (id: string, amountCents: number, voided = false): RefundableEntry => ({
  id,
  kind: 'payment',
  method: 'online',
  amountCents,
  voided,
  refundOf: null,
});
const refundOf = (refunded: string | null, amountCents: number, voided = false): RefundableEntry => ({
  id: `r-${amountCents}`,
  kind: 'refund',
  method: refunded ? 'online' : 'check',
  amountCents,
  voided,
  refundOf: refunded,
});
const refundable = (entries: RefundableEntry[], id = 'p1', total = 42_500) =>
  refundableCents(ledgerTotals(total, entries), entries, id);

describe('refundableCents', () => {
  it('is the whole online payment before any refund, and what is left after each refund of it', () => {
    expect(refundable([online('p1', 42_500)])).toBe(42_500);
    expect(refundable([online('p1', 42_500), refundOf('p1', 500)])).toBe(42_000);
    expect(refundable([online('p1', 42_500), refundOf('p1', 42_499)])).toBe(1);
    expect(refundable([online('p1', 42_500), refundOf('p1', 42_500)])).toBe(0);
  });

  it("counts only this payment's refunds not voided, and never more than the order was paid in all", () => {
    const two = [online('p1', 10_000), online('p2', 5_000), refundOf('p2', 5_000)];
    expect(refundable(two)).toBe(10_000);
    expect(refundable([online('p1', 10_000), refundOf('p1', 4_000, true)])).toBe(10_000);
    // The office gave 3,000 back by check: the order holds 7,000 of this payment.
    expect(refundable([online('p1', 10_000), refundOf(null, 3_000)])).toBe(7_000);
  });

  it('is nothing for a voided payment, an office payment, a refund, or an unknown entry', () => {
    expect(refundable([online('p1', 10_000, true)])).toBe(0);
    expect(refundable([{ ...online('p1', 10_000), method: 'check' }])).toBe(0);
    expect(refundable([online('p0', 10_000), { ...refundOf('p0', 10), id: 'p1' }])).toBe(0);
    expect(refundable([online('p0', 10_000)])).toBe(0);
  });
});

describe('refundRefusalOf', () => {
  it('takes exactly what is refundable and refuses one cent more', () => {
    expect(refundRefusalOf(42_500, 42_500)).toBeNull();
    expect(refundRefusalOf(42_500, 42_501)).toBe('more_than_refundable');
    expect(refundRefusalOf(42_500, 1)).toBeNull();
  });

  it('refuses zero, a negative or fractional amount, one past the largest entry, and anything when nothing is left', () => {
    expect(refundRefusalOf(42_500, 0)).toBe('not_positive');
    expect(refundRefusalOf(42_500, -1)).toBe('not_positive');
    expect(refundRefusalOf(42_500, 1.5)).toBe('not_positive');
    expect(refundRefusalOf(LEDGER_MAX_AMOUNT_CENTS + 5, LEDGER_MAX_AMOUNT_CENTS + 1)).toBe('too_large');
    expect(refundRefusalOf(0, 1)).toBe('nothing_to_refund');
  });
});
