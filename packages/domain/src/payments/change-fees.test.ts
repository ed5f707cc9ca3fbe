import { describe, expect, it } from 'vitest';
import { cancelRefundPlan, cancelRefundText } from './cancel-refunds.ts';
import {
  cardWords,
  feeChargeText,
  feeChargedEventText,
  feeLedgerNote,
  feeLinkEventText,
  feeToCollectCents,
  officeFeeText,
  owedCents,
} from './change-fees.ts';
import { ledgerTotals, onlineChargeCents } from './ledger.ts';

const VISA = { kind: 'card', brand: 'visa', last4: '4242' } as const;
const paid = (amountCents: number) => [
  { id: 'p1', kind: 'payment' as const, method: 'online' as const, amountCents, voided: false, refundOf: null },
];

describe('owedCents: what an order owes once a fee is added', () => {
  it('is the total plus the late-reschedule fees while booked', () => {
    expect(owedCents({ totalCents: 40_000, cancelled: false, cancelFeeCents: null, rescheduleFeesCents: 0 })).toBe(
      40_000,
    );
    expect(owedCents({ totalCents: 40_000, cancelled: false, cancelFeeCents: null, rescheduleFeesCents: 2_500 })).toBe(
      42_500,
    );
  });

  it('is the late-cancellation fee alone once cancelled (nothing when there is none, or it was waived)', () => {
    expect(owedCents({ totalCents: 40_000, cancelled: true, cancelFeeCents: 7_500, rescheduleFeesCents: 2_500 })).toBe(
      7_500,
    );
    expect(owedCents({ totalCents: 40_000, cancelled: true, cancelFeeCents: null, rescheduleFeesCents: 0 })).toBe(0);
    expect(owedCents({ totalCents: 40_000, cancelled: true, cancelFeeCents: 0, rescheduleFeesCents: 0 })).toBe(0);
  });

  it('makes the pay link charge the fee of a cancelled order, less what it holds', () => {
    const owed = owedCents({ totalCents: 40_000, cancelled: true, cancelFeeCents: 7_500, rescheduleFeesCents: 0 });
    expect(onlineChargeCents(ledgerTotals(owed, []))).toBe(7_500);
    expect(onlineChargeCents(ledgerTotals(owed, [{ kind: 'payment', amountCents: 7_499, voided: false }]))).toBe(1);
    expect(onlineChargeCents(ledgerTotals(owed, [{ kind: 'payment', amountCents: 7_500, voided: false }]))).toBeNull();
  });
});

describe('feeToCollectCents: the part of a fee still to collect', () => {
  it('collects nothing when what was paid equals the fee, and one cent when it is one cent short', () => {
    expect(feeToCollectCents(7_500, 7_500 - 7_500)).toBe(0);
    expect(feeToCollectCents(7_500, 7_500 - 7_499)).toBe(1);
  });

  it('never collects more than the fee, nor below nothing', () => {
    // An unpaid booked order moved late: the balance is the total and the fee; only the fee is collected now.
    expect(feeToCollectCents(2_500, 42_500)).toBe(2_500);
    expect(feeToCollectCents(7_500, -100)).toBe(0);
    expect(feeToCollectCents(0, 5_000)).toBe(0);
  });
});

describe('the words of a fee', () => {
  it('tells the client the card and the amount before a cancel', () => {
    expect(feeChargeText('cancel', { collectCents: 7_500, feeCents: 7_500 }, 'USD', VISA)).toBe(
      'Cancelling now charges the late-cancellation fee of $75.00 to your Visa ending 4242.',
    );
    expect(feeChargeText('reschedule', { collectCents: 2_500, feeCents: 2_500 }, 'USD', { kind: 'link' })).toBe(
      'Moving now costs the late-reschedule fee of $25.00: we will e-mail you a link to pay it.',
    );
  });

  it('names only the part not covered by what was paid', () => {
    expect(feeChargeText('cancel', { collectCents: 1, feeCents: 7_500 }, 'USD', VISA)).toBe(
      'Cancelling now charges the other $0.01 of the late-cancellation fee of $75.00 to your Visa ending 4242.',
    );
  });

  it('says nothing when nothing is to collect', () => {
    expect(feeChargeText('cancel', { collectCents: 0, feeCents: 7_500 }, 'USD', VISA)).toBeNull();
  });

  it('says it of a change made, and of a company without online payment', () => {
    expect(feeChargeText('cancel', { collectCents: 7_500, feeCents: 7_500 }, 'USD', VISA, true)).toBe(
      'We are charging the late-cancellation fee of $75.00 to your Visa ending 4242; if your bank asks for your approval, we will e-mail you a link to pay it instead.',
    );
    expect(feeChargeText('reschedule', { collectCents: 2_500, feeCents: 2_500 }, 'USD', { kind: 'link' }, true)).toBe(
      'We will e-mail you a link to pay the late-reschedule fee of $25.00.',
    );
    expect(feeChargeText('reschedule', { collectCents: 2_500, feeCents: 2_500 }, 'USD', null)).toBe(
      'Moving now costs the late-reschedule fee of $25.00: the office will tell you how to pay it.',
    );
  });

  it('names a card by its brand and digits, or as the saved card', () => {
    expect(cardWords({ brand: 'amex', last4: '0005' })).toBe('your American Express ending 0005');
    expect(cardWords({ brand: 'newbrand', last4: '1234' })).toBe('your card ending 1234');
    expect(cardWords({ brand: 'visa', last4: null })).toBe('your saved card');
  });

  it("writes the History's events and the ledger's note", () => {
    expect(feeChargedEventText('cancel', 7_500, 'USD', VISA)).toBe(
      'Late-cancellation fee of $75.00 charged to the Visa ending 4242',
    );
    expect(feeLinkEventText('reschedule', 2_500, 'USD', 'declined')).toBe(
      'Late-reschedule fee of $25.00: the card was declined; a link to pay it was e-mailed to the client',
    );
    expect(feeLedgerNote('cancel')).toBe('Late-cancellation fee');
    expect(officeFeeText('cancel', { collectCents: 100, feeCents: 7_500 }, 'USD', VISA)).toBe(
      "Late-cancellation fee of $75.00 ($1.00 beyond what was paid): charged to the client's Visa ending 4242",
    );
    expect(officeFeeText('reschedule', { collectCents: 2_500, feeCents: 2_500 }, 'USD', { kind: 'link' })).toBe(
      'Late-reschedule fee of $25.00: a link to pay it is e-mailed to the client',
    );
    expect(officeFeeText('reschedule', { collectCents: 2_500, feeCents: 2_500 }, 'USD', null)).toBe(
      'Late-reschedule fee of $25.00: for the office to collect',
    );
    expect(officeFeeText('reschedule', { collectCents: 0, feeCents: 2_500 }, 'USD', null)).toBeNull();
  });

  it('no longer says the rest of the fee is not charged when it is', () => {
    const plan = cancelRefundPlan(paid(7_499), 7_500);
    expect(cancelRefundText(plan, 'USD')).toBe(
      'Cancelling now refunds nothing of the $74.99 you paid: it goes to the late-cancellation fee of $75.00, and the rest of the fee is not charged.',
    );
    expect(cancelRefundText(plan, 'USD', false, true)).toBe(
      'Cancelling now refunds nothing of the $74.99 you paid: it goes to the late-cancellation fee of $75.00.',
    );
  });
});
