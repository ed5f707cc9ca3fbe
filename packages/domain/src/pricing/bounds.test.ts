/**
 * Every bound of the pricing rules, on both sides of it: a value equal to the limit, one past it.
 * Bugs planted at these bounds (a `<` for a `<=`) passed the engine's other tests (issue 22).
 */
import { describe, expect, it } from 'vitest';
import { pricingCouponSchema, type PricingCoupon } from '@scheduler/contracts/pricing';
import { applyCoupons, type CouponContext } from './coupons.ts';
import { pricingFacts, ruleAmount } from './fee-rules.ts';
import { feeAmount } from './fees.ts';

describe('square-feet fee tiers', () => {
  const rule = {
    kind: 'square_feet_tiers' as const,
    tiers: [
      { up_to_sqft: 2000, amount_cents: 0 },
      { up_to_sqft: 3500, amount_cents: 5000 },
      { up_to_sqft: null, amount_cents: 9000 },
    ],
  };
  const charge = (sqft: number | null) => feeAmount(rule, { sqft, yearBuilt: null });

  it("charges a property exactly on a tier's bound that tier, and one square foot more the next", () => {
    expect([charge(1), charge(1999), charge(2000), charge(2001)]).toEqual([0, 0, 0, 5000]);
    expect([charge(3499), charge(3500), charge(3501), charge(1_000_000)]).toEqual([5000, 5000, 9000, 9000]);
  });

  it('charges nothing while the square feet are unknown', () => {
    expect([charge(null), charge(0)]).toEqual([0, 0]);
  });
});

describe('built-before-year fees', () => {
  const rule = { kind: 'built_before_year' as const, year: 1950, amount_cents: 5000 };
  const charge = (yearBuilt: number | null) => feeAmount(rule, { sqft: null, yearBuilt });

  it("charges a house built the year before the rule's year, and not one built in that year", () => {
    expect([charge(1949), charge(1950), charge(1951)]).toEqual([5000, 0, 0]);
    expect(charge(null)).toBe(0);
  });
});

describe('tiers by sales price and by age', () => {
  const facts = (changes: { sales_price?: string; year_built?: number | null }) =>
    pricingFacts(
      {
        sqft: null,
        year_built: null,
        sales_price: '',
        foundation_type_id: null,
        controls: [],
        postal_code: '43229',
        location: null,
        ...changes,
      },
      '2026-11-24',
    );

  it("charges a sale price exactly on a tier's bound that tier, and a dollar more the next", () => {
    const rule = {
      kind: 'sales_price_tiers' as const,
      tiers: [
        { up_to_cents: 75_000_000, amount_cents: 0 },
        { up_to_cents: null, amount_cents: 7500 },
      ],
    };
    expect(ruleAmount(rule, facts({ sales_price: '750,000' }))).toBe(0);
    expect(ruleAmount(rule, facts({ sales_price: '750,001' }))).toBe(7500);
  });

  it("charges a house exactly as old as a tier's bound that tier, and a year older the next", () => {
    const rule = {
      kind: 'age_tiers' as const,
      tiers: [
        { up_to_years: 50, amount_cents: 0 },
        { up_to_years: null, amount_cents: 4000 },
      ],
    };
    expect(ruleAmount(rule, facts({ year_built: 1976 }))).toBe(0);
    expect(ruleAmount(rule, facts({ year_built: 1975 }))).toBe(4000);
    expect(ruleAmount(rule, facts({ year_built: null }))).toBe(0);
  });
});

describe('coupon bounds', () => {
  const coupon = (changes: Partial<PricingCoupon>): PricingCoupon =>
    pricingCouponSchema.parse({
      code: 'SAVE25',
      name: '$25 off',
      discount: { kind: 'amount', amount_cents: 2500 },
      ...changes,
    });
  const outcome = (c: PricingCoupon, context: Partial<CouponContext> = {}, redemptions = 0) => {
    const result = applyCoupons([{ code: c.code, redemptions }], [{ serviceId: 's1', amount: 50_000 }], {
      coupons: new Map([[c.code, c]]),
      subtotal: 50_000,
      today: '2026-11-24',
      limit: 1,
      currency: 'USD',
      ...context,
    });
    return result.applied.length === 1 ? 'applied' : result.refusals[0]!.reason;
  };

  it("takes an order whose subtotal equals the coupon's minimum, and refuses one a cent below", () => {
    const minimum = coupon({ min_order_cents: 40_000 });
    expect(outcome(minimum, { subtotal: 40_000 })).toBe('applied');
    expect(outcome(minimum, { subtotal: 39_999 })).toBe('minimum_order');
    expect(outcome(minimum, { subtotal: 40_001 })).toBe('applied');
  });

  it('takes a coupon on its first and last valid days, and refuses it the day before and the day after', () => {
    const dated = coupon({ valid_from: '2026-11-01', valid_until: '2026-11-30' });
    expect(outcome(dated, { today: '2026-11-01' })).toBe('applied');
    expect(outcome(dated, { today: '2026-11-30' })).toBe('applied');
    expect(outcome(dated, { today: '2026-10-31' })).toBe('not_started');
    expect(outcome(dated, { today: '2026-12-01' })).toBe('expired');
  });

  it('takes a limited coupon until its last use is taken, and refuses it once every use is', () => {
    const limited = coupon({ max_redemptions: 5 });
    expect(outcome(limited, {}, 4)).toBe('applied');
    expect(outcome(limited, {}, 5)).toBe('used_up');
  });

  it('takes as many coupons as the limit allows, and refuses the one past it', () => {
    const [first, second] = [coupon({ code: 'FIRST' }), coupon({ code: 'SECOND' })];
    const both = (limit: number) =>
      applyCoupons(
        [
          { code: 'FIRST', redemptions: 0 },
          { code: 'SECOND', redemptions: 0 },
        ],
        [{ serviceId: 's1', amount: 50_000 }],
        {
          coupons: new Map([
            ['FIRST', first],
            ['SECOND', second],
          ]),
          subtotal: 50_000,
          today: '2026-11-24',
          limit,
          currency: 'USD',
        },
      );
    expect(both(2).applied.map((a) => a.code)).toEqual(['FIRST', 'SECOND']);
    expect(both(1).refusals.map((r) => r.reason)).toEqual(['limit']);
    expect(both(0).refusals.map((r) => r.reason)).toEqual(['limit', 'limit']);
  });
});
