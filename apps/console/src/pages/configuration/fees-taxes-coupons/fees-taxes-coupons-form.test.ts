import { describe, expect, it } from 'vitest';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { codeFromText, parseCents, parsePercent } from './amounts.ts';
import { applyPricingForm, formFieldOf, UNKNOWN_SERVICE, type ApplyResult } from './fees-taxes-coupons-form.ts';
import {
  newCoupon,
  newFee,
  newTax,
  newTripFee,
  pricingFormValues,
  type CouponValues,
  type FeeValues,
  type PricingFormValues,
  type TierValues,
} from './pricing-values.ts';
import { PROBLEMS } from './row-builders.ts';
import {
  COLUMBUS,
  CRAWLSPACE,
  DAYTON,
  DOCUMENT,
  HOME,
  LUXURY,
  POOL,
  PRICING,
  PRICING_COUPONS,
  PRICING_FEES,
  PRICING_TAXES,
  RADON,
  SHORT_COUPONS,
  SHORT_FEES,
  SHORT_TAXES,
  TRIP_FEES,
} from '../../../test-support/configuration-documents/pricing-test-document.ts';

const loaded = pricingFormValues(DOCUMENT);
const clone = (): PricingFormValues => structuredClone(loaded);
const apply = (values: PricingFormValues, document: Record<string, unknown> = DOCUMENT) =>
  applyPricingForm(document, pricingFormValues(document), values);
const documentOf = (result: ApplyResult) => {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.document;
};
const problemsOf = (result: ApplyResult) => (result.ok ? [] : result.problems);
/** The schema the server saves with takes the written document. */
const schemaTakes = (document: Record<string, unknown>) => companyDocumentSchema.safeParse(document).success;

/** The form with one more fee (in the pricing section) of these values. */
function withFee(change: Partial<FeeValues>): PricingFormValues {
  const values = clone();
  values.fees.push({ ...newFee(), code: 'new-fee', description: 'A new fee', services: [HOME], ...change });
  return values;
}
const addedFee = (result: ApplyResult) => (documentOf(result).pricing as typeof PRICING).fees.at(-1);
const tiers = (...rows: Array<[string, string]>): TierValues[] => rows.map(([upTo, amount]) => ({ upTo, amount }));

function withCoupon(change: Partial<CouponValues>): PricingFormValues {
  const values = clone();
  values.coupons.push({ ...newCoupon(), code: 'NEWCODE', name: 'New coupon', percent: '10', ...change });
  return values;
}
const addedCoupon = (result: ApplyResult) => (documentOf(result).pricing as typeof PRICING).coupons.at(-1);

describe('pricingFormValues', () => {
  it('lists the short form first, then the pricing section, money as dollars and an open-ended tier as empty', () => {
    expect(loaded.fees.map((f) => [f.origin, f.loadedIndex, f.code, f.locked])).toEqual([
      ['short', 0, 'home-size', false],
      ['short', 1, 'historic-sewer', false],
      ['pricing', 0, 'crawlspace', true],
      ['pricing', 1, 'luxury-home', false],
      ['pricing', 2, 'pool', true],
    ]);
    expect(loaded.fees[0]).toMatchObject({
      scope: 'service',
      services: [HOME],
      kind: 'square_feet_tiers',
      tiers: tiers(['2500', '0.00'], ['', '75.00']),
      codeTouched: true,
    });
    expect(loaded.fees[1]).toMatchObject({ scope: 'order', kind: 'built_before_year', year: '1960', amount: '25.00' });
    expect(loaded.fees[3]).toMatchObject({
      kind: 'sales_price_tiers',
      tiers: tiers(['750000.00', '0.00'], ['', '150.00']),
    });
    expect(loaded.taxes).toEqual([
      {
        ...newTax(),
        origin: 'short',
        loadedIndex: 0,
        code: 'franklin-county',
        name: 'Franklin County Sales Tax',
        rate: '7.5',
      },
      {
        ...newTax(),
        origin: 'pricing',
        loadedIndex: 0,
        code: 'dayton-city',
        name: 'Dayton City Tax',
        office: DAYTON,
        rate: '2.25',
      },
    ]);
    expect(loaded.coupons.map((c) => [c.origin, c.code])).toEqual([
      ['short', 'FIRSTHOME'],
      ['short', 'SERVE50'],
      ['pricing', 'SPRING25'],
      ['pricing', 'RADONCHECK'],
    ]);
    expect(loaded.coupons[2]).toMatchObject({
      discountKind: 'amount',
      amount: '25.00',
      minOrder: '400.00',
      validFrom: '2026-01-01',
      validUntil: '2027-06-30',
      maxRedemptions: '',
      active: true,
    });
    expect(loaded.coupons[3]).toMatchObject({
      discountKind: 'percent',
      percent: '20',
      minOrder: '',
      services: [RADON],
    });
    expect(loaded.tripFees[0]).toMatchObject({
      kind: 'postal_codes',
      office: '',
      zones: [{ postalCodes: '43015, 43040', amount: '35.00' }],
    });
    expect(loaded.tripFees[1]).toMatchObject({
      kind: 'distance_bands',
      office: COLUMBUS,
      bands: tiers(['20', '0.00'], ['', '45.00']),
    });
  });

  it('reads a document without any of these lists as empty ones', () => {
    expect(pricingFormValues({ key: 'demo' })).toEqual({ fees: [], tripFees: [], taxes: [], coupons: [] });
  });

  it('keeps an entry it cannot read as a locked row', () => {
    const values = pricingFormValues({ ...DOCUMENT, coupons: [{ code: 'X', name: 'Broken' }] });
    expect(values.coupons[0]).toMatchObject({ locked: true, code: 'X', name: 'Broken' });
  });
});

describe('applyPricingForm: what passes through', () => {
  it('writes back the document it read, unchanged, and the schema takes it', () => {
    const document = documentOf(apply(clone()));
    expect(document).toEqual(DOCUMENT);
    expect(schemaTakes(document)).toBe(true);
  });

  it('adds no pricing section or list to a document that has none', () => {
    const bare = { ...DOCUMENT, pricing: undefined, fees: undefined, taxes: undefined, coupons: undefined };
    expect(documentOf(apply(pricingFormValues(bare), bare))).toEqual(bare);
  });

  it('passes the question-driven fees, the modifiers, the waivers, the convenience message and other sections through untouched while other entries change', () => {
    const values = clone();
    values.fees[3]!.description = 'Luxury adjustment';
    values.coupons[0]!.name = 'First home';
    values.taxes[1]!.rate = '2.5';
    const document = documentOf(apply(values));
    const pricing = document.pricing as typeof PRICING;
    expect(pricing.fees[0]).toBe(CRAWLSPACE);
    expect(pricing.fees[2]).toBe(POOL);
    expect(pricing.fees[1]).toEqual({ ...LUXURY, description: 'Luxury adjustment' });
    expect(pricing.service_modifiers).toBe(PRICING.service_modifiers);
    expect(pricing.package_fee_waivers).toBe(PRICING.package_fee_waivers);
    expect(pricing.convenience_fee_message).toBe(PRICING.convenience_fee_message);
    expect(pricing.trip_fees).toBe(TRIP_FEES);
    expect(document.notifications).toBe(DOCUMENT.notifications);
    expect(document.booking_changes).toBe(DOCUMENT.booking_changes);
    expect(document.fees).toBe(SHORT_FEES);
    expect(document.coupons).toEqual([
      { ...SHORT_COUPONS[0], name: 'First home', max_redemptions: null, active: true },
      SHORT_COUPONS[1],
    ]);
    expect(pricing.taxes).toEqual([
      { ...PRICING_TAXES[0], rate_percent: 2.5, services: [], additional_charges: false },
    ]);
    expect(schemaTakes(document)).toBe(true);
  });

  it('keeps an unknown key of the pricing section', () => {
    const document = { ...DOCUMENT, pricing: { ...PRICING, future_rules: [1, 2] } };
    const values = pricingFormValues(document);
    values.coupons[2]!.name = 'Spring';
    expect((documentOf(apply(values, document)).pricing as Record<string, unknown>).future_rules).toEqual([1, 2]);
  });

  it('writes a row back unchanged when it is edited and edited back', () => {
    const values = clone();
    values.coupons[2]!.amount = '25';
    values.coupons[2]!.minOrder = '400';
    expect(documentOf(apply(values)).pricing).toBe(PRICING);
  });

  it('removes a short-form fee from the short form, and a pricing coupon from the pricing section', () => {
    const values = clone();
    values.fees.splice(1, 1);
    values.coupons.splice(3, 1);
    const document = documentOf(apply(values));
    expect(document.fees).toEqual([SHORT_FEES[0]]);
    expect((document.pricing as typeof PRICING).coupons).toEqual([PRICING_COUPONS[0]]);
  });
});

describe('applyPricingForm: fees', () => {
  it('adds a new fee to the pricing section, its services and rule as the schema has them', () => {
    const result = apply(withFee({ amount: '75.5' }));
    expect(addedFee(result)).toEqual({
      code: 'new-fee',
      description: 'A new fee',
      scope: 'service',
      services: [HOME],
      rule: { kind: 'flat', amount_cents: 7550 },
    });
    expect(documentOf(result).fees).toBe(SHORT_FEES);
    expect(schemaTakes(documentOf(result))).toBe(true);
  });

  it('charges an order fee once: its services are dropped', () => {
    expect(addedFee(apply(withFee({ scope: 'order', amount: '10' })))).toMatchObject({ scope: 'order', services: [] });
  });

  it.each([
    ['0', 0],
    ['0.10', 10],
    ['1,000,000.00', 100_000_000],
  ])('takes an amount of %j as %d cents', (text, cents) => {
    expect(addedFee(apply(withFee({ amount: text })))).toMatchObject({ rule: { amount_cents: cents } });
  });

  it.each(['1000000.01', '75.555', '-1', 'ten', ''])('refuses an amount of %j at the amount', (text) => {
    expect(problemsOf(apply(withFee({ amount: text })))).toEqual([
      { field: 'fees.5.amount', message: PROBLEMS.amount('USD') },
    ]);
  });

  it('takes a year from 1200 to 3000 for "built before", refusing one past either end', () => {
    expect(addedFee(apply(withFee({ kind: 'built_before_year', year: '1200', amount: '50' })))).toMatchObject({
      rule: { kind: 'built_before_year', year: 1200, amount_cents: 5000 },
    });
    expect(addedFee(apply(withFee({ kind: 'built_before_year', year: '3000', amount: '50' })))).toMatchObject({
      rule: { year: 3000 },
    });
    for (const year of ['1199', '3001', '', '19.5'])
      expect(problemsOf(apply(withFee({ kind: 'built_before_year', year, amount: '50' })))).toEqual([
        { field: 'fees.5.year', message: PROBLEMS.year },
      ]);
  });

  it('refuses a code the schema refuses, and a description empty or past 200 characters', () => {
    expect(problemsOf(apply(withFee({ code: 'Home Size', amount: '1' })))).toEqual([
      { field: 'fees.5.code', message: PROBLEMS.feeCode },
    ]);
    expect(problemsOf(apply(withFee({ code: 'x'.repeat(61), amount: '1' })))).toEqual([
      { field: 'fees.5.code', message: PROBLEMS.feeCode },
    ]);
    expect(addedFee(apply(withFee({ code: 'x'.repeat(60), amount: '1' })))).toMatchObject({ code: 'x'.repeat(60) });
    expect(problemsOf(apply(withFee({ description: ' ', amount: '1' })))).toEqual([
      { field: 'fees.5.description', message: PROBLEMS.description },
    ]);
    expect(problemsOf(apply(withFee({ description: 'd'.repeat(201), amount: '1' })))).toEqual([
      { field: 'fees.5.description', message: PROBLEMS.description },
    ]);
    expect(addedFee(apply(withFee({ description: 'd'.repeat(200), amount: '1' })))).toMatchObject({
      description: 'd'.repeat(200),
    });
  });

  it('refuses a code another fee has, in either form, at the later one', () => {
    expect(problemsOf(apply(withFee({ code: 'home-size', amount: '1' })))).toEqual([
      { field: 'fees.5.code', message: 'Another fee has this code: each fee needs its own.' },
    ]);
    expect(problemsOf(apply(withFee({ code: 'crawlspace', amount: '1' })))).toEqual([
      { field: 'fees.5.code', message: 'Another fee has this code: each fee needs its own.' },
    ]);
  });

  it('refuses a service no longer offered', () => {
    expect(
      problemsOf(apply(withFee({ services: [HOME, 'a1c0ffee-0000-4000-8000-0000000000ff'], amount: '1' }))),
    ).toEqual([{ field: 'fees.5.services', message: UNKNOWN_SERVICE }]);
    expect(
      addedFee(apply(withFee({ scope: 'order', services: ['a1c0ffee-0000-4000-8000-0000000000ff'], amount: '1' }))),
    ).toMatchObject({ scope: 'order', services: [] });
  });
});

describe('applyPricingForm: tiers', () => {
  const sqft = (rows: TierValues[]) => apply(withFee({ kind: 'square_feet_tiers', tiers: rows }));

  it('writes rising tiers with the last open-ended, and the schema takes them', () => {
    const result = sqft(tiers(['2,500', '0'], ['3500', '75'], ['', '275']));
    expect(addedFee(result)).toMatchObject({
      rule: {
        kind: 'square_feet_tiers',
        tiers: [
          { up_to_sqft: 2500, amount_cents: 0 },
          { up_to_sqft: 3500, amount_cents: 7500 },
          { up_to_sqft: null, amount_cents: 27_500 },
        ],
      },
    });
    expect(schemaTakes(documentOf(result))).toBe(true);
  });

  it('takes a last tier with a bound (nothing above it is charged), and a single open-ended tier', () => {
    expect(addedFee(sqft(tiers(['1', '0'], ['1,000,000', '5'])))).toMatchObject({
      rule: { tiers: [{ up_to_sqft: 1 }, { up_to_sqft: 1_000_000 }] },
    });
    expect(addedFee(sqft(tiers(['', '5'])))).toMatchObject({
      rule: { tiers: [{ up_to_sqft: null, amount_cents: 500 }] },
    });
  });

  it('refuses square feet of 0 or past 1,000,000 (a short-form fee: past the database integer)', () => {
    const message = 'Enter whole square feet from 1 to 1,000,000.';
    expect(problemsOf(sqft(tiers(['0', '0'], ['', '5'])))).toEqual([{ field: 'fees.5.tiers.0.upTo', message }]);
    expect(problemsOf(sqft(tiers(['1000001', '0'], ['', '5'])))).toEqual([{ field: 'fees.5.tiers.0.upTo', message }]);
    const values = clone();
    values.fees[0]!.tiers = tiers(['2147483647', '0'], ['', '5']);
    expect(documentOf(apply(values)).fees).toEqual([
      {
        ...SHORT_FEES[0],
        rule: {
          kind: 'square_feet_tiers',
          tiers: [
            { up_to_sqft: 2_147_483_647, amount_cents: 0 },
            { up_to_sqft: null, amount_cents: 500 },
          ],
        },
      },
      SHORT_FEES[1],
    ]);
    values.fees[0]!.tiers = tiers(['2147483648', '0'], ['', '5']);
    expect(problemsOf(apply(values))).toEqual([
      { field: 'fees.0.tiers.0.upTo', message: 'Enter whole square feet from 1 to 2,147,483,647.' },
    ]);
  });

  it('refuses a bound equal to the one before (tiers rise), at that tier', () => {
    expect(problemsOf(sqft(tiers(['2500', '0'], ['2500', '75'], ['', '100'])))).toEqual([
      { field: 'fees.5.tiers.1.upTo', message: 'Must be more than the tier before (2,500).' },
    ]);
    expect(problemsOf(sqft(tiers(['2500', '0'], ['2499', '75'], ['', '100'])))).toEqual([
      { field: 'fees.5.tiers.1.upTo', message: 'Must be more than the tier before (2,500).' },
    ]);
    expect(addedFee(sqft(tiers(['2500', '0'], ['2501', '75'])))).toMatchObject({
      rule: { tiers: [{ up_to_sqft: 2500 }, { up_to_sqft: 2501 }] },
    });
  });

  it('refuses an empty bound on any tier but the last', () => {
    expect(problemsOf(sqft(tiers(['', '0'], ['3000', '75'])))).toEqual([
      { field: 'fees.5.tiers.0.upTo', message: PROBLEMS.tierOpen },
    ]);
  });

  it('refuses a tier amount that is not an amount', () => {
    expect(problemsOf(sqft(tiers(['10', 'x'], ['', '1'])))).toEqual([
      { field: 'fees.5.tiers.0.amount', message: PROBLEMS.amount('USD') },
    ]);
  });

  it('takes 50 tiers and refuses 51', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ upTo: i === count - 1 ? '' : String(i + 1), amount: '1' }));
    expect(schemaTakes(documentOf(sqft(many(50))))).toBe(true);
    expect(problemsOf(sqft(many(51)))).toEqual([{ field: 'fees.5.tiers.50.upTo', message: PROBLEMS.tooManyTiers }]);
  });

  it('takes ages from 0 to 1,000 years', () => {
    const age = (rows: TierValues[]) => apply(withFee({ kind: 'age_tiers', tiers: rows }));
    const result = age(tiers(['0', '0'], ['1000', '10']));
    expect(addedFee(result)).toMatchObject({
      rule: {
        kind: 'age_tiers',
        tiers: [
          { up_to_years: 0, amount_cents: 0 },
          { up_to_years: 1000, amount_cents: 1000 },
        ],
      },
    });
    expect(schemaTakes(documentOf(result))).toBe(true);
    expect(problemsOf(age(tiers(['1001', '0'], ['', '10'])))).toEqual([
      { field: 'fees.5.tiers.0.upTo', message: 'Enter a whole number of years from 0 to 1,000.' },
    ]);
  });

  it('takes sales prices in dollars, from one cent, as cents', () => {
    const price = (rows: TierValues[]) => apply(withFee({ kind: 'sales_price_tiers', tiers: rows }));
    const result = price(tiers(['0.01', '0'], ['750,000', '75'], ['', '150']));
    expect(addedFee(result)).toMatchObject({
      rule: {
        kind: 'sales_price_tiers',
        tiers: [{ up_to_cents: 1 }, { up_to_cents: 75_000_000 }, { up_to_cents: null }],
      },
    });
    expect(schemaTakes(documentOf(result))).toBe(true);
    expect(problemsOf(price(tiers(['0', '0'], ['', '150'])))).toEqual([
      { field: 'fees.5.tiers.0.upTo', message: 'Enter a price from $0.01 to $100,000,000.00.' },
    ]);
    expect(problemsOf(price(tiers(['750000', '0'], ['750000.00', '1'])))).toEqual([
      { field: 'fees.5.tiers.1.upTo', message: 'Must be more than the tier before ($750,000.00).' },
    ]);
  });

  it('agrees with the schema, which refuses the same tiers', () => {
    const withRule = (rule: unknown) => ({
      ...DOCUMENT,
      pricing: { ...PRICING, fees: [...PRICING_FEES, { code: 'x', description: 'x', scope: 'order', rule }] },
    });
    expect(
      schemaTakes(
        withRule({
          kind: 'square_feet_tiers',
          tiers: [
            { up_to_sqft: 2500, amount_cents: 0 },
            { up_to_sqft: 2500, amount_cents: 1 },
          ],
        }),
      ),
    ).toBe(false);
    expect(
      schemaTakes(
        withRule({
          kind: 'square_feet_tiers',
          tiers: [
            { up_to_sqft: null, amount_cents: 0 },
            { up_to_sqft: 2500, amount_cents: 1 },
          ],
        }),
      ),
    ).toBe(false);
    expect(
      schemaTakes(withRule({ kind: 'square_feet_tiers', tiers: [{ up_to_sqft: 1_000_001, amount_cents: 0 }] })),
    ).toBe(false);
    expect(schemaTakes(withRule({ kind: 'age_tiers', tiers: [{ up_to_years: 1001, amount_cents: 0 }] }))).toBe(false);
    expect(schemaTakes(withRule({ kind: 'sales_price_tiers', tiers: [{ up_to_cents: 0, amount_cents: 0 }] }))).toBe(
      false,
    );
  });
});

describe('applyPricingForm: trip fees', () => {
  it('adds a trip fee by postal codes for every office, codes read from what was typed', () => {
    const values = clone();
    values.tripFees.push({
      ...newTripFee(),
      code: 'north',
      description: 'North trip',
      zones: [{ postalCodes: '43015, 43040\n43064 43015', amount: '35' }],
    });
    const result = apply(values);
    expect((documentOf(result).pricing as typeof PRICING).trip_fees.at(-1)).toEqual({
      kind: 'postal_codes',
      code: 'north',
      description: 'North trip',
      office: null,
      zones: [{ postal_codes: ['43015', '43040', '43064'], amount_cents: 3500 }],
    });
    expect(schemaTakes(documentOf(result))).toBe(true);
  });

  it('writes distance bands for an office, and refuses a zone without postal codes', () => {
    const values = clone();
    values.tripFees[1]!.bands = tiers(['10', '0'], ['30', '25'], ['', '50']);
    values.tripFees[1]!.office = DAYTON;
    expect((documentOf(apply(values)).pricing as typeof PRICING).trip_fees[1]).toEqual({
      ...TRIP_FEES[1],
      office: DAYTON,
      bands: [
        { up_to_miles: 10, amount_cents: 0 },
        { up_to_miles: 30, amount_cents: 2500 },
        { up_to_miles: null, amount_cents: 5000 },
      ],
    });
    values.tripFees[0]!.zones[0]!.postalCodes = ' , ';
    expect(problemsOf(apply(values))).toEqual([
      { field: 'tripFees.0.zones.0.postalCodes', message: PROBLEMS.postalCodes },
    ]);
  });
});

describe('applyPricingForm: taxes', () => {
  const rate = (text: string) => {
    const values = clone();
    values.taxes[1]!.rate = text;
    return apply(values);
  };
  it.each([
    ['0', 0],
    ['0.0001', 0.0001],
    ['6.0625', 6.0625],
    ['100', 100],
  ])('takes a rate of %j', (text, percent) => {
    const result = rate(text);
    expect((documentOf(result).pricing as typeof PRICING).taxes[0]).toMatchObject({ rate_percent: percent });
    expect(schemaTakes(documentOf(result))).toBe(true);
  });

  it.each(['100.0001', '101', '7.12345', '-1', '', 'seven'])('refuses a rate of %j', (text) => {
    expect(problemsOf(rate(text))).toEqual([{ field: 'taxes.1.rate', message: PROBLEMS.rate }]);
  });

  it('agrees with the schema on 100.0001 and on five decimals', () => {
    const withRate = (rate_percent: number) => ({
      ...DOCUMENT,
      pricing: { ...PRICING, taxes: [{ ...PRICING_TAXES[0], rate_percent }] },
    });
    expect(schemaTakes(withRate(100))).toBe(true);
    expect(schemaTakes(withRate(100.0001))).toBe(false);
    expect(schemaTakes(withRate(7.12345))).toBe(false);
  });

  it('writes a new tax for one office, its services and additional charges; a short-form tax keeps its shape', () => {
    const values = clone();
    values.taxes.push({
      ...newTax(),
      code: 'columbus',
      name: 'Columbus tax',
      office: COLUMBUS,
      rate: '1.25',
      services: [HOME],
      additionalCharges: true,
    });
    values.taxes[0]!.services = [RADON];
    const document = documentOf(apply(values));
    expect(document.taxes).toEqual([{ ...SHORT_TAXES[0], services: [RADON] }]);
    expect((document.pricing as typeof PRICING).taxes).toEqual([
      PRICING_TAXES[0],
      {
        code: 'columbus',
        name: 'Columbus tax',
        office: COLUMBUS,
        rate_percent: 1.25,
        services: [HOME],
        additional_charges: true,
      },
    ]);
    expect(schemaTakes(document)).toBe(true);
  });

  it('refuses a code another tax has, in either form', () => {
    const values = clone();
    values.taxes.push({ ...newTax(), code: 'franklin-county', name: 'Again', rate: '1' });
    expect(problemsOf(apply(values))).toEqual([
      { field: 'taxes.2.code', message: 'Another tax has this code: each tax needs its own.' },
    ]);
  });
});

describe('applyPricingForm: coupons', () => {
  it('adds a coupon to the pricing section with every field the schema has', () => {
    const result = apply(
      withCoupon({
        validFrom: '2026-12-01',
        validUntil: '2026-12-31',
        maxRedemptions: '100',
        minOrder: '300',
        services: [HOME],
        active: false,
      }),
    );
    expect(addedCoupon(result)).toEqual({
      code: 'NEWCODE',
      name: 'New coupon',
      discount: { kind: 'percent', percent: 10 },
      valid_from: '2026-12-01',
      valid_until: '2026-12-31',
      max_redemptions: 100,
      min_order_cents: 30_000,
      services: [HOME],
      active: false,
    });
    expect(documentOf(result).coupons).toBe(SHORT_COUPONS);
    expect(schemaTakes(documentOf(result))).toBe(true);
  });

  it('writes an edited short-form coupon in the short form, in its place', () => {
    const values = clone();
    values.coupons[1]!.amount = '60';
    values.coupons[1]!.maxRedemptions = '2147483647';
    const document = documentOf(apply(values));
    expect(document.coupons).toEqual([
      SHORT_COUPONS[0],
      {
        ...SHORT_COUPONS[1],
        discount: { kind: 'amount', amount_cents: 6000 },
        valid_from: null,
        valid_until: null,
        max_redemptions: 2_147_483_647,
        active: true,
      },
    ]);
    expect(document.pricing).toBe(PRICING);
    expect(schemaTakes(document)).toBe(true);
  });

  it('takes a percentage from 0.0001 to 100, refusing 0 and 100.0001', () => {
    expect(addedCoupon(apply(withCoupon({ percent: '0.0001' })))).toMatchObject({ discount: { percent: 0.0001 } });
    expect(addedCoupon(apply(withCoupon({ percent: '100' })))).toMatchObject({ discount: { percent: 100 } });
    for (const percent of ['0', '100.0001', ''])
      expect(problemsOf(apply(withCoupon({ percent })))).toEqual([
        { field: 'coupons.4.percent', message: PROBLEMS.percent },
      ]);
  });

  it('takes an amount off of one cent or more, refusing 0', () => {
    expect(addedCoupon(apply(withCoupon({ discountKind: 'amount', amount: '0.01' })))).toMatchObject({
      discount: { kind: 'amount', amount_cents: 1 },
    });
    expect(problemsOf(apply(withCoupon({ discountKind: 'amount', amount: '0' })))).toEqual([
      { field: 'coupons.4.amount', message: PROBLEMS.discountAmount('USD') },
    ]);
  });

  it('takes a last day equal to the first, or either alone, and refuses a last day before the first', () => {
    expect(addedCoupon(apply(withCoupon({ validFrom: '2026-12-01', validUntil: '2026-12-01' })))).toMatchObject({
      valid_from: '2026-12-01',
      valid_until: '2026-12-01',
    });
    expect(addedCoupon(apply(withCoupon({ validUntil: '2026-12-01' })))).toMatchObject({
      valid_from: null,
      valid_until: '2026-12-01',
    });
    expect(problemsOf(apply(withCoupon({ validFrom: '2026-12-02', validUntil: '2026-12-01' })))).toEqual([
      { field: 'coupons.4.validUntil', message: PROBLEMS.dateOrder },
    ]);
    expect(problemsOf(apply(withCoupon({ validFrom: '2026-02-30' })))).toEqual([
      { field: 'coupons.4.validFrom', message: PROBLEMS.date },
    ]);
  });

  it('agrees with the schema on the order of the days', () => {
    const withDays = (valid_from: string, valid_until: string) => ({
      ...DOCUMENT,
      pricing: { ...PRICING, coupons: [{ ...PRICING_COUPONS[0], valid_from, valid_until }] },
    });
    expect(schemaTakes(withDays('2026-12-01', '2026-12-01'))).toBe(true);
    expect(schemaTakes(withDays('2026-12-02', '2026-12-01'))).toBe(false);
  });

  it('takes codes of 2 and 40 characters, refusing 1, 41 and other characters', () => {
    expect(addedCoupon(apply(withCoupon({ code: 'AB' })))).toMatchObject({ code: 'AB' });
    expect(addedCoupon(apply(withCoupon({ code: 'a_-9'.repeat(10) })))).toMatchObject({ code: 'a_-9'.repeat(10) });
    for (const code of ['A', 'A'.repeat(41), 'TEN OFF', 'TEN%'])
      expect(problemsOf(apply(withCoupon({ code })))).toEqual([
        { field: 'coupons.4.code', message: PROBLEMS.couponCode },
      ]);
  });

  it('refuses a code another coupon has, whatever its capitals, across the short form and the pricing section', () => {
    const duplicate = 'Another coupon has this code (capitals do not count): each coupon needs its own.';
    expect(problemsOf(apply(withCoupon({ code: 'firsthome' })))).toEqual([
      { field: 'coupons.4.code', message: duplicate },
    ]);
    expect(problemsOf(apply(withCoupon({ code: 'Spring25' })))).toEqual([
      { field: 'coupons.4.code', message: duplicate },
    ]);
    const values = clone();
    values.coupons[1]!.code = 'radoncheck';
    expect(problemsOf(apply(values))).toEqual([{ field: 'coupons.3.code', message: duplicate }]);
  });

  it('agrees with the schema, which refuses a pricing coupon repeating a short-form code in other capitals', () => {
    const document = { ...DOCUMENT, pricing: { ...PRICING, coupons: [{ ...PRICING_COUPONS[0], code: 'FirstHome' }] } };
    const parsed = companyDocumentSchema.safeParse(document);
    expect(parsed.success ? null : parsed.error.issues.map((i) => i.path.join('.'))).toEqual([
      'pricing.coupons.0.code',
    ]);
  });

  it('takes 1 to 10,000,000 uses (empty: no limit), and a minimum order (empty: none)', () => {
    expect(addedCoupon(apply(withCoupon({ maxRedemptions: '1' })))).toMatchObject({
      max_redemptions: 1,
      min_order_cents: 0,
    });
    expect(addedCoupon(apply(withCoupon({ maxRedemptions: '10,000,000' })))).toMatchObject({
      max_redemptions: 10_000_000,
    });
    for (const maxRedemptions of ['0', '10000001', '1.5'])
      expect(problemsOf(apply(withCoupon({ maxRedemptions })))).toEqual([
        { field: 'coupons.4.maxRedemptions', message: PROBLEMS.redemptions('pricing') },
      ]);
    expect(problemsOf(apply(withCoupon({ minOrder: 'lots' })))).toEqual([
      { field: 'coupons.4.minOrder', message: PROBLEMS.amount('USD') },
    ]);
  });
});

describe('formFieldOf', () => {
  const values = withFee({ kind: 'square_feet_tiers', tiers: tiers(['10', '1'], ['', '2']) });
  const result = apply(values);
  const sent = result.ok ? result.sent : {};
  it.each([
    ['pricing.coupons.1.code', 'coupons.3.code'],
    ['coupons.0.valid_until', 'coupons.0.validUntil'],
    ['pricing.coupons.0.discount.amount_cents', 'coupons.2.amount'],
    ['pricing.coupons.0.discount', 'coupons.2.discountKind'],
    ['pricing.coupons.1.services.0', 'coupons.3.services'],
    ['pricing.fees.3.rule.tiers.1.amount_cents', 'fees.5.tiers.1.amount'],
    ['pricing.fees.3.rule.tiers.0.up_to_sqft', 'fees.5.tiers.0.upTo'],
    ['pricing.fees.3.rule.tiers', 'fees.5.tiers.1.upTo'],
    ['fees.1.rule.year', 'fees.1.year'],
    ['pricing.taxes.0.rate_percent', 'taxes.1.rate'],
    ['taxes.0.code', 'taxes.0.code'],
    ['pricing.trip_fees.0.zones.0.postal_codes.1', 'tripFees.0.zones.0.postalCodes'],
    ['pricing.trip_fees.1.bands.0.up_to_miles', 'tripFees.1.bands.0.upTo'],
    ['pricing.fees.0.rule.options.0.amount_cents', null],
    ['pricing.service_modifiers.0.services.0', null],
    ['pricing.coupons.9.code', null],
    ['notifications.brand_color', null],
    [undefined, null],
  ])('puts %j at %j', (path, field) => {
    expect(formFieldOf(path, sent, values)).toBe(field);
  });
});

describe('the readers', () => {
  it('reads money digit by digit', () => {
    expect(parseCents('0.10', 'USD', 100)).toBe(10);
    expect(parseCents('$1,234.5', 'USD', 1_000_000)).toBe(123_450);
    expect(parseCents('1.001', 'USD', 1_000_000)).toBeNull();
    expect(parseCents('101', 'JPY', 100)).toBeNull();
  });

  it('reads percentages to four decimals, exactly', () => {
    expect(parsePercent('0.0001')).toBe(0.0001);
    expect(parsePercent('6.0625 %')).toBe(6.0625);
    expect(parsePercent('100.0001')).toBeNull();
    expect(parsePercent('1.00001')).toBeNull();
  });

  it('makes a fee code from a description', () => {
    expect(codeFromText('Crawlspace access')).toBe('crawlspace-access');
    expect(codeFromText('  Pre-1950 Construction (Ohio)! ')).toBe('pre-1950-construction-ohio');
    expect(codeFromText('Café & Pool')).toBe('cafe-pool');
    expect(codeFromText('x'.repeat(70))).toHaveLength(60);
  });
});
