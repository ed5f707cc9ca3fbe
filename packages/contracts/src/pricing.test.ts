import { describe, expect, it } from 'vitest';
import {
  pricingCouponSchema,
  pricingFeeRuleSchema,
  pricingRulesSchema,
  pricingSchema,
  tripFeeSchema,
} from './pricing.ts';

const issuePaths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('pricing rules schema', () => {
  it('fills in defaults for an empty rule set', () => {
    expect(pricingRulesSchema.parse({})).toEqual({
      fees: [],
      service_modifiers: [],
      package_fee_waivers: [],
      trip_fees: [],
      taxes: [],
      coupons: [],
      convenience_fee_message: '',
    });
  });

  it('accepts every kind of fee rule', () => {
    const rules = [
      { kind: 'flat', amount_cents: 2500 },
      {
        kind: 'square_feet_tiers',
        tiers: [
          { up_to_sqft: 2500, amount_cents: 0 },
          { up_to_sqft: null, amount_cents: 7500 },
        ],
      },
      { kind: 'built_before_year', year: 1950, amount_cents: 5000 },
      {
        kind: 'age_tiers',
        tiers: [
          { up_to_years: 50, amount_cents: 0 },
          { up_to_years: null, amount_cents: 5000 },
        ],
      },
      {
        kind: 'sales_price_tiers',
        tiers: [
          { up_to_cents: 50_000_000, amount_cents: 0 },
          { up_to_cents: null, amount_cents: 5000 },
        ],
      },
      { kind: 'foundation_type', options: [{ option_id: 2, amount_cents: 3500 }] },
      {
        kind: 'control',
        control_id: 7,
        options: [
          { option: 'Pool and spa', amount_cents: 7500 },
          { option: 3, amount_cents: 100 },
        ],
      },
    ];
    for (const rule of rules) expect(pricingFeeRuleSchema.safeParse(rule).success).toBe(true);
  });

  it('refuses tiers that do not rise, or that are open-ended before the last', () => {
    const falling = pricingFeeRuleSchema.safeParse({
      kind: 'square_feet_tiers',
      tiers: [
        { up_to_sqft: 3000, amount_cents: 0 },
        { up_to_sqft: 2000, amount_cents: 1 },
      ],
    });
    expect(falling.success).toBe(false);
    const openFirst = tripFeeSchema.safeParse({
      kind: 'distance_bands',
      code: 'trip',
      description: 'Trip',
      bands: [
        { up_to_miles: null, amount_cents: 0 },
        { up_to_miles: 40, amount_cents: 5000 },
      ],
    });
    expect(issuePaths(openFirst)).toEqual(['bands']);
  });

  it('bounds amounts, percentages and texts', () => {
    expect(pricingFeeRuleSchema.safeParse({ kind: 'flat', amount_cents: 100_000_001 }).success).toBe(false);
    expect(pricingFeeRuleSchema.safeParse({ kind: 'flat', amount_cents: -1 }).success).toBe(false);
    expect(pricingFeeRuleSchema.safeParse({ kind: 'flat', amount_cents: 1.5 }).success).toBe(false);
    const coupon = { code: 'SAVE', name: 'Save', discount: { kind: 'percent', percent: 10 } };
    expect(pricingCouponSchema.safeParse(coupon).success).toBe(true);
    expect(
      issuePaths(pricingCouponSchema.safeParse({ ...coupon, discount: { kind: 'percent', percent: 100.5 } })),
    ).toEqual(['discount.percent']);
    expect(
      issuePaths(pricingCouponSchema.safeParse({ ...coupon, discount: { kind: 'percent', percent: 7.123456 } })),
    ).toEqual(['discount.percent']);
    expect(issuePaths(pricingCouponSchema.safeParse({ ...coupon, name: 'x'.repeat(101) }))).toEqual(['name']);
    expect(issuePaths(pricingRulesSchema.safeParse({ convenience_fee_message: 'x'.repeat(501) }))).toEqual([
      'convenience_fee_message',
    ]);
  });

  it('refuses a coupon that ends before it starts, and unknown fields', () => {
    const coupon = { code: 'SAVE', name: 'Save', discount: { kind: 'amount', amount_cents: 500 } };
    expect(
      issuePaths(pricingCouponSchema.safeParse({ ...coupon, valid_from: '2026-05-01', valid_until: '2026-04-30' })),
    ).toEqual(['valid_until']);
    expect(pricingCouponSchema.safeParse({ ...coupon, expires: '2026-01-01' }).success).toBe(false);
  });
});

describe('pricing object schema', () => {
  const pricing = {
    package: null,
    services: [],
    additional: { total: 0, fees: [] },
    taxes: [],
    coupons: [],
    totals: { subtotal: 0, discounts: 0, additional: 0, taxes: 0, grand_total: 0, display_total: 0 },
    convenience_fee_message: '',
    pac_eligible: false,
    pac_removed: false,
    fees_hidden: false,
    taxes_hidden: false,
  };
  it('accepts an empty order and refuses negative or fractional amounts', () => {
    expect(pricingSchema.safeParse(pricing).success).toBe(true);
    expect(issuePaths(pricingSchema.safeParse({ ...pricing, totals: { ...pricing.totals, grand_total: -1 } }))).toEqual(
      ['totals.grand_total'],
    );
    expect(issuePaths(pricingSchema.safeParse({ ...pricing, totals: { ...pricing.totals, subtotal: 0.5 } }))).toEqual([
      'totals.subtotal',
    ]);
  });
});
