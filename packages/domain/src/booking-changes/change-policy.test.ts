import { describe, expect, it } from 'vitest';
import { bookingChangesSchema } from '@scheduler/contracts/company-document';
import {
  changeAllowed,
  decideChange,
  feeCents,
  forAgent,
  orderChangePolicy,
  policyForOrder,
  type ChangePolicy,
  type ChangeRequest,
} from './change-policy.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 10, 14, 0);

const POLICY: ChangePolicy = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 12,
  late_cancel_within_hours: 48,
  late_cancel_fee: { kind: 'amount', amount_cents: 7_500 },
  late_reschedule_fee: null,
};

function request(overrides: Partial<ChangeRequest>): ChangeRequest {
  return {
    kind: 'reschedule',
    booked: true,
    startsAt: START,
    now: START - 100 * HOUR,
    reschedulesSoFar: 0,
    orderTotalCents: 50_000,
    policy: POLICY,
    ...overrides,
  };
}

describe('decideChange: the cut-off', () => {
  it('allows a reschedule exactly at its cut-off and refuses it a millisecond later', () => {
    expect(decideChange(request({ now: START - 24 * HOUR })).refusals).toEqual([]);
    expect(decideChange(request({ now: START - 24 * HOUR + 1 })).refusals).toEqual(['inside_cutoff']);
  });

  it('uses the cancellation cut-off for a cancellation, not the reschedule one', () => {
    const now = START - 13 * HOUR;
    expect(decideChange(request({ kind: 'reschedule', now })).refusals).toEqual(['inside_cutoff']);
    expect(decideChange(request({ kind: 'cancel', now })).refusals).toEqual([]);
    expect(decideChange(request({ kind: 'cancel', now: START - 12 * HOUR })).refusals).toEqual([]);
    expect(decideChange(request({ kind: 'cancel', now: START - 12 * HOUR + 1 })).refusals).toEqual(['inside_cutoff']);
  });

  it('gives the deadline as the instant the cut-off falls on', () => {
    expect(decideChange(request({ kind: 'reschedule' })).deadline).toBe(START - 24 * HOUR);
    expect(decideChange(request({ kind: 'cancel' })).deadline).toBe(START - 12 * HOUR);
  });

  it('with no cut-off, allows a change until the start and refuses it at the start for everyone', () => {
    const policy = { ...POLICY, reschedule_until_hours: 0 };
    expect(decideChange(request({ policy, now: START - 1 })).refusals).toEqual([]);
    const atStart = decideChange(request({ policy, now: START }));
    expect(atStart.refusals).toEqual(['started']);
    expect(changeAllowed(atStart, 'office')).toBe(false);
  });

  it('counts elapsed hours across a daylight-saving change (24 h before a start on the day after the clocks go back)', () => {
    // New York leaves daylight time on 2026-11-01 at 06:00 UTC; 9:00 local on 11-02 is 14:00 UTC.
    const startsAt = Date.UTC(2026, 10, 2, 14, 0);
    // 9:00 local on 11-01 is 14:00 UTC too, but that is 24 elapsed hours; 10:00 local (15:00 UTC) is 23.
    expect(decideChange(request({ startsAt, now: Date.UTC(2026, 10, 1, 14, 0) })).refusals).toEqual([]);
    expect(decideChange(request({ startsAt, now: Date.UTC(2026, 10, 1, 15, 0) })).refusals).toEqual(['inside_cutoff']);
  });
});

describe('decideChange: the number of reschedules', () => {
  it('allows the last reschedule the policy counts and refuses the one after', () => {
    expect(decideChange(request({ reschedulesSoFar: 1 })).refusals).toEqual([]);
    expect(decideChange(request({ reschedulesSoFar: 2 })).refusals).toEqual(['reschedule_limit']);
  });

  it('does not count reschedules against a cancellation', () => {
    expect(decideChange(request({ kind: 'cancel', reschedulesSoFar: 5 })).refusals).toEqual([]);
  });

  it('has no limit when the policy sets none, and refuses every reschedule at a limit of 0', () => {
    expect(
      decideChange(request({ policy: { ...POLICY, max_reschedules: null }, reschedulesSoFar: 1000 })).refusals,
    ).toEqual([]);
    expect(decideChange(request({ policy: { ...POLICY, max_reschedules: 0 } })).refusals).toEqual(['reschedule_limit']);
  });
});

describe('decideChange: the late-cancellation fee', () => {
  it('charges the fee inside the late window and not at its bound', () => {
    expect(decideChange(request({ kind: 'cancel', now: START - 48 * HOUR })).feeCents).toBe(0);
    expect(decideChange(request({ kind: 'cancel', now: START - 48 * HOUR + 1 })).feeCents).toBe(7_500);
  });

  it('charges the late-reschedule fee inside the same late window and not at its bound', () => {
    const policy = { ...POLICY, late_reschedule_fee: { kind: 'amount', amount_cents: 2_500 } } as const;
    const at = (now: number) => decideChange(request({ kind: 'reschedule', now, policy }));
    expect(at(START - 48 * HOUR).feeCents).toBe(0);
    expect(at(START - 48 * HOUR + 1).feeCents).toBe(2_500);
    // The reschedule's fee is its own: the cancel's stays what it was.
    expect(decideChange(request({ kind: 'cancel', now: START - 30 * HOUR, policy })).feeCents).toBe(7_500);
  });

  it('charges nothing for a reschedule without its own fee, nor when the policy has no fee', () => {
    expect(decideChange(request({ kind: 'reschedule', now: START - 30 * HOUR })).feeCents).toBe(0);
    expect(
      decideChange(request({ kind: 'cancel', now: START - 30 * HOUR, policy: { ...POLICY, late_cancel_fee: null } }))
        .feeCents,
    ).toBe(0);
  });

  it('takes a percent of the total half up, and never more than the total', () => {
    expect(feeCents({ kind: 'percent', percent: 25 }, 50_010)).toBe(12_503);
    expect(feeCents({ kind: 'percent', percent: 10 }, 1_005)).toBe(101);
    expect(feeCents({ kind: 'amount', amount_cents: 7_500 }, 5_000)).toBe(5_000);
    expect(feeCents({ kind: 'amount', amount_cents: 5_000 }, 5_000)).toBe(5_000);
  });
});

describe('decideChange: whose change', () => {
  it('refuses an order that is not booked to everyone', () => {
    const decision = decideChange(request({ booked: false }));
    expect(decision.refusals).toEqual(['not_booked']);
    expect(changeAllowed(decision, 'visitor')).toBe(false);
    expect(changeAllowed(decision, 'office')).toBe(false);
  });

  it("lets the office over the policy's refusals, never the visitor", () => {
    const decision = decideChange(request({ now: START - HOUR, reschedulesSoFar: 2 }));
    expect(decision.refusals).toEqual(['inside_cutoff', 'reschedule_limit']);
    expect(changeAllowed(decision, 'visitor')).toBe(false);
    expect(changeAllowed(decision, 'office')).toBe(true);
  });

  it('allows both when nothing refuses', () => {
    const decision = decideChange(request({}));
    expect(changeAllowed(decision, 'visitor')).toBe(true);
    expect(changeAllowed(decision, 'office')).toBe(true);
  });
});

describe('forAgent: what the company lets agents do', () => {
  const ALL_OFF = { see_prices: false, reschedule: false, cancel: false };

  it('refuses a change agents may not make, even one the policy allows', () => {
    for (const kind of ['reschedule', 'cancel'] as const) {
      const decision = forAgent(decideChange(request({ kind })), kind, ALL_OFF);
      expect(decision.refusals).toEqual(['agent_not_permitted']);
      expect(changeAllowed(decision, 'visitor')).toBe(false);
    }
  });

  it('leaves the decision as it is when agents may make the change (each permission on its own)', () => {
    const allowed = decideChange(request({ kind: 'cancel', now: START - 20 * HOUR }));
    expect(allowed).toMatchObject({ refusals: [], feeCents: 7_500 });
    expect(forAgent(allowed, 'cancel', { ...ALL_OFF, cancel: true })).toEqual(allowed);
    // Moving on says nothing of cancelling.
    expect(forAgent(allowed, 'cancel', { ...ALL_OFF, reschedule: true }).refusals).toEqual(['agent_not_permitted']);
  });

  it('says the refusals that hold for everyone first, then the permission, then the policy', () => {
    const decision = decideChange(request({ booked: false, now: START - HOUR }));
    expect(forAgent(decision, 'reschedule', ALL_OFF).refusals).toEqual([
      'not_booked',
      'agent_not_permitted',
      'inside_cutoff',
    ]);
  });

  it('defaults to moving only: no prices, no cancelling (the company document)', () => {
    expect(bookingChangesSchema.parse({}).agents).toEqual({ see_prices: false, reschedule: true, cancel: false });
  });
});

describe('orderChangePolicy', () => {
  it("is the company's when no service sets its own", () => {
    expect(orderChangePolicy(POLICY, [{}, {}], 50_000)).toEqual(POLICY);
  });

  it('takes each field from the strictest service that sets it', () => {
    const policy = orderChangePolicy(
      POLICY,
      [
        { reschedule_until_hours: 48, max_reschedules: 3 },
        { reschedule_until_hours: 36, max_reschedules: 1, cancel_until_hours: 6, late_cancel_within_hours: 72 },
      ],
      50_000,
    );
    expect(policy).toEqual({ ...POLICY, reschedule_until_hours: 48, max_reschedules: 1, late_cancel_within_hours: 72 });
  });

  it('keeps a limit when a service sets none, and takes a service limit over no company limit', () => {
    expect(orderChangePolicy(POLICY, [{ max_reschedules: null }], 0).max_reschedules).toBe(2);
    expect(orderChangePolicy({ ...POLICY, max_reschedules: null }, [{ max_reschedules: 4 }], 0).max_reschedules).toBe(
      4,
    );
  });

  it("compares fees on the order's total, keeping the larger one", () => {
    const percent = { kind: 'percent', percent: 20 } as const;
    expect(orderChangePolicy(POLICY, [{ late_cancel_fee: percent }], 50_000).late_cancel_fee).toEqual(percent);
    expect(orderChangePolicy(POLICY, [{ late_cancel_fee: percent }], 30_000).late_cancel_fee).toEqual(
      POLICY.late_cancel_fee,
    );
    // Equal fees: the one already in force stays.
    expect(
      orderChangePolicy(POLICY, [{ late_cancel_fee: { kind: 'percent', percent: 15 } }], 50_000).late_cancel_fee,
    ).toEqual(POLICY.late_cancel_fee);
    expect(
      orderChangePolicy({ ...POLICY, late_cancel_fee: null }, [{ late_cancel_fee: percent }], 100).late_cancel_fee,
    ).toEqual(percent);
    expect(orderChangePolicy(POLICY, [{ late_cancel_fee: null }], 100).late_cancel_fee).toEqual(POLICY.late_cancel_fee);
  });
});

describe('policyForOrder', () => {
  const RADON = '00000000-0000-4000-8000-000000000006';
  const HOME = '00000000-0000-4000-8000-000000000001';
  const settings = bookingChangesSchema.parse({
    ...POLICY,
    reschedule_text: 'Free up to a day before',
    services: [{ service: RADON, reschedule_until_hours: 48 }],
  });

  it("applies a service's own rules only to orders that book it", () => {
    expect(policyForOrder(settings, [HOME], 50_000)).toEqual(POLICY);
    expect(policyForOrder(settings, [HOME, RADON], 50_000)).toEqual({ ...POLICY, reschedule_until_hours: 48 });
  });

  it('is 24 hours for both changes, with no limit and no fee, in a document without the section', () => {
    expect(policyForOrder(bookingChangesSchema.parse({}), [HOME], 50_000)).toEqual({
      reschedule_until_hours: 24,
      max_reschedules: null,
      cancel_until_hours: 24,
      late_cancel_within_hours: 0,
      late_cancel_fee: null,
      late_reschedule_fee: null,
    });
  });

  it("takes a service's late-reschedule fee over the company's when it is larger on the order's total", () => {
    const withFee = bookingChangesSchema.parse({
      ...POLICY,
      late_reschedule_fee: { kind: 'amount', amount_cents: 2_500 },
      services: [{ service: RADON, late_reschedule_fee: { kind: 'percent', percent: 10 } }],
    });
    expect(policyForOrder(withFee, [HOME], 50_000).late_reschedule_fee).toEqual({
      kind: 'amount',
      amount_cents: 2_500,
    });
    expect(policyForOrder(withFee, [RADON], 50_000).late_reschedule_fee).toEqual({ kind: 'percent', percent: 10 });
    expect(policyForOrder(withFee, [RADON], 20_000).late_reschedule_fee).toEqual({
      kind: 'amount',
      amount_cents: 2_500,
    });
  });
});
