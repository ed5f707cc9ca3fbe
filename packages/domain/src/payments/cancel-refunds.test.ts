import { describe, expect, it } from 'vitest';
import {
  cancelRefundPlan,
  cancelRefundText,
  officeCancelRefundText,
  policyRefundEventText,
  refundTotalCents,
} from './cancel-refunds.ts';
import type { RefundableEntry } from './refunds.ts';

let ids = 0;
const payment = (amountCents: number, method = 'online', voided = false): RefundableEntry => ({
  id: `p${++ids}`,
  kind: 'payment',
  method,
  amountCents,
  voided,
  refundOf: null,
});
const refund = (of: RefundableEntry | null, amountCents: number, voided = false): RefundableEntry => ({
  id: `r${++ids}`,
  kind: 'refund',
  method: of ? 'online' : 'check',
  amountCents,
  voided,
  refundOf: of?.id ?? null,
});

describe('cancelRefundPlan', () => {
  it('gives back everything paid online with no fee, through Stripe', () => {
    const paid = payment(42_500);
    expect(cancelRefundPlan([paid], 0)).toEqual({
      paidCents: 42_500,
      feeKeptCents: 0,
      feeNotCollectedCents: 0,
      stripeRefunds: [{ paymentId: paid.id, amountCents: 42_500 }],
      officeDueBackCents: 0,
    });
  });

  it('keeps the fee: paid less the fee, nothing at fee = paid, and the cent beyond is not collected', () => {
    const paid = payment(10_000);
    expect(cancelRefundPlan([paid], 7_500).stripeRefunds).toEqual([{ paymentId: paid.id, amountCents: 2_500 }]);
    expect(cancelRefundPlan([paid], 9_999).stripeRefunds).toEqual([{ paymentId: paid.id, amountCents: 1 }]);
    const equal = cancelRefundPlan([paid], 10_000);
    expect(equal).toMatchObject({ feeKeptCents: 10_000, feeNotCollectedCents: 0, stripeRefunds: [] });
    expect(refundTotalCents(equal)).toBe(0);
    const beyond = cancelRefundPlan([paid], 10_001);
    expect(beyond).toMatchObject({ feeKeptCents: 10_000, feeNotCollectedCents: 1, stripeRefunds: [] });
    expect(beyond.officeDueBackCents).toBe(0);
  });

  it('spreads the refund over several online payments, less their earlier refunds', () => {
    const first = payment(10_000);
    const second = payment(5_000);
    const entries = [first, second, refund(first, 4_000)];
    // 11,000 held, less a 2,000 fee: 6,000 left of the first, then 3,000 of the second.
    expect(cancelRefundPlan(entries, 2_000).stripeRefunds).toEqual([
      { paymentId: first.id, amountCents: 6_000 },
      { paymentId: second.id, amountCents: 3_000 },
    ]);
    const refundedInFull = [first, second, refund(first, 10_000)];
    expect(cancelRefundPlan(refundedInFull, 0).stripeRefunds).toEqual([{ paymentId: second.id, amountCents: 5_000 }]);
  });

  it('ignores voided entries: a voided payment gives nothing back, a voided refund takes nothing off', () => {
    const paid = payment(10_000);
    const voidedCheck = payment(3_000, 'check', true);
    const entries = [paid, voidedCheck, refund(paid, 4_000, true)];
    expect(cancelRefundPlan(entries, 0)).toMatchObject({
      paidCents: 10_000,
      stripeRefunds: [{ paymentId: paid.id, amountCents: 10_000 }],
      officeDueBackCents: 0,
    });
    expect(cancelRefundPlan([payment(10_000, 'online', true)], 0)).toMatchObject({ paidCents: 0, stripeRefunds: [] });
  });

  it('leaves what was paid by check or cash to the office, after Stripe has given back what it can', () => {
    const check = payment(10_000, 'check');
    const online = payment(30_000);
    expect(cancelRefundPlan([check, online], 7_500)).toMatchObject({
      stripeRefunds: [{ paymentId: online.id, amountCents: 30_000 }],
      officeDueBackCents: 2_500,
    });
    expect(cancelRefundPlan([check], 0)).toMatchObject({ stripeRefunds: [], officeDueBackCents: 10_000 });
    // The office gave 4,000 back by check already: 6,000 left to return.
    expect(cancelRefundPlan([check, refund(null, 4_000)], 0).officeDueBackCents).toBe(6_000);
  });

  it('gives nothing back of an unpaid order', () => {
    expect(cancelRefundPlan([], 7_500)).toEqual({
      paidCents: 0,
      feeKeptCents: 0,
      feeNotCollectedCents: 7_500,
      stripeRefunds: [],
      officeDueBackCents: 0,
    });
  });
});

describe('cancelRefundText', () => {
  const text = (entries: RefundableEntry[], fee: number, done = false) =>
    cancelRefundText(cancelRefundPlan(entries, fee), 'USD', done);

  it('says what is refunded of what was paid, and the fee kept', () => {
    expect(text([payment(40_000)], 0)).toBe('Cancelling now refunds $400.00 of the $400.00 you paid.');
    expect(text([payment(40_000)], 7_500)).toBe(
      'Cancelling now refunds $325.00 of the $400.00 you paid: the late-cancellation fee of $75.00 is kept.',
    );
    expect(text([payment(7_500)], 7_500)).toBe(
      'Cancelling now refunds nothing of the $75.00 you paid: the late-cancellation fee of $75.00 is kept.',
    );
    expect(text([payment(7_500)], 7_501)).toBe(
      'Cancelling now refunds nothing of the $75.00 you paid: it goes to the late-cancellation fee of $75.01, and the rest of the fee is not charged.',
    );
    expect(text([payment(40_000)], 0, true)).toBe('Cancelling refunded $400.00 of the $400.00 you paid.');
  });

  it("names the office's part of what was paid by check or cash, and says nothing of an unpaid order", () => {
    expect(text([payment(10_000, 'check')], 0)).toBe(
      'Cancelling now refunds $100.00 of the $100.00 you paid. The office returns it: it was paid by check or cash.',
    );
    expect(text([payment(10_000, 'check'), payment(30_000)], 0)).toBe(
      'Cancelling now refunds $400.00 of the $400.00 you paid. The office returns $100.00 of it, paid by check or cash; the rest goes back to your card.',
    );
    expect(text([], 0)).toBeNull();
  });

  it("words the History's event of a refund the policy made", () => {
    expect(policyRefundEventText(32_500, 'USD', 'the client', 7_500)).toBe(
      'Refund of $325.00 through Stripe: cancelled by the client, less the late-cancellation fee of $75.00',
    );
    expect(policyRefundEventText(40_000, 'USD', 'the office', 0)).toBe(
      'Refund of $400.00 through Stripe: cancelled by the office',
    );
  });
});

describe('officeCancelRefundText', () => {
  const office = (entries: RefundableEntry[], fee: number, byPolicy = true) =>
    officeCancelRefundText(cancelRefundPlan(entries, fee), 'USD', byPolicy);

  it('says the refund the policy issued, the fee kept, and no refund due when the fee takes it all', () => {
    expect(office([payment(40_000)], 0)).toBe('Paid $400.00 — refund of $400.00 issued automatically to the card');
    expect(office([payment(40_000)], 7_500)).toBe(
      'Paid $400.00 — refund of $325.00 issued automatically to the card: the late-cancellation fee of $75.00 is kept',
    );
    expect(office([payment(7_500)], 7_500)).toBe(
      'Paid $75.00 — no refund due: the late-cancellation fee of $75.00 is kept',
    );
    expect(office([payment(7_500)], 7_501)).toBe(
      'Paid $75.00 — no refund due: it goes to the late-cancellation fee of $75.01, and the rest of the fee is not charged',
    );
  });

  it("names the office's part paid by check or cash, the refund left to the office, and nothing of an unpaid order", () => {
    expect(office([payment(10_000, 'check')], 0)).toBe(
      'Paid $100.00 — refund of $100.00 paid by check or cash, for the office to return',
    );
    expect(office([payment(10_000, 'check'), payment(30_000)], 0)).toBe(
      'Paid $400.00 — refund of $400.00: $300.00 issued automatically to the card, $100.00 paid by check or cash, for the office to return',
    );
    expect(office([payment(40_000)], 7_500, false)).toBe(
      'Paid $400.00 — no refund made: the refund is left to the office',
    );
    expect(office([], 0)).toBeNull();
    expect(office([], 0, false)).toBeNull();
  });
});
