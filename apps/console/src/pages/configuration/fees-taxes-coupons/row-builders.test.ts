import { describe, expect, it } from 'vitest';
import { couponSchema, feeSchema, INT32_MAX, taxSchema } from '@scheduler/contracts/company-document';
import { officeTaxSchema, pricingCouponSchema, pricingFeeSchema, tripFeeSchema } from '@scheduler/contracts/pricing';
import {
  newCoupon,
  newFee,
  newTax,
  newTripFee,
  type CouponValues,
  type FeeValues,
  type TaxValues,
  type TierValues,
  type TripFeeValues,
} from './pricing-values.ts';
import {
  buildCoupon,
  buildFee,
  buildTax,
  buildTiers,
  buildTripFee,
  isoDay,
  MAX_TIERS,
  MAX_ZONES,
  postalCodesOf,
  PROBLEMS,
  tierSpec,
  type Built,
  type RowProblem,
} from './row-builders.ts';

/**
 * One row of the Fees, taxes and coupons form made into its document entry: each bound at its
 * limit taken and one past it refused at the row's field, and what a builder lets through taken
 * by the schema the server saves with (so the page never sends what the server refuses).
 */

const HOME = '7d1a4c2e-0b3f-4e5a-9c6d-8e7f6a5b4c3d';
const COLUMBUS = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
const OFFICES: ReadonlySet<string> = new Set([COLUMBUS]);

const itemOf = (built: Built) => {
  if (!built.ok) throw new Error(`refused: ${JSON.stringify(built.problems)}`);
  return built.item;
};
const problemsOf = (built: Built): RowProblem[] => (built.ok ? [] : built.problems);
const fieldsOf = (built: Built) => problemsOf(built).map((problem) => problem.field);

const fee = (change: Partial<FeeValues> = {}): FeeValues => ({
  ...newFee(),
  code: 'home-size',
  description: 'Home size',
  services: [HOME],
  amount: '75',
  ...change,
});
const tripFee = (change: Partial<TripFeeValues> = {}): TripFeeValues => ({
  ...newTripFee(),
  code: 'north',
  description: 'North side',
  zones: [{ postalCodes: '43015', amount: '35' }],
  ...change,
});
const tax = (change: Partial<TaxValues> = {}): TaxValues => ({
  ...newTax(),
  code: 'ohio',
  name: 'Ohio sales tax',
  rate: '7.25',
  ...change,
});
const coupon = (change: Partial<CouponValues> = {}): CouponValues => ({
  ...newCoupon(),
  code: 'SPRING25',
  name: 'Spring',
  percent: '10',
  ...change,
});
const tiers = (...rows: Array<[string, string]>): TierValues[] => rows.map(([upTo, amount]) => ({ upTo, amount }));
/** `count` rising tiers, the last open-ended. */
const rising = (count: number): TierValues[] =>
  Array.from({ length: count }, (_, index) => ({ upTo: index === count - 1 ? '' : String(index + 1), amount: '1' }));

describe('tierSpec', () => {
  it("names each kind's bound as its schema does, with its range in words", () => {
    expect(tierSpec('square_feet_tiers', 'pricing')).toMatchObject({ key: 'up_to_sqft', min: 1, max: 1_000_000 });
    expect(tierSpec('age_tiers', 'pricing')).toMatchObject({ key: 'up_to_years', min: 0, max: 1000 });
    expect(tierSpec('sales_price_tiers', 'pricing')).toMatchObject({ key: 'up_to_cents', min: 1, money: true });
    expect(tierSpec('distance_bands', 'pricing')).toMatchObject({ key: 'up_to_miles', min: 0, max: 10_000 });
    expect(tierSpec('square_feet_tiers', 'pricing').range('USD')).toBe('1 to 1,000,000.');
    expect(tierSpec('sales_price_tiers', 'pricing').range('USD')).toBe('$0.01 to $100,000,000.00.');
    expect(tierSpec('distance_bands', 'pricing').problem('USD')).toBe('Enter whole miles from 0 to 10,000.');
  });

  it("gives a short-form fee's square feet the database integer as their limit", () => {
    expect(tierSpec('square_feet_tiers', 'short').max).toBe(INT32_MAX);
    expect(tierSpec('square_feet_tiers', 'short').range('USD')).toBe('1 to 2,147,483,647.');
    // Only square feet differ: the other kinds have no short form of their own.
    expect(tierSpec('age_tiers', 'short')).toMatchObject({ max: 1000 });
  });

  it('says a sales price in the currency it is typed in', () => {
    expect(tierSpec('sales_price_tiers', 'pricing').problem('EUR')).toBe(
      'Enter a price from €0.01 to €100,000,000.00.',
    );
  });
});

describe('buildTiers', () => {
  const build = (rows: TierValues[], kind: Parameters<typeof buildTiers>[1] = 'distance_bands') => {
    const problems: RowProblem[] = [];
    const built = buildTiers(rows, kind, 'pricing', 'USD', 'bands', problems);
    return { built, problems };
  };

  it('writes each bound under its kind’s key, money as cents, and an empty last bound as null', () => {
    expect(build(tiers(['5', '0'], ['25', '35.50'], ['', '60']))).toEqual({
      built: [
        { up_to_miles: 5, amount_cents: 0 },
        { up_to_miles: 25, amount_cents: 3550 },
        { up_to_miles: null, amount_cents: 6000 },
      ],
      problems: [],
    });
    expect(build(tiers(['$1,000.50', '1']), 'sales_price_tiers').built).toEqual([
      { up_to_cents: 100_050, amount_cents: 100 },
    ]);
  });

  it('takes miles from 0 to 10,000 and refuses 10,001, at that band', () => {
    expect(build(tiers(['0', '0'], ['10,000', '1'])).problems).toEqual([]);
    expect(build(tiers(['0', '0'], ['10001', '1'])).problems).toEqual([
      { field: 'bands.1.upTo', message: 'Enter whole miles from 0 to 10,000.' },
    ]);
  });

  it('refuses a bound that is not a whole number, and does not compare the next one with it', () => {
    expect(build(tiers(['2.5', '0'], ['1', '1'], ['', '2'])).problems).toEqual([
      { field: 'bands.0.upTo', message: 'Enter whole miles from 0 to 10,000.' },
    ]);
  });

  it('names the bound before in the words of its kind when a bound does not rise', () => {
    expect(build(tiers(['1,500', '0'], ['1500', '1'])).problems).toEqual([
      { field: 'bands.1.upTo', message: PROBLEMS.tierRise('1,500') },
    ]);
    expect(build(tiers(['100', '0'], ['99.99', '1']), 'sales_price_tiers').problems).toEqual([
      { field: 'bands.1.upTo', message: PROBLEMS.tierRise('$100.00') },
    ]);
  });

  it('takes an amount of exactly $1,000,000.00 and refuses one cent more', () => {
    expect(build(tiers(['', '1,000,000.00'])).built).toEqual([{ up_to_miles: null, amount_cents: 100_000_000 }]);
    expect(build(tiers(['', '1000000.01'])).problems).toEqual([
      { field: 'bands.0.amount', message: PROBLEMS.amount('USD') },
    ]);
  });

  it(`takes ${MAX_TIERS} tiers and refuses one more at the last`, () => {
    expect(build(rising(MAX_TIERS)).problems).toEqual([]);
    expect(build(rising(MAX_TIERS + 1)).problems).toEqual([
      { field: `bands.${MAX_TIERS}.upTo`, message: PROBLEMS.tooManyTiers },
    ]);
  });

  it('says every problem of every tier, in order', () => {
    expect(build(tiers(['', 'x'], ['abc', '1'], ['', ''])).problems.map((p) => p.field)).toEqual([
      'bands.0.upTo',
      'bands.0.amount',
      'bands.1.upTo',
      'bands.2.amount',
    ]);
  });
});

describe('buildFee', () => {
  it('writes a flat fee on its services, the schema taking it', () => {
    const item = itemOf(buildFee(fee({ code: ' home-size ', description: ' Home size ' }), 'USD'));
    expect(item).toEqual({
      code: 'home-size',
      description: 'Home size',
      scope: 'service',
      services: [HOME],
      rule: { kind: 'flat', amount_cents: 7500 },
    });
    expect(pricingFeeSchema.safeParse(item).success).toBe(true);
  });

  it('drops the services of an order fee: it is charged once per order', () => {
    expect(itemOf(buildFee(fee({ scope: 'order' }), 'USD'))).toMatchObject({ scope: 'order', services: [] });
  });

  it('takes a code of 60 characters and a description of 200, refusing one more of either', () => {
    const longest = fee({ code: 'a'.repeat(60), description: 'd'.repeat(200) });
    expect(pricingFeeSchema.safeParse(itemOf(buildFee(longest, 'USD'))).success).toBe(true);
    expect(problemsOf(buildFee(fee({ code: 'a'.repeat(61), description: 'd'.repeat(201) }), 'USD'))).toEqual([
      { field: 'code', message: PROBLEMS.feeCode },
      { field: 'description', message: PROBLEMS.description },
    ]);
  });

  it('refuses a code with capitals or spaces, and a description of spaces only', () => {
    expect(fieldsOf(buildFee(fee({ code: 'Home' }), 'USD'))).toEqual(['code']);
    expect(fieldsOf(buildFee(fee({ code: 'home size' }), 'USD'))).toEqual(['code']);
    expect(fieldsOf(buildFee(fee({ description: '   ' }), 'USD'))).toEqual(['description']);
  });

  it('takes "built before" years 1200 and 3000 (commas allowed), refusing 1199 and 3001', () => {
    const year = (text: string) => buildFee(fee({ kind: 'built_before_year', year: text, amount: '25' }), 'USD');
    expect(itemOf(year('1,200')).rule).toEqual({ kind: 'built_before_year', year: 1200, amount_cents: 2500 });
    expect(pricingFeeSchema.safeParse(itemOf(year('3000'))).success).toBe(true);
    expect(problemsOf(year('1199'))).toEqual([{ field: 'year', message: PROBLEMS.year }]);
    expect(problemsOf(year('3001'))).toEqual([{ field: 'year', message: PROBLEMS.year }]);
    expect(problemsOf(year(''))).toEqual([{ field: 'year', message: PROBLEMS.year }]);
  });

  it('refuses a flat amount that is negative, has three decimals, or is words', () => {
    for (const amount of ['-5', '75.001', 'seventy', ''])
      expect(problemsOf(buildFee(fee({ amount }), 'USD'))).toEqual([
        { field: 'amount', message: PROBLEMS.amount('USD') },
      ]);
  });

  it('reads amounts in the currency of the document: yen have no decimals', () => {
    expect(itemOf(buildFee(fee({ amount: '7550' }), 'JPY')).rule).toEqual({ kind: 'flat', amount_cents: 7550 });
    expect(fieldsOf(buildFee(fee({ amount: '75.50' }), 'JPY'))).toEqual(['amount']);
  });

  it("writes a short-form fee's square feet up to the database integer, and the short schema takes it", () => {
    const item = itemOf(
      buildFee(
        fee({ origin: 'short', kind: 'square_feet_tiers', tiers: tiers(['2147483647', '0'], ['', '5']) }),
        'USD',
      ),
    );
    expect(item.rule).toEqual({
      kind: 'square_feet_tiers',
      tiers: [
        { up_to_sqft: INT32_MAX, amount_cents: 0 },
        { up_to_sqft: null, amount_cents: 500 },
      ],
    });
    expect(feeSchema.safeParse(item).success).toBe(true);
  });

  it('puts tier problems under "tiers"', () => {
    expect(problemsOf(buildFee(fee({ kind: 'age_tiers', tiers: tiers(['1001', '0'], ['', '1']) }), 'USD'))).toEqual([
      { field: 'tiers.0.upTo', message: 'Enter a whole number of years from 0 to 1,000.' },
    ]);
  });

  it('never builds a fee set on the Property questions page', () => {
    expect(() => buildFee(fee({ kind: 'control' }), 'USD')).toThrow(/Property questions page/);
    expect(() => buildFee(fee({ kind: 'foundation_type' }), 'USD')).toThrow(/Property questions page/);
  });
});

describe('postalCodesOf', () => {
  it('reads codes separated by commas, semicolons, spaces or lines, in capitals, each once', () => {
    expect(postalCodesOf(' 43015, 43040;43064\n43015  k1a 0b1 ')).toEqual(['43015', '43040', '43064', 'K1A', '0B1']);
    expect(postalCodesOf('')).toEqual([]);
    expect(postalCodesOf(' ,, ; \n')).toEqual([]);
  });
});

describe('buildTripFee', () => {
  const codes = (count: number) => Array.from({ length: count }, (_, i) => String(10_000 + i)).join(', ');

  it('writes zones of postal codes for every office, the schema taking it', () => {
    const item = itemOf(
      buildTripFee(tripFee({ zones: [{ postalCodes: '43015 43040', amount: '35.50' }] }), 'USD', OFFICES),
    );
    expect(item).toEqual({
      kind: 'postal_codes',
      code: 'north',
      description: 'North side',
      office: null,
      zones: [{ postal_codes: ['43015', '43040'], amount_cents: 3550 }],
    });
    expect(tripFeeSchema.safeParse(item).success).toBe(true);
  });

  it('writes distance bands for one of the offices, problems under "bands"', () => {
    const bands = tiers(['10', '0'], ['', '25']);
    const item = itemOf(buildTripFee(tripFee({ kind: 'distance_bands', office: COLUMBUS, bands }), 'USD', OFFICES));
    expect(item).toMatchObject({
      kind: 'distance_bands',
      office: COLUMBUS,
      bands: [
        { up_to_miles: 10, amount_cents: 0 },
        { up_to_miles: null, amount_cents: 2500 },
      ],
    });
    expect(item).not.toHaveProperty('zones');
    expect(tripFeeSchema.safeParse(item).success).toBe(true);
    expect(
      problemsOf(
        buildTripFee(tripFee({ kind: 'distance_bands', bands: tiers(['', '0'], ['5', '1']) }), 'USD', OFFICES),
      ),
    ).toEqual([{ field: 'bands.0.upTo', message: PROBLEMS.tierOpen }]);
  });

  it('refuses an office the company no longer has', () => {
    expect(problemsOf(buildTripFee(tripFee({ office: 'gone' }), 'USD', OFFICES))).toEqual([
      { field: 'office', message: PROBLEMS.unknownOffice },
    ]);
  });

  it('takes postal codes of 2 and 10 characters, refusing 1 and 11', () => {
    const zone = (postalCodes: string) =>
      buildTripFee(tripFee({ zones: [{ postalCodes, amount: '5' }] }), 'USD', OFFICES);
    expect(problemsOf(zone('OH, 1234567890'))).toEqual([]);
    expect(problemsOf(zone('43015, 4'))).toEqual([{ field: 'zones.0.postalCodes', message: PROBLEMS.postalCodes }]);
    expect(problemsOf(zone('12345678901'))).toEqual([{ field: 'zones.0.postalCodes', message: PROBLEMS.postalCodes }]);
    expect(problemsOf(zone(' '))).toEqual([{ field: 'zones.0.postalCodes', message: PROBLEMS.postalCodes }]);
  });

  it('takes 2,000 postal codes in a zone and refuses 2,001 (the same code typed twice counts once)', () => {
    const zone = (postalCodes: string) =>
      buildTripFee(tripFee({ zones: [{ postalCodes, amount: '5' }] }), 'USD', OFFICES);
    const most = itemOf(zone(`${codes(2000)}, 10000`));
    expect((most.zones as Array<{ postal_codes: string[] }>)[0]!.postal_codes).toHaveLength(2000);
    expect(tripFeeSchema.safeParse(most).success).toBe(true);
    expect(fieldsOf(zone(codes(2001)))).toEqual(['zones.0.postalCodes']);
  });

  it(`takes ${MAX_ZONES} zones and refuses one more at the last`, () => {
    const zones = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ postalCodes: String(10_000 + i), amount: '1' }));
    const most = itemOf(buildTripFee(tripFee({ zones: zones(MAX_ZONES) }), 'USD', OFFICES));
    expect(tripFeeSchema.safeParse(most).success).toBe(true);
    expect(problemsOf(buildTripFee(tripFee({ zones: zones(MAX_ZONES + 1) }), 'USD', OFFICES))).toEqual([
      { field: `zones.${MAX_ZONES}.postalCodes`, message: PROBLEMS.tooManyZones },
    ]);
  });

  it("says a zone's amount at that zone", () => {
    expect(
      problemsOf(
        buildTripFee(
          tripFee({
            zones: [
              { postalCodes: '43015', amount: '5' },
              { postalCodes: '43040', amount: 'five' },
            ],
          }),
          'USD',
          OFFICES,
        ),
      ),
    ).toEqual([{ field: 'zones.1.amount', message: PROBLEMS.amount('USD') }]);
  });
});

describe('buildTax', () => {
  it('writes a pricing tax with its office and additional charges, the schema taking it', () => {
    const item = itemOf(
      buildTax(tax({ office: COLUMBUS, services: [HOME], additionalCharges: true, rate: '6.0625' }), OFFICES),
    );
    expect(item).toEqual({
      code: 'ohio',
      name: 'Ohio sales tax',
      office: COLUMBUS,
      rate_percent: 6.0625,
      services: [HOME],
      additional_charges: true,
    });
    expect(officeTaxSchema.safeParse(item).success).toBe(true);
  });

  it('writes a short-form tax without an office or additional charges, whatever the row holds', () => {
    const item = itemOf(buildTax(tax({ origin: 'short', office: 'gone', additionalCharges: true }), OFFICES));
    expect(item).toEqual({ code: 'ohio', name: 'Ohio sales tax', rate_percent: 7.25, services: [] });
    expect(taxSchema.safeParse(item).success).toBe(true);
  });

  it('refuses an office the company no longer has, only in the pricing section', () => {
    expect(problemsOf(buildTax(tax({ office: 'gone' }), OFFICES))).toEqual([
      { field: 'office', message: PROBLEMS.unknownOffice },
    ]);
  });

  it('takes rates of 0 and 100, refusing 100.0001, five decimals and a sign', () => {
    expect(itemOf(buildTax(tax({ rate: '0' }), OFFICES)).rate_percent).toBe(0);
    expect(itemOf(buildTax(tax({ rate: '100%' }), OFFICES)).rate_percent).toBe(100);
    for (const rate of ['100.0001', '7.12345', '-1', ''])
      expect(problemsOf(buildTax(tax({ rate }), OFFICES))).toEqual([{ field: 'rate', message: PROBLEMS.rate }]);
  });

  it('takes a name of 100 characters and refuses 101, and a code as fees have them', () => {
    expect(problemsOf(buildTax(tax({ name: 'n'.repeat(100) }), OFFICES))).toEqual([]);
    expect(problemsOf(buildTax(tax({ name: 'n'.repeat(101), code: 'Ohio' }), OFFICES))).toEqual([
      { field: 'code', message: PROBLEMS.feeCode },
      { field: 'name', message: PROBLEMS.name },
    ]);
  });
});

describe('isoDay', () => {
  it('takes a real calendar day as YYYY-MM-DD, spaces around it trimmed', () => {
    expect(isoDay(' 2028-02-29 ')).toBe('2028-02-29');
    expect(isoDay('2026-12-31')).toBe('2026-12-31');
  });

  it('refuses a day that is not in the calendar, or is written another way', () => {
    for (const text of ['2027-02-29', '2026-13-01', '2026-04-31', '2026-1-5', '12/01/2026', ''])
      expect(isoDay(text)).toBeNull();
  });
});

describe('buildCoupon', () => {
  it('writes a pricing coupon with every field, the schema taking it', () => {
    const item = itemOf(
      buildCoupon(
        coupon({
          validFrom: '2026-03-01',
          validUntil: '2026-05-31',
          maxRedemptions: '1,000',
          minOrder: '300',
          services: [HOME],
          active: false,
        }),
        'USD',
      ),
    );
    expect(item).toEqual({
      code: 'SPRING25',
      name: 'Spring',
      discount: { kind: 'percent', percent: 10 },
      valid_from: '2026-03-01',
      valid_until: '2026-05-31',
      max_redemptions: 1000,
      min_order_cents: 30_000,
      services: [HOME],
      active: false,
    });
    expect(pricingCouponSchema.safeParse(item).success).toBe(true);
  });

  it('writes a short-form coupon without a minimum order or services, and the short schema takes it', () => {
    const item = itemOf(buildCoupon(coupon({ origin: 'short', minOrder: '300', services: [HOME] }), 'USD'));
    expect(item).not.toHaveProperty('min_order_cents');
    expect(item).not.toHaveProperty('services');
    expect(couponSchema.safeParse(item).success).toBe(true);
  });

  it('takes percentages from 0.0001 to 100, refusing 0 and 100.0001', () => {
    const percent = (text: string) => buildCoupon(coupon({ percent: text }), 'USD');
    expect(itemOf(percent('0.0001')).discount).toEqual({ kind: 'percent', percent: 0.0001 });
    expect(itemOf(percent('100')).discount).toEqual({ kind: 'percent', percent: 100 });
    expect(problemsOf(percent('0'))).toEqual([{ field: 'percent', message: PROBLEMS.percent }]);
    expect(problemsOf(percent('100.0001'))).toEqual([{ field: 'percent', message: PROBLEMS.percent }]);
  });

  it('takes an amount off from one cent to $1,000,000.00, refusing 0', () => {
    const amount = (text: string) => buildCoupon(coupon({ discountKind: 'amount', amount: text }), 'USD');
    expect(itemOf(amount('0.01')).discount).toEqual({ kind: 'amount', amount_cents: 1 });
    expect(itemOf(amount('1,000,000')).discount).toEqual({ kind: 'amount', amount_cents: 100_000_000 });
    expect(problemsOf(amount('0'))).toEqual([{ field: 'amount', message: PROBLEMS.discountAmount('USD') }]);
    expect(problemsOf(amount('1000000.01'))).toEqual([{ field: 'amount', message: PROBLEMS.discountAmount('USD') }]);
  });

  it('takes codes of 2 and 40 letters, digits, "-" or "_", in any capitals', () => {
    expect(problemsOf(buildCoupon(coupon({ code: 'ab' }), 'USD'))).toEqual([]);
    expect(problemsOf(buildCoupon(coupon({ code: `Aa_-${'9'.repeat(36)}` }), 'USD'))).toEqual([]);
    for (const code of ['A', 'A'.repeat(41), 'SPRING 25', 'SPRING!'])
      expect(problemsOf(buildCoupon(coupon({ code }), 'USD'))).toEqual([
        { field: 'code', message: PROBLEMS.couponCode },
      ]);
  });

  it('takes a last day equal to the first and refuses one before it, at the last day', () => {
    expect(problemsOf(buildCoupon(coupon({ validFrom: '2026-03-01', validUntil: '2026-03-01' }), 'USD'))).toEqual([]);
    expect(problemsOf(buildCoupon(coupon({ validFrom: '2026-03-01', validUntil: '2026-02-28' }), 'USD'))).toEqual([
      { field: 'validUntil', message: PROBLEMS.dateOrder },
    ]);
  });

  it('refuses a day not in the calendar at its own field, and then does not compare the days', () => {
    expect(problemsOf(buildCoupon(coupon({ validFrom: '2026-02-30', validUntil: '2026-01-01' }), 'USD'))).toEqual([
      { field: 'validFrom', message: PROBLEMS.date },
    ]);
  });

  it('takes 10,000,000 uses in the pricing section and the database integer in the short form, one more refused', () => {
    const uses = (origin: 'short' | 'pricing', maxRedemptions: string) =>
      buildCoupon(coupon({ origin, maxRedemptions }), 'USD');
    expect(itemOf(uses('pricing', '10,000,000')).max_redemptions).toBe(10_000_000);
    expect(problemsOf(uses('pricing', '10000001'))).toEqual([
      { field: 'maxRedemptions', message: PROBLEMS.redemptions('pricing') },
    ]);
    expect(itemOf(uses('short', String(INT32_MAX))).max_redemptions).toBe(INT32_MAX);
    expect(problemsOf(uses('short', String(INT32_MAX + 1)))).toEqual([
      { field: 'maxRedemptions', message: PROBLEMS.redemptions('short') },
    ]);
    expect(PROBLEMS.redemptions('short')).toContain('2,147,483,647');
    expect(problemsOf(uses('pricing', '0'))).toHaveLength(1);
    expect(itemOf(uses('pricing', ' ')).max_redemptions).toBeNull();
  });

  it('reads an empty minimum order as none, and refuses one that is not an amount', () => {
    expect(itemOf(buildCoupon(coupon({ minOrder: '' }), 'USD')).min_order_cents).toBe(0);
    expect(problemsOf(buildCoupon(coupon({ minOrder: '3oo' }), 'USD'))).toEqual([
      { field: 'minOrder', message: PROBLEMS.amount('USD') },
    ]);
  });
});
