import { describe, expect, it } from 'vitest';
import type { ChangePolicy } from '@scheduler/domain/booking-changes/change-policy';
import { policySummary, RULE_HELP } from './policy-summary.ts';

const POLICY: ChangePolicy = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 24,
  late_cancel_within_hours: 48,
  late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
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
