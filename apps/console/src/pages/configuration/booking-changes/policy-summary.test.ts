import { describe, expect, it } from 'vitest';
import type { ChangePolicy } from '@scheduler/domain/booking-changes/change-policy';
import { feeText, hoursText, policySummary, RULE_HELP, wordsAgainstRules } from './policy-summary.ts';

const POLICY: ChangePolicy = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 24,
  late_cancel_within_hours: 48,
  late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
  late_reschedule_fee: null,
};

describe('policySummary', () => {
  it('says the policy in one breath', () => {
    expect(policySummary(POLICY, 'USD')).toBe(
      'Free to move until 24 hours before, at most 2 times. Cancel online until 24 hours before. Cancelling within 48 hours costs $75.00.',
    );
  });

  it('says "until the start" for 0 hours, nothing of a limit when there is none, and "once" for 1', () => {
    expect(
      policySummary({ ...POLICY, reschedule_until_hours: 0, max_reschedules: null, cancel_until_hours: 0 }, 'USD'),
    ).toBe('Free to move until the start. Cancel online until the start. Cancelling within 48 hours costs $75.00.');
    expect(policySummary({ ...POLICY, reschedule_until_hours: 1, max_reschedules: 1 }, 'USD')).toMatch(
      /^Free to move until 1 hour before, at most once\./,
    );
  });

  it('says moving is off at 0 reschedules', () => {
    expect(policySummary({ ...POLICY, max_reschedules: 0 }, 'USD')).toMatch(/^Moving online is off\./);
  });

  it("says cancelling is free without a fee, or with a fee that no hour triggers, and a percentage as the order's share", () => {
    expect(policySummary({ ...POLICY, late_cancel_fee: null }, 'USD')).toMatch(/ Cancelling is free\.$/);
    expect(policySummary({ ...POLICY, late_cancel_within_hours: 0 }, 'USD')).toMatch(/ Cancelling is free\.$/);
    expect(policySummary({ ...POLICY, late_cancel_fee: { kind: 'percent', percent: 50 } }, 'USD')).toMatch(
      / Cancelling within 48 hours costs 50% of the order's total\.$/,
    );
    expect(policySummary({ ...POLICY, late_cancel_fee: { kind: 'amount', amount_cents: 10 } }, 'CAD')).toMatch(
      /costs CA\$0\.10\.$/,
    );
  });
});

describe('RULE_HELP', () => {
  it('explains each rule as the client sees it', () => {
    expect(RULE_HELP.rescheduleUntil(24)).toBe(
      'Clients can move their inspection themselves until 24 hours before it starts; after that they call the office.',
    );
    expect(RULE_HELP.rescheduleUntil(0)).toBe('Clients can move their inspection themselves until it starts.');
    expect(RULE_HELP.maxReschedules(null)).toBe('Empty: clients can move their inspection as often as they like.');
    expect(RULE_HELP.maxReschedules(0)).toBe(
      'Clients cannot move their inspection online at all; they call the office.',
    );
    expect(RULE_HELP.lateWithin(0)).toBe('No cancellation is late: the fee is never charged.');
  });
});

describe('the words of hours and fees', () => {
  it('says one hour in the singular, any other number in the plural', () => {
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(0)).toBe('0 hours');
    expect(hoursText(2)).toBe('2 hours');
    expect(hoursText(720)).toBe('720 hours');
  });

  it("says a fixed fee in the company's currency and a percentage as the order's share", () => {
    expect(feeText({ kind: 'amount', amount_cents: 7500 }, 'USD')).toBe('$75.00');
    expect(feeText({ kind: 'amount', amount_cents: 123456 }, 'USD')).toBe('$1,234.56');
    expect(feeText({ kind: 'amount', amount_cents: 0 }, 'USD')).toBe('$0.00');
    expect(feeText({ kind: 'percent', percent: 12.5 }, 'USD')).toBe("12.5% of the order's total");
    expect(feeText({ kind: 'percent', percent: 100 }, 'CAD')).toBe("100% of the order's total");
  });
});

describe('policySummary at the edges', () => {
  it('says a fee of one hour in the singular, and moving and cancelling each with their own hours', () => {
    expect(
      policySummary(
        {
          ...POLICY,
          reschedule_until_hours: 48,
          cancel_until_hours: 1,
          late_cancel_within_hours: 1,
          max_reschedules: 3,
        },
        'USD',
      ),
    ).toBe(
      'Free to move until 48 hours before, at most 3 times. Cancel online until 1 hour before. Cancelling within 1 hour costs $75.00.',
    );
  });

  it('still says cancelling online with moving off, and says no limit on moves at all when there is none', () => {
    expect(policySummary({ ...POLICY, max_reschedules: 0, late_cancel_fee: null }, 'USD')).toBe(
      'Moving online is off. Cancel online until 24 hours before. Cancelling is free.',
    );
    expect(policySummary({ ...POLICY, max_reschedules: null }, 'USD')).toMatch(
      /^Free to move until 24 hours before\. Cancel/,
    );
  });
});

describe('RULE_HELP for every rule', () => {
  it('asks for hours when a value is not (yet) a valid one', () => {
    expect(RULE_HELP.rescheduleUntil(null)).toBe('Hours before the start, 0 for until it starts.');
    expect(RULE_HELP.cancelUntil(null)).toBe('Hours before the start, 0 for until it starts.');
    expect(RULE_HELP.lateWithin(null)).toBe('Hours before the start.');
  });

  it('explains moving once and moving a few times', () => {
    expect(RULE_HELP.maxReschedules(1)).toBe(
      'After moving their inspection once, clients call the office to move it again.',
    );
    expect(RULE_HELP.maxReschedules(3)).toBe(
      'After moving their inspection 3 times, clients call the office to move it again.',
    );
    expect(RULE_HELP.rescheduleUntil(1)).toBe(
      'Clients can move their inspection themselves until 1 hour before it starts; after that they call the office.',
    );
  });

  it('explains cancelling online until the start, or until some hours before', () => {
    expect(RULE_HELP.cancelUntil(0)).toBe('Clients can cancel their inspection themselves until it starts.');
    expect(RULE_HELP.cancelUntil(24)).toBe(
      'Clients can cancel their inspection themselves until 24 hours before it starts; after that they call the office.',
    );
  });

  it('explains when a cancellation is late', () => {
    expect(RULE_HELP.lateWithin(1)).toBe('Cancelling less than 1 hour before the start costs the fee below.');
    expect(RULE_HELP.lateWithin(48)).toBe('Cancelling less than 48 hours before the start costs the fee below.');
  });
});

describe('wordsAgainstRules', () => {
  const rules = {
    reschedule_until_hours: 24,
    max_reschedules: 2,
    cancel_until_hours: 72,
    late_cancel_within_hours: 48,
    late_cancel_fee: { kind: 'amount', amount_cents: 7_500 },
    late_reschedule_fee: null,
  } as const;

  it("lets words through that say what the rules say, or what they don't", () => {
    for (const text of [
      '',
      'Moving is free up to a day before.',
      'Cancelling within 48 hours costs $75, since the day was set aside for you.',
      'You may move it twice, until 3 days before.',
      'If no time suits you, call us: we often fit inspections in.',
    ])
      expect(wordsAgainstRules(text, rules, 'USD')).toBeNull();
  });

  it('names the first words that no rule says: hours, days, a count of moves, an amount', () => {
    expect(wordsAgainstRules('Move it up to 12 hours before.', rules, 'USD')).toBe(
      'Your words say “12 hours”, which none of the rules above says.',
    );
    expect(wordsAgainstRules('Free until two days before.', { ...rules, late_cancel_within_hours: 24 }, 'USD')).toBe(
      'Your words say “two days”, which none of the rules above says.',
    );
    expect(wordsAgainstRules('You can move it 3 times.', rules, 'USD')).toBe(
      'Your words say “3 times”, but the most reschedules rule says 2 times.',
    );
    expect(wordsAgainstRules('Move it once.', { ...rules, max_reschedules: null }, 'USD')).toBe(
      'Your words say “once”, but the most reschedules rule says no limit.',
    );
    expect(wordsAgainstRules('A late cancellation costs $100.', rules, 'USD')).toBe(
      'Your words say “$100”, but the late-cancellation fee is $75.00.',
    );
    expect(wordsAgainstRules('It costs $75.', { ...rules, late_cancel_fee: null }, 'USD')).toBe(
      'Your words say “$75”, but the late-cancellation fee is none.',
    );
  });
});
