import { describe, expect, it } from 'vitest';
import { pricingSchema, type PricingCart, type PricingProperty } from '@scheduler/contracts/pricing';
import { displayLines } from './display-lines.ts';
import { priceOrder, type CouponUse, type PricingResult } from './engine.ts';
import {
  DEMO_SETTINGS,
  EMPTY_CART,
  EXTENDED_RULES,
  P,
  PLAIN_PROPERTY,
  S,
  demoCatalogue,
  pricingInput,
} from './test-fixtures.ts';
import type { PricingSettings } from './pricing-settings.ts';

/**
 * Carts over the demo catalogue (examples/demo-company.json), each total worked out by hand.
 * Demo facts used below: Single-Family $425, Condo $325, Radon $150, Mold $275, Termite $95,
 * Sewer $225, Well $195; Buyer's Essentials $480 (Single-Family, Termite), Buyer's Complete $795
 * (Single-Family, Radon, Termite, Sewer), Condo Buyer Bundle $650 (Condo, Radon, Mold).
 * Home-size fee on Single-Family: up to 2,500 sq ft $0, 3,500 $75, 5,000 $150, above $275.
 * Condo unit size: up to 1,800 sq ft $0, above $50. Pre-1950 construction $50 (Single-Family);
 * clay sewer (built before 1960) $25 as an additional charge. Franklin County tax 7.5% on every
 * service, not on additional charges. Rush $99. Coupons FIRSTHOME 10%, SERVE50 $50. COUPON_LIMIT 1.
 */

interface Golden {
  name: string;
  cart: Partial<PricingCart>;
  property?: Partial<PricingProperty>;
  coupons?: CouponUse[];
  settings?: Partial<PricingSettings>;
  extended?: boolean;
  pacOptOut?: boolean;
  expect: {
    subtotal: number;
    discounts: number;
    taxes: number;
    additional: number;
    grand_total: number;
    duration: number;
  };
  check?: (result: PricingResult) => void;
}

const coupon = (code: string, redemptions = 0): CouponUse => ({ code, redemptions });

const GOLDEN: Golden[] = [
  {
    // 42500; tax 7.5% = 3187.5 -> 3188; total 45688.
    name: '1. Single-Family, plain property',
    cart: { services: [S.singleFamily] },
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 0, grand_total: 45688, duration: 180 },
    check: (r) => expect(r.pricing.services[0]!.fees).toEqual([]),
  },
  {
    // 3,000 sq ft: +7500; built 1940: +5000 (pre-1950), +2500 sewer (additional).
    // 42500 + 7500 + 5000 = 55000; tax 4125; 55000 + 4125 + 2500 = 61625.
    name: '2. Single-Family, 3,000 sq ft built 1940',
    cart: { services: [S.singleFamily] },
    property: { sqft: 3000, year_built: 1940 },
    expect: { subtotal: 55000, discounts: 0, taxes: 4125, additional: 2500, grand_total: 61625, duration: 180 },
    check: (r) => {
      expect(r.pricing.services[0]!.fees.map((f) => [f.code, f.value])).toEqual([
        ['home-size', 7500],
        ['pre-1950', 5000],
      ]);
      expect(r.pricing.additional.fees).toEqual([
        { code: 'historic-sewer', description: 'Clay tile sewer line (pre-1960)', value: 2500 },
      ]);
    },
  },
  {
    // Buyer's Essentials at 4,000 sq ft: 48000 + 15000 = 63000; one by one 57500 + 9500 = 67000,
    // savings 4000; tax 4725; total 67725. Minutes 180 + 30.
    name: "3. Buyer's Essentials, 4,000 sq ft",
    cart: { package: P.essentials },
    property: { sqft: 4000 },
    expect: { subtotal: 63000, discounts: 0, taxes: 4725, additional: 0, grand_total: 67725, duration: 210 },
    check: (r) =>
      expect(r.pricing.package).toMatchObject({ base: 48000, subtotal: 63000, amount: 63000, savings: 4000 }),
  },
  {
    // Buyer's Complete 79500 (one by one 42500 + 15000 + 9500 + 22500 = 89500, savings 10000),
    // rushed: +9900 additional; tax 7.5% of 79500 = 5962.5 -> 5963; 79500 + 5963 + 9900 = 95363.
    name: "4. Buyer's Complete with the RER rushed",
    cart: { package: P.complete, rush_rer: true },
    expect: { subtotal: 79500, discounts: 0, taxes: 5963, additional: 9900, grand_total: 95363, duration: 300 },
    check: (r) => {
      expect(r.pricing.package!.savings).toBe(10000);
      expect(r.pricing.additional.fees).toEqual([
        { code: 'rer-rush', description: 'Repair Estimate Report Rush Delivery', value: 9900 },
      ]);
      expect(r.cart.rush_rer).toBe(true);
    },
  },
  {
    // The same cart asking for the rush while the company has it off (RER_RUSH_ENABLED not on):
    // no rush fee; 79500 + 5963 = 85463.
    name: "4b. Buyer's Complete with the RER rush asked while the rush is off",
    cart: { package: P.complete, rush_rer: true },
    settings: { rerRushEnabled: false },
    expect: { subtotal: 79500, discounts: 0, taxes: 5963, additional: 0, grand_total: 85463, duration: 300 },
    check: (r) => expect(r.pricing.additional.fees.map((fee) => fee.code)).not.toContain('rer-rush'),
  },
  {
    // Condo (32500 + 5000 unit size at 2,000 sq ft) + Radon 15000 + Mold 27500 = 80000;
    // FIRSTHOME 10% = 8000; tax 7.5% of 72000 = 5400; 80000 - 8000 + 5400 = 77400.
    name: '5. Condo, Radon and Mold with FIRSTHOME',
    cart: { services: [S.condo, S.radon, S.mold] },
    coupons: [coupon('firsthome')],
    expect: { subtotal: 80000, discounts: 8000, taxes: 5400, additional: 0, grand_total: 77400, duration: 195 },
    check: (r) =>
      expect(r.pricing.coupons).toEqual([{ code: 'FIRSTHOME', name: 'First-Time Buyer 10% Off', amount: 8000 }]),
  },
  {
    // 42500 - 5000 = 37500 taxed: 2812.5 -> 2813; 42500 - 5000 + 2813 = 40313.
    name: '6. Single-Family with SERVE50',
    cart: { services: [S.singleFamily] },
    coupons: [coupon('SERVE50')],
    expect: { subtotal: 42500, discounts: 5000, taxes: 2813, additional: 0, grand_total: 40313, duration: 180 },
  },
  {
    // COUPON_LIMIT 1: FIRSTHOME takes 4250, SERVE50 is refused. Tax on 38250: 2868.75 -> 2869;
    // 42500 - 4250 + 2869 = 41119.
    name: '7. Two coupons over a limit of one',
    cart: { services: [S.singleFamily] },
    coupons: [coupon('FIRSTHOME'), coupon('SERVE50')],
    expect: { subtotal: 42500, discounts: 4250, taxes: 2869, additional: 0, grand_total: 41119, duration: 180 },
    check: (r) => {
      expect(r.refusals).toEqual([
        { code: 'SERVE50', reason: 'limit', message: 'Only one coupon can be used on an order.' },
      ]);
      expect(r.cart.coupons).toEqual(['FIRSTHOME']);
    },
  },
  {
    // COUPON_LIMIT 2: FIRSTHOME 4250, then SERVE50 5000 off the 38250 left: 33250 taxed:
    // 2493.75 -> 2494; 42500 - 9250 + 2494 = 35744.
    name: '8. Two coupons under a limit of two',
    cart: { services: [S.singleFamily] },
    coupons: [coupon('FIRSTHOME'), coupon('SERVE50')],
    settings: { couponLimit: 2 },
    expect: { subtotal: 42500, discounts: 9250, taxes: 2494, additional: 0, grand_total: 35744, duration: 180 },
  },
  {
    // Pay-at-close ($0) with a $35 state service fee: 42500, tax 3188, +3500: 49188.
    name: '9. Single-Family with pay-at-close and a state service fee',
    cart: { services: [S.singleFamily], pay_at_close: true },
    settings: { pacChargeByState: true, pacChargeByStateFeeCents: 3500 },
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 3500, grand_total: 49188, duration: 180 },
    check: (r) => {
      expect(r.pacEligible).toBe(true);
      expect(r.pacRemoved).toBe(false);
      expect(r.pricing.services.map((s) => [s.id, s.is_pac])).toEqual([
        [S.singleFamily, false],
        [S.payAtClose, true],
      ]);
      expect(r.pricing.additional.fees).toEqual([
        { code: 'pac-service-fee', description: 'Pay at Close Service fee', value: 3500 },
      ]);
      expect(r.cart.services).toEqual([S.singleFamily, S.payAtClose]);
    },
  },
  {
    // The buyer's agent opted out: pay-at-close goes, the rest is case 1: 45688.
    name: '10. Pay-at-close removed when an agent opted out',
    cart: { services: [S.singleFamily, S.payAtClose] },
    pacOptOut: true,
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 0, grand_total: 45688, duration: 180 },
    check: (r) => {
      expect(r.pacRemoved).toBe(true);
      expect(r.pricing.pac_removed).toBe(true);
      expect(r.cart.services).toEqual([S.singleFamily]);
      expect(r.pricing.services.some((s) => s.is_pac)).toBe(false);
    },
  },
  {
    // Radon alone has no report to rush: the rush is dropped. 15000 + 1125 tax = 16125.
    name: '11. A rush asked for on a cart without an RER',
    cart: { services: [S.radon], rush_rer: true },
    expect: { subtotal: 15000, discounts: 0, taxes: 1125, additional: 0, grand_total: 16125, duration: 30 },
    check: (r) => expect(r.cart.rush_rer).toBe(false),
  },
  {
    // DO_NOT_SHOW_TAX_IN_PACKAGES: the tax is still owed (45688) but the shown total is 42500.
    name: '12. Taxes not shown',
    cart: { services: [S.singleFamily] },
    settings: { doNotShowTaxInPackages: true },
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 0, grand_total: 45688, duration: 180 },
    check: (r) => {
      expect(r.pricing.totals.display_total).toBe(42500);
      expect(r.pricing.taxes_hidden).toBe(true);
      expect(r.pricing.fees_hidden).toBe(false);
    },
  },
  {
    // Extended rules. Single-Family: 42500 + 7500 (3,000 sq ft) + 5000 (sale $750,000) + 5000
    // (basement and crawlspace) = 60000. Radon 15000 - 2500 (with an inspection) = 12500.
    // Termite 9500 - 950 (10%) = 8550. Subtotal 81050; county 7.5% = 6078.75 -> 6079; radon
    // lab 2% of 12500 = 250; 81050 + 6079 + 250 = 87379. Minutes 180 + 30 + 30.
    name: '13. Property fees and service modifiers',
    extended: true,
    cart: { services: [S.singleFamily, S.radon, S.termite] },
    property: { sqft: 3000, sales_price: '750,000', foundation_type_id: 4 },
    expect: { subtotal: 81050, discounts: 0, taxes: 6329, additional: 0, grand_total: 87379, duration: 240 },
    check: (r) => {
      expect(r.pricing.services.map((s) => [s.subtotal, s.modifier_savings, s.amount])).toEqual([
        [60000, 0, 60000],
        [15000, 2500, 12500],
        [9500, 950, 8550],
      ]);
      expect(r.pricing.taxes).toEqual([
        { code: 'franklin-county', name: 'Franklin County Sales Tax', total: 6079 },
        { code: 'radon-lab', name: 'Laboratory Fee Tax', total: 250 },
      ]);
    },
  },
  {
    // Extended rules. Buyer's Complete includes the home-size fee. 4,000 sq ft (15000 gross, 0
    // charged), built 1940 (pre-1950 5000 charged; sewer 2500 additional). Before discounts
    // 79500 + 15000 + 5000 = 99500; amount 79500 + 5000 = 84500. One by one: 62500 + 15000 +
    // 9500 + 22500 = 109500; savings 25000. Radon's share of 84500: 84500 * 15000 / 109500 =
    // 11575.3 -> 11575 (the spare cent goes to the largest remainder, Single-Family's).
    // County 7.5% of 84500 = 6337.5 -> 6338; radon lab 2% of 11575 = 231.5 -> 232.
    // 84500 + 6338 + 232 + 2500 = 93570.
    name: "14. Buyer's Complete with an included fee",
    extended: true,
    cart: { package: P.complete },
    property: { sqft: 4000, year_built: 1940 },
    expect: { subtotal: 84500, discounts: 0, taxes: 6570, additional: 2500, grand_total: 93570, duration: 300 },
    check: (r) => {
      expect(r.pricing.package).toMatchObject({ base: 79500, subtotal: 99500, amount: 84500, savings: 25000 });
      expect(r.pricing.package!.services[0]!.fees).toEqual([
        { code: 'home-size', description: 'Home size adjustment', gross: 15000, value: 0 },
        { code: 'pre-1950', description: 'Pre-1950 construction', gross: 5000, value: 5000 },
      ]);
    },
  },
  {
    // Extended rules. Condo 1,500 sq ft built 1980 (46 years: +2500) = 35000; tax 2625.
    // Additional: pool and spa 7500, vacant 4000, postal code 43081 3500, 24.2 road miles 5000
    // = 20000. 35000 + 2625 + 20000 = 57625.
    name: '15. Condo with control fees and trip fees',
    extended: true,
    cart: { services: [S.condo] },
    property: {
      sqft: 1500,
      year_built: 1980,
      postal_code: '43081',
      location: { latitude: 40.35, longitude: -82.9827 },
      controls: [
        { id: 5, value: '3', checked: false },
        { id: 7, value: 'Pool and spa', checked: true },
      ],
    },
    expect: { subtotal: 35000, discounts: 0, taxes: 2625, additional: 20000, grand_total: 57625, duration: 120 },
    check: (r) =>
      expect(r.pricing.additional.fees.map((f) => [f.code, f.value])).toEqual([
        ['pool', 7500],
        ['vacant', 4000],
        ['trip-zone', 3500],
        ['trip-miles', 5000],
      ]),
  },
  {
    // Extended rules, limit 10: every coupon refused, so case 1's 45688 stands.
    name: '16. Coupons refused, each with its reason',
    extended: true,
    cart: { services: [S.singleFamily] },
    coupons: [
      coupon('RADON20'),
      coupon('FUTURE'),
      coupon('OLD'),
      coupon('ONCE', 1),
      coupon('BIG100'),
      coupon('NOPE'),
      coupon('OFF'),
    ],
    settings: { couponLimit: 10 },
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 0, grand_total: 45688, duration: 180 },
    check: (r) =>
      expect(r.refusals.map((x) => [x.code, x.message])).toEqual([
        ['RADON20', 'This coupon does not apply to the services in your order.'],
        ['FUTURE', 'This coupon is not valid yet.'],
        ['OLD', 'This coupon has expired.'],
        ['ONCE', 'This coupon is no longer available.'],
        ['BIG100', 'This coupon needs an order of at least $500.00.'],
        ['NOPE', 'This coupon code is not valid.'],
        ['OFF', 'This coupon code is not valid.'],
      ]),
  },
  {
    // Extended rules. Single-Family 42500 + Radon 12500 (15000 - 2500) = 55000. RADON20: 20% of
    // 12500 = 2500, radon left 10000. County 7.5% of 52500 = 3937.5 -> 3938; lab 2% of 10000 =
    // 200. 55000 - 2500 + 3938 + 200 = 56638.
    name: '17. A coupon limited to one service',
    extended: true,
    cart: { services: [S.singleFamily, S.radon] },
    coupons: [coupon('RADON20')],
    expect: { subtotal: 55000, discounts: 2500, taxes: 4138, additional: 0, grand_total: 56638, duration: 210 },
  },
  {
    // Extended rules. Built 1940: Single-Family 42500 + 5000 = 47500, sewer 2500 additional.
    // HUGE ($2000) stops at 47500: nothing left to tax; 47500 - 47500 + 0 + 2500 = 2500.
    name: '18. A coupon larger than the order',
    extended: true,
    cart: { services: [S.singleFamily] },
    property: { year_built: 1940 },
    coupons: [coupon('HUGE')],
    expect: { subtotal: 47500, discounts: 47500, taxes: 0, additional: 2500, grand_total: 2500, duration: 180 },
    check: (r) => expect(r.pricing.taxes).toEqual([]),
  },
  {
    // Condo Buyer Bundle 65000 + 5000 (unit size) = 70000 (one by one 37500 + 15000 + 27500 =
    // 80000, savings 10000); Well Water 19500; subtotal 89500. FIRSTHOME 10% = 8950; tax 7.5%
    // of 80550 = 6041.25 -> 6041; 89500 - 8950 + 6041 = 86591. Minutes 120 + 30 + 45 + 30.
    name: '19. Condo Buyer Bundle plus Well Water with FIRSTHOME',
    cart: { package: P.condo, services: [S.well] },
    coupons: [coupon('FIRSTHOME')],
    expect: { subtotal: 89500, discounts: 8950, taxes: 6041, additional: 0, grand_total: 86591, duration: 225 },
    check: (r) => expect(r.pricing.package!.savings).toBe(10000),
  },
  {
    // The package's own services listed again are not charged twice: case 3 at 2,000 sq ft,
    // 48000; tax 3600; 51600.
    name: "20. Buyer's Essentials with its Termite also listed",
    cart: { package: P.essentials, services: [S.termite] },
    expect: { subtotal: 48000, discounts: 0, taxes: 3600, additional: 0, grand_total: 51600, duration: 210 },
    check: (r) => expect(r.pricing.services).toEqual([]),
  },
  {
    // An empty cart costs nothing and takes the office's default 180 minutes.
    name: '21. Empty cart',
    cart: {},
    expect: { subtotal: 0, discounts: 0, taxes: 0, additional: 0, grand_total: 0, duration: 180 },
    check: (r) => expect(r.pacEligible).toBe(false),
  },
  // The demo's own pricing section (examples/demo-company.json `pricing`): crawlspace access on
  // Single-Family, Pre-Listing and Warranty ($35 crawlspace, $50 basement and crawlspace); a luxury
  // adjustment on Single-Family and Pre-Listing (sale price up to $750,000 $0, $1,500,000 $75,
  // above $150); a trip charge ($35 Delaware/Marysville zone, $50 Lancaster/Newark zone), not
  // taxed; coupons SPRING25 ($25 off $400, 2026-01-01 to 2027-06-30), RADONCHECK (20% off radon),
  // HOLIDAY2025 (ended 2025-12-31). Pre-Listing $375, 150 minutes.
  {
    // 37500 + home size (4,200 sq ft) 15000 + basement and crawlspace 5000 + luxury ($1.2M) 7500
    // = 65000; tax 7.5% = 4875; 69875.
    name: '22. Pre-Listing, 4,200 sq ft, $1,200,000, basement and crawlspace',
    cart: { services: [S.preListing] },
    property: { sqft: 4200, sales_price: '1,200,000', foundation_type_id: 4 },
    expect: { subtotal: 65000, discounts: 0, taxes: 4875, additional: 0, grand_total: 69875, duration: 150 },
    check: (r) =>
      expect(r.pricing.services[0]!.fees.map((f) => [f.code, f.value])).toEqual([
        ['home-size', 15000],
        ['crawlspace', 5000],
        ['luxury-home', 7500],
      ]),
  },
  {
    // 42500; SPRING25 2500; tax 7.5% of 40000 = 3000; Lancaster trip 5000 untaxed;
    // 42500 - 2500 + 3000 + 5000 = 48000.
    name: '23. Single-Family in Lancaster with SPRING25',
    cart: { services: [S.singleFamily] },
    property: { postal_code: '43130' },
    coupons: [coupon('SPRING25')],
    expect: { subtotal: 42500, discounts: 2500, taxes: 3000, additional: 5000, grand_total: 48000, duration: 180 },
    check: (r) =>
      expect(r.pricing.additional.fees).toEqual([
        { code: 'trip-charge', description: 'Trip charge (outside Franklin County)', value: 5000 },
      ]),
  },
  {
    // A 1,500 sq ft unit: no unit-size fee. Condo 32500 + Radon 15000 = 47500; RADONCHECK 20% of
    // radon = 3000; tax 7.5% of (32500 + 12000) = 3337.5 -> 3338; 47500 - 3000 + 3338 = 47838.
    // Minutes 120 + 30.
    name: '24. Condo and Radon with RADONCHECK',
    cart: { services: [S.condo, S.radon] },
    property: { sqft: 1500 },
    coupons: [coupon('radoncheck')],
    expect: { subtotal: 47500, discounts: 3000, taxes: 3338, additional: 0, grand_total: 47838, duration: 150 },
  },
  {
    // HOLIDAY2025 has ended: case 1's 45688.
    name: '25. An ended coupon',
    cart: { services: [S.singleFamily] },
    coupons: [coupon('HOLIDAY2025')],
    expect: { subtotal: 42500, discounts: 0, taxes: 3188, additional: 0, grand_total: 45688, duration: 180 },
    check: (r) => expect(r.refusals.map((x) => x.reason)).toEqual(['expired']),
  },
  {
    // A 1,500 sq ft condo, 32500, is under SPRING25's $400: refused; tax 2437.5 -> 2438; 34938.
    name: '26. A coupon under its minimum order',
    cart: { services: [S.condo] },
    property: { sqft: 1500 },
    coupons: [coupon('SPRING25')],
    expect: { subtotal: 32500, discounts: 0, taxes: 2438, additional: 0, grand_total: 34938, duration: 120 },
    check: (r) =>
      expect(r.refusals).toEqual([
        { code: 'SPRING25', reason: 'minimum_order', message: 'This coupon needs an order of at least $400.00.' },
      ]),
  },
  {
    // Sale price $2,000,000: luxury 15000; basement adds nothing. 42500 + 15000 = 57500;
    // tax 4312.5 -> 4313; 61813.
    name: '27. Single-Family at $2,000,000 on a basement',
    cart: { services: [S.singleFamily] },
    property: { sales_price: '2,000,000', foundation_type_id: 1 },
    expect: { subtotal: 57500, discounts: 0, taxes: 4313, additional: 0, grand_total: 61813, duration: 180 },
  },
];

describe('priceOrder over the demo catalogue', () => {
  const extended = demoCatalogue(EXTENDED_RULES);
  it.each(GOLDEN.map((g) => [g.name, g] as const))('%s', (_name, golden) => {
    const result = priceOrder(
      pricingInput({
        catalogue: golden.extended ? extended : demoCatalogue(),
        cart: { ...EMPTY_CART, ...golden.cart },
        property: { ...PLAIN_PROPERTY, ...golden.property },
        coupons: golden.coupons ?? [],
        settings: { ...DEMO_SETTINGS, ...golden.settings },
        pacOptOut: golden.pacOptOut ?? false,
      }),
    );
    const { totals } = result.pricing;
    expect({
      subtotal: totals.subtotal,
      discounts: totals.discounts,
      taxes: totals.taxes,
      additional: totals.additional,
      grand_total: totals.grand_total,
      duration: result.duration,
    }).toEqual(golden.expect);
    expect(pricingSchema.parse(result.pricing)).toEqual(result.pricing);
    golden.check?.(result);
  });

  // House rule 16 over every golden cart, each under the settings that change what is shown.
  const views = [
    ['taxes shown', {}],
    ['taxes hidden', { doNotShowTaxInPackages: true }],
    ['fees hidden', { hideAllFees: true }],
  ] as const;
  it.each(GOLDEN.flatMap((g) => views.map(([view, settings]) => [g.name, view, g, settings] as const)))(
    '%s, %s: the displayed lines add up to the displayed total',
    (_name, _view, golden, settings) => {
      const { pricing } = priceOrder(
        pricingInput({
          catalogue: golden.extended ? extended : demoCatalogue(),
          cart: { ...EMPTY_CART, ...golden.cart },
          property: { ...PLAIN_PROPERTY, ...golden.property },
          coupons: golden.coupons ?? [],
          settings: { ...DEMO_SETTINGS, ...golden.settings, ...settings },
          pacOptOut: golden.pacOptOut ?? false,
        }),
      );
      const shown = displayLines(pricing);
      const amounts = shown.lines.map((line) => line.amount);
      if (shown.total === null) {
        expect(amounts.every((amount) => amount === null)).toBe(true);
        return;
      }
      expect(amounts.reduce<number>((sum, amount) => sum + amount!, 0)).toBe(shown.total);
      expect(shown.total).toBe(pricing.totals.display_total);
      // The package line is the package's price before its savings: the line and its Bundle Savings are what it adds.
      const pkg = shown.lines.filter((line) => line.kind === 'package' || line.kind === 'bundle-savings');
      expect(pkg.reduce((sum, line) => sum + line.amount!, 0)).toBe(pricing.package?.amount ?? 0);
    },
  );
});
