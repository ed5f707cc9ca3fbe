import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  officeTaxSchema,
  pricingCouponSchema,
  pricingSchema,
  type PricingCart,
  type PricingProperty,
} from '@scheduler/contracts/pricing';
import { applyCartChange, checkCartChange } from './cart-rules.ts';
import { displayLines, packageCardLines } from './display-lines.ts';
import { priceListings, priceOrder, type PricingInput } from './engine.ts';
import { DEMO, DEMO_OFFICE, DEMO_SETTINGS, EXTENDED_RULES, P, S, TODAY, demoCatalogue } from './test-fixtures.ts';

const SERVICE_IDS = [...DEMO.services.map((s) => s.uuid), '99999999-0000-4000-8000-000000000000'];
const ORDERABLE = DEMO.services.filter((s) => !s.label && !s.is_pac).map((s) => s.uuid);
const COUPON_CODES = ['C0', 'C1', 'C2', 'C3', 'FIRSTHOME', 'SERVE50', 'RADON20', 'HUGE', 'BIG100', 'ONCE', 'NOPE'];

const subsetOf = <T>(items: readonly T[], maxLength = items.length) => fc.shuffledSubarray([...items], { maxLength });

/** The extended demo rules with random taxes and coupons on top. */
const rulesArb = fc
  .record({
    taxes: fc.array(
      fc.record({
        rate: fc.integer({ min: 0, max: 150_000 }),
        services: subsetOf(ORDERABLE, 3),
        additional: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    coupons: fc.array(
      fc.record({
        percent: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
        amount: fc.integer({ min: 1, max: 200_000 }),
        min: fc.integer({ min: 0, max: 100_000 }),
        services: subsetOf(ORDERABLE, 3),
        max: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      }),
      { minLength: 4, maxLength: 4 },
    ),
  })
  .map(({ taxes, coupons }) => ({
    ...EXTENDED_RULES,
    taxes: [
      ...EXTENDED_RULES.taxes,
      ...taxes.map((t, i) =>
        officeTaxSchema.parse({
          code: `t${i}`,
          name: `Tax ${i}`,
          rate_percent: t.rate / 10_000,
          services: t.services,
          additional_charges: t.additional,
        }),
      ),
    ],
    coupons: [
      ...EXTENDED_RULES.coupons,
      ...coupons.map((c, i) =>
        pricingCouponSchema.parse({
          code: `C${i}`,
          name: `Coupon ${i}`,
          discount:
            c.percent === null
              ? { kind: 'amount', amount_cents: c.amount }
              : { kind: 'percent', percent: c.percent / 10_000 },
          min_order_cents: c.min,
          services: c.services,
          max_redemptions: c.max,
        }),
      ),
    ],
  }));

const propertyArb: fc.Arbitrary<PricingProperty> = fc.record({
  sqft: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
  year_built: fc.option(fc.integer({ min: 1700, max: 2026 }), { nil: null }),
  sales_price: fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 5_000_000 }).map((n) => n.toLocaleString('en-US')),
    fc.string({ maxLength: 16 }),
  ),
  foundation_type_id: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  postal_code: fc.constantFrom('', '43229', '43081', '43082', '43215'),
  location: fc.option(
    fc.record({
      latitude: fc.double({ min: 39, max: 41.5, noNaN: true }),
      longitude: fc.double({ min: -84, max: -82, noNaN: true }),
    }),
    { nil: null },
  ),
  controls: fc.array(
    fc.record({
      id: fc.constantFrom(5, 6, 7),
      value: fc.option(fc.constantFrom('1', '3', 'Pool and spa', 'In-ground pool', 'x'), { nil: null }),
      checked: fc.boolean(),
    }),
    {
      maxLength: 3,
    },
  ),
});

const cartArb: fc.Arbitrary<PricingCart> = fc.record({
  package: fc.option(fc.constantFrom<number>(P.essentials, P.complete, P.condo, P.seller, 99), { nil: null }),
  services: subsetOf(SERVICE_IDS, 6),
  rush_rer: fc.boolean(),
  pay_at_close: fc.boolean(),
});

const settingsArb = fc.record({
  couponLimit: fc.integer({ min: 0, max: 3 }),
  doNotShowTaxInPackages: fc.boolean(),
  hideAllFees: fc.boolean(),
  rerRushEnabled: fc.boolean(),
  pacHidden: fc.boolean(),
  pacSubmissionFeeCents: fc.constantFrom(0, 0, 2500),
  pacChargeByState: fc.boolean(),
  pacChargeByStateFeeCents: fc.constantFrom(0, 3500),
});

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    rules: rulesArb,
    property: propertyArb,
    cart: cartArb,
    coupons: fc.array(
      fc.record({ code: fc.constantFrom(...COUPON_CODES), redemptions: fc.integer({ min: 0, max: 3 }) }),
      { maxLength: 4 },
    ),
    settings: settingsArb,
    pacOptOut: fc.boolean(),
    today: fc.constantFrom(TODAY, '2025-06-01', '2027-03-01', '2028-01-01'),
  })
  .map(({ rules, settings, ...rest }) => ({
    ...rest,
    catalogue: demoCatalogue(rules),
    office: DEMO_OFFICE,
    settings: { ...DEMO_SETTINGS, ...settings },
  }));

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function numbersIn(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') into.push(value);
  else if (Array.isArray(value)) for (const item of value) numbersIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) numbersIn(item, into);
  return into;
}

const RUNS = { numRuns: 150, seed: 20261122 };

describe('priceOrder properties', () => {
  it('totals are the sums of their lines, and grand total = subtotal - discounts + taxes + additional', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { pricing } = priceOrder(input);
        const { totals } = pricing;
        expect(totals.subtotal).toBe((pricing.package?.amount ?? 0) + sum(pricing.services.map((s) => s.amount)));
        expect(totals.discounts).toBe(sum(pricing.coupons.map((c) => c.amount)));
        expect(totals.taxes).toBe(sum(pricing.taxes.map((t) => t.total)));
        expect(totals.additional).toBe(pricing.additional.total);
        expect(totals.additional).toBe(sum(pricing.additional.fees.map((f) => f.value)));
        expect(totals.grand_total).toBe(totals.subtotal - totals.discounts + totals.taxes + totals.additional);
        expect(totals.display_total).toBe(
          input.settings.doNotShowTaxInPackages ? totals.grand_total - totals.taxes : totals.grand_total,
        );
      }),
      RUNS,
    );
  });

  it('every amount is whole cents and no line is negative; the object meets its schema', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { pricing, duration } = priceOrder(input);
        for (const n of numbersIn(pricing)) {
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        for (const line of [
          ...pricing.services.flatMap((s) => s.fees),
          ...(pricing.package?.services.flatMap((s) => s.fees) ?? []),
        ])
          expect(line.value).toBeLessThanOrEqual(line.gross);
        expect(Number.isInteger(duration) && duration > 0).toBe(true);
        pricingSchema.parse(pricing);
      }),
      RUNS,
    );
  });

  it('a coupon never takes a total below zero, nor adds to it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const withCoupons = priceOrder(input).pricing.totals;
        const without = priceOrder({ ...input, coupons: [] }).pricing.totals;
        expect(withCoupons.discounts).toBeLessThanOrEqual(withCoupons.subtotal);
        expect(withCoupons.subtotal).toBe(without.subtotal);
        expect(withCoupons.grand_total).toBeLessThanOrEqual(without.grand_total);
        expect(withCoupons.grand_total).toBeGreaterThanOrEqual(withCoupons.additional);
      }),
      RUNS,
    );
  });

  it('respects COUPON_LIMIT, and refuses the coupons over it for that reason', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceOrder(input);
        expect(result.pricing.coupons.length).toBeLessThanOrEqual(input.settings.couponLimit);
        expect(result.pricing.coupons.length + result.refusals.length).toBe(input.coupons.length);
        if (result.refusals.some((r) => r.reason === 'limit'))
          expect(result.pricing.coupons.length).toBe(input.settings.couponLimit);
      }),
      RUNS,
    );
  });

  it('removes pay-at-close exactly when the order no longer qualifies', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = priceOrder(input);
        const requested = input.cart.pay_at_close || input.cart.services.includes(S.payAtClose);
        const hasServices = result.pricing.package !== null || result.pricing.services.some((s) => !s.is_pac);
        const eligible = !input.settings.pacHidden && !input.pacOptOut && hasServices;
        expect(result.pacEligible).toBe(eligible);
        expect(result.pacRemoved).toBe(requested && !eligible);
        expect(result.pricing.services.some((s) => s.is_pac)).toBe(requested && eligible);
        expect(result.cart.pay_at_close).toBe(requested && eligible);
        expect(result.cart.services.includes(S.payAtClose)).toBe(requested && eligible);
      }),
      RUNS,
    );
  });

  it('removing what was added restores the earlier pricing and duration', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.constantFrom(...ORDERABLE),
        fc.option(fc.constantFrom<number>(P.essentials, P.complete, P.condo, P.seller), { nil: null }),
        (input, service, pkg) => {
          const cart = { ...input.cart, services: input.cart.services.filter((id) => id !== service) };
          const before = priceOrder({ ...input, cart });
          const { catalogue, settings } = input;
          let changed = cart;
          const add = { kind: 'add_service', service } as const;
          if (checkCartChange(catalogue, settings, changed, add).ok) {
            changed = applyCartChange(catalogue, changed, add);
            changed = applyCartChange(catalogue, changed, { kind: 'remove_service', service });
          }
          if (cart.package === null && pkg !== null) {
            changed = applyCartChange(catalogue, changed, { kind: 'set_package', package: pkg });
            changed = applyCartChange(catalogue, changed, { kind: 'set_package', package: null });
          }
          const after = priceOrder({ ...input, cart: changed });
          expect(after.pricing).toEqual(before.pricing);
          expect(after.duration).toBe(before.duration);
        },
      ),
      RUNS,
    );
  });

  it('the displayed lines add up to the displayed total, to the cent, in every view (house rule 16)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { pricing } = priceOrder(input);
        const shown = displayLines(pricing);
        if (shown.total === null) {
          expect(shown.lines.every((line) => line.amount === null)).toBe(true);
          return;
        }
        expect(sum(shown.lines.map((line) => line.amount!))).toBe(shown.total);
        expect(shown.total).toBe(pricing.totals.display_total);
        // Taxes come last, after the coupons they are counted after.
        const kinds = shown.lines.map((line) => line.kind);
        const firstTax = kinds.indexOf('tax');
        if (firstTax >= 0) expect(kinds.slice(firstTax).every((kind) => kind === 'tax')).toBe(true);
      }),
      RUNS,
    );
  });

  it("a package card's included services less its savings are its price, wherever it shows their amounts", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const pkg of priceListings(input).packages) {
          const card = packageCardLines(pkg);
          expect(card.price).toBe(pkg.amount);
          if (card.includes.every((line) => line.amount !== null))
            expect(sum(card.includes.map((line) => line.amount!)) - card.savings).toBe(card.price);
          else expect(card.savings).toBe(0);
        }
      }),
      { ...RUNS, numRuns: 60 },
    );
  });

  it('is deterministic: the same input prices the same', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(priceOrder(input)).toEqual(priceOrder(input));
      }),
      { ...RUNS, numRuns: 100 },
    );
  });
});
