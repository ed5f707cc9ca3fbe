import { describe, expect, it } from 'vitest';
import { LEDGER_MAX_AMOUNT_CENTS } from '@scheduler/contracts/ledger';
import { balanceLeftAfterPart, ledgerTotals, onlineChargeCents, refusalOf, type LedgerEntry } from './ledger.ts';

const payment = (amountCents: number, voided = false): LedgerEntry => ({ kind: 'payment', amountCents, voided });
const refund = (amountCents: number): LedgerEntry => ({ kind: 'refund', amountCents, voided: false });

describe('ledgerTotals', () => {
  it('is the whole total due, unpaid, with no entries', () => {
    expect(ledgerTotals(42_500, [])).toEqual({
      totalCents: 42_500,
      paidCents: 0,
      balanceDueCents: 42_500,
      paid: false,
    });
  });

  it('counts partial payments, and turns paid at exactly the total', () => {
    expect(ledgerTotals(42_500, [payment(10_000)])).toMatchObject({
      paidCents: 10_000,
      balanceDueCents: 32_500,
      paid: false,
    });
    expect(ledgerTotals(42_500, [payment(10_000), payment(32_499)])).toMatchObject({ balanceDueCents: 1, paid: false });
    expect(ledgerTotals(42_500, [payment(10_000), payment(32_500)])).toMatchObject({ balanceDueCents: 0, paid: true });
  });

  it('adds refunds back to the balance and leaves voided entries out', () => {
    expect(ledgerTotals(42_500, [payment(42_500), refund(500)])).toMatchObject({
      paidCents: 42_000,
      balanceDueCents: 500,
      paid: false,
    });
    expect(ledgerTotals(42_500, [payment(42_500, true)])).toMatchObject({ paidCents: 0, paid: false });
  });

  it('reads more paid than the total as a negative balance, paid', () => {
    expect(ledgerTotals(42_500, [payment(42_501)])).toMatchObject({ balanceDueCents: -1, paid: true });
  });

  it('counts an order of nothing to pay as paid', () => {
    expect(ledgerTotals(0, [])).toMatchObject({ balanceDueCents: 0, paid: true });
  });
});

describe('refusalOf', () => {
  const due = ledgerTotals(42_500, [payment(10_000)]);

  it('takes a payment of exactly the balance, and refuses one cent more', () => {
    expect(refusalOf(due, 'payment', 32_500)).toBeNull();
    expect(refusalOf(due, 'payment', 32_501)).toBe('more_than_balance');
  });

  it('refuses a payment of zero, a negative or fractional amount, and any payment once nothing is due', () => {
    expect(refusalOf(due, 'payment', 0)).toBe('not_positive');
    expect(refusalOf(due, 'payment', -1)).toBe('not_positive');
    expect(refusalOf(due, 'payment', 1.5)).toBe('not_positive');
    expect(refusalOf(due, 'payment', 1)).toBeNull();
    expect(refusalOf(ledgerTotals(42_500, [payment(42_500)]), 'payment', 1)).toBe('more_than_balance');
  });

  it('refuses an amount past the largest an entry may carry, whatever is due', () => {
    const huge = ledgerTotals(LEDGER_MAX_AMOUNT_CENTS + 10, []);
    expect(refusalOf(huge, 'payment', LEDGER_MAX_AMOUNT_CENTS)).toBeNull();
    expect(refusalOf(huge, 'payment', LEDGER_MAX_AMOUNT_CENTS + 1)).toBe('too_large');
  });

  it('takes a refund of exactly what was paid, and refuses one cent more', () => {
    expect(refusalOf(due, 'refund', 10_000)).toBeNull();
    expect(refusalOf(due, 'refund', 10_001)).toBe('more_than_paid');
  });
});

describe('onlineChargeCents', () => {
  it('charges the balance after a partial payment, one cent of it, and nothing once paid or overpaid', () => {
    expect(onlineChargeCents(ledgerTotals(42_500, []))).toBe(42_500);
    expect(onlineChargeCents(ledgerTotals(42_500, [payment(10_000)]))).toBe(32_500);
    expect(onlineChargeCents(ledgerTotals(42_500, [payment(42_499)]))).toBe(1);
    expect(onlineChargeCents(ledgerTotals(42_500, [payment(42_500)]))).toBeNull();
    expect(onlineChargeCents(ledgerTotals(42_500, [payment(42_501)]))).toBeNull();
    expect(onlineChargeCents(ledgerTotals(42_500, [payment(42_500), refund(1)]))).toBe(1);
  });
});

describe('balanceLeftAfterPart', () => {
  it('is the balance only between nothing paid and all paid', () => {
    expect(balanceLeftAfterPart(42_500, 42_500)).toBeNull();
    expect(balanceLeftAfterPart(42_500, 42_499)).toBe(42_499);
    expect(balanceLeftAfterPart(42_500, 1)).toBe(1);
    expect(balanceLeftAfterPart(42_500, 0)).toBeNull();
    expect(balanceLeftAfterPart(42_500, -1)).toBeNull();
  });
});
