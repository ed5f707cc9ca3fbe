import { describe, expect, it } from 'vitest';
import {
  currencyOf,
  EDITABLE_FEE_KINDS,
  EMPTY_TIER,
  newCoupon,
  newFee,
  newTax,
  newTripFee,
  pricingFormValues,
  pricingListsOf,
  SHORT_FORM_FEE_KINDS,
} from './pricing-values.ts';
import { buildCoupon, buildFee, buildTax, buildTripFee } from './row-builders.ts';

/**
 * The company document's fees, trip fees, taxes and coupons read as the form's text: where each
 * row came from, what a person types back (money as "75.00"), and what the page cannot edit
 * kept locked. Reading an entry and building it again gives back the same entry.
 */

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const COLUMBUS = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';

const flat = {
  code: 'travel',
  description: 'Travel',
  scope: 'order',
  services: [],
  rule: { kind: 'flat', amount_cents: 1250 },
};
const ageTiers = {
  code: 'old-home',
  description: 'Older home',
  scope: 'service',
  services: [HOME],
  rule: {
    kind: 'age_tiers',
    tiers: [
      { up_to_years: 0, amount_cents: 0 },
      { up_to_years: 50, amount_cents: 2500 },
      { up_to_years: null, amount_cents: 5000 },
    ],
  },
};
const foundation = {
  code: 'foundation',
  description: 'Foundation',
  scope: 'service',
  services: [HOME],
  rule: { kind: 'foundation_type', options: [{ option_id: 3, amount_cents: 4000 }] },
};
const zones = {
  kind: 'postal_codes',
  code: 'north',
  description: 'North side',
  office: null,
  zones: [
    { postal_codes: ['43015', '43040'], amount_cents: 3500 },
    { postal_codes: ['43064'], amount_cents: 5000 },
  ],
};
const bands = {
  kind: 'distance_bands',
  code: 'miles',
  description: 'Distance',
  office: COLUMBUS,
  bands: [
    { up_to_miles: 20, amount_cents: 0 },
    { up_to_miles: null, amount_cents: 4500 },
  ],
};
const officeTax = {
  code: 'columbus',
  name: 'Columbus tax',
  office: COLUMBUS,
  rate_percent: 2.5,
  services: [HOME],
  additional_charges: true,
};
const shortTax = { code: 'ohio', name: 'Ohio', rate_percent: 7.25, services: [] };
const amountCoupon = {
  code: 'SAVE25',
  name: 'Save 25',
  discount: { kind: 'amount', amount_cents: 2500 },
  valid_from: null,
  valid_until: '2026-12-31',
  max_redemptions: 100,
  min_order_cents: 0,
  services: [],
  active: false,
};
const shortCoupon = {
  code: 'FIRST',
  name: 'First home',
  discount: { kind: 'percent', percent: 12.5 },
  valid_from: '2026-01-01',
  valid_until: null,
  max_redemptions: null,
  active: true,
};

describe('new rows', () => {
  it('start in the pricing section, unsaved, unlocked and empty', () => {
    for (const row of [newFee(), newTripFee(), newTax(), newCoupon()])
      expect(row).toMatchObject({ origin: 'pricing', loadedIndex: null, locked: false, code: '' });
    expect(newFee()).toMatchObject({ kind: 'flat', scope: 'service', codeTouched: false, tiers: [EMPTY_TIER] });
    expect(newTripFee()).toMatchObject({ kind: 'postal_codes', office: '', zones: [{ postalCodes: '', amount: '' }] });
    expect(newCoupon()).toMatchObject({ discountKind: 'percent', active: true, maxRedemptions: '' });
  });

  it('are each their own: changing one changes neither the next nor the empty tier', () => {
    const first = newFee();
    first.tiers[0]!.upTo = '2500';
    first.services.push(HOME);
    expect(newFee().tiers).toEqual([{ upTo: '', amount: '' }]);
    expect(newFee().services).toEqual([]);
    expect(EMPTY_TIER).toEqual({ upTo: '', amount: '' });
    const trip = newTripFee();
    trip.zones[0]!.postalCodes = '43015';
    expect(newTripFee().zones[0]!.postalCodes).toBe('');
  });

  it('keep a short-form fee to the rules the short form has', () => {
    expect(SHORT_FORM_FEE_KINDS.every((kind) => EDITABLE_FEE_KINDS.includes(kind))).toBe(true);
    expect(SHORT_FORM_FEE_KINDS).not.toContain('age_tiers');
    expect(SHORT_FORM_FEE_KINDS).not.toContain('sales_price_tiers');
  });
});

describe('pricingListsOf', () => {
  it('reads each list of both forms, an absent or broken one as empty', () => {
    expect(pricingListsOf({ fees: [flat], coupons: 'none', pricing: { taxes: [officeTax], trip_fees: {} } })).toEqual({
      short: { fees: [flat], taxes: [], coupons: [] },
      pricing: { fees: [], trip_fees: [], taxes: [officeTax], coupons: [] },
    });
  });

  it('reads a pricing section that is not an object as an empty one', () => {
    for (const pricing of [null, [], 'pricing', 7])
      expect(pricingListsOf({ pricing }).pricing).toEqual({ fees: [], trip_fees: [], taxes: [], coupons: [] });
  });
});

describe('currencyOf', () => {
  it("takes the document's three-letter currency, and US dollars otherwise", () => {
    expect(currencyOf({ currency: 'EUR' })).toBe('EUR');
    expect(currencyOf({ currency: 'eur' })).toBe('USD');
    expect(currencyOf({ currency: 'EURO' })).toBe('USD');
    expect(currencyOf({ currency: 978 })).toBe('USD');
    expect(currencyOf({})).toBe('USD');
  });
});

describe('pricingFormValues', () => {
  it('reads a flat fee and age tiers as text, a loaded code as typed already', () => {
    const { fees } = pricingFormValues({ pricing: { fees: [flat, ageTiers] } });
    expect(fees[0]).toMatchObject({
      origin: 'pricing',
      loadedIndex: 0,
      locked: false,
      codeTouched: true,
      kind: 'flat',
      scope: 'order',
      amount: '12.50',
    });
    expect(fees[1]).toMatchObject({
      loadedIndex: 1,
      kind: 'age_tiers',
      services: [HOME],
      tiers: [
        { upTo: '0', amount: '0.00' },
        { upTo: '50', amount: '25.00' },
        { upTo: '', amount: '50.00' },
      ],
    });
  });

  it('reads amounts in the currency of the document: yen without decimals', () => {
    const { fees } = pricingFormValues({ currency: 'JPY', pricing: { fees: [flat] } });
    expect(fees[0]!.amount).toBe('1250');
  });

  it('locks a fee set by a property question, keeping its code and services to show', () => {
    expect(pricingFormValues({ pricing: { fees: [foundation] } }).fees[0]).toMatchObject({
      locked: true,
      kind: 'foundation_type',
      code: 'foundation',
      services: [HOME],
    });
  });

  it('locks an entry it cannot read, keeping its code and name only when they are text', () => {
    const values = pricingFormValues({
      fees: [{ code: 'odd', description: 'Odd fee', rule: { kind: 'unknown' } }],
      pricing: { trip_fees: [{ kind: 'by_moon', code: 7, description: null }], taxes: [{ name: 'Half' }] },
    });
    expect(values.fees[0]).toMatchObject({ origin: 'short', locked: true, code: 'odd', description: 'Odd fee' });
    expect(values.tripFees[0]).toMatchObject({ locked: true, code: '', description: '' });
    expect(values.taxes[0]).toMatchObject({ origin: 'pricing', locked: true, code: '', name: 'Half' });
  });

  it("reads a trip fee's zones as the codes typed with commas, and an office of every office as empty", () => {
    const { tripFees } = pricingFormValues({ pricing: { trip_fees: [zones, bands] } });
    expect(tripFees[0]).toMatchObject({
      kind: 'postal_codes',
      office: '',
      zones: [
        { postalCodes: '43015, 43040', amount: '35.00' },
        { postalCodes: '43064', amount: '50.00' },
      ],
    });
    expect(tripFees[1]).toMatchObject({
      kind: 'distance_bands',
      office: COLUMBUS,
      bands: [
        { upTo: '20', amount: '0.00' },
        { upTo: '', amount: '45.00' },
      ],
    });
  });

  it('reads a short-form tax without an office, and a pricing tax with its office and additional charges', () => {
    const { taxes } = pricingFormValues({ taxes: [shortTax], pricing: { taxes: [officeTax] } });
    expect(taxes).toEqual([
      { ...newTax(), origin: 'short', loadedIndex: 0, code: 'ohio', name: 'Ohio', rate: '7.25' },
      {
        ...newTax(),
        origin: 'pricing',
        loadedIndex: 0,
        code: 'columbus',
        name: 'Columbus tax',
        office: COLUMBUS,
        rate: '2.5',
        services: [HOME],
        additionalCharges: true,
      },
    ]);
  });

  it('reads no limit, no end and no minimum order as empty fields', () => {
    const { coupons } = pricingFormValues({ coupons: [shortCoupon], pricing: { coupons: [amountCoupon] } });
    expect(coupons[0]).toMatchObject({
      origin: 'short',
      discountKind: 'percent',
      percent: '12.5',
      amount: '',
      validFrom: '2026-01-01',
      validUntil: '',
      maxRedemptions: '',
      minOrder: '',
      services: [],
    });
    expect(coupons[1]).toMatchObject({
      origin: 'pricing',
      discountKind: 'amount',
      amount: '25.00',
      percent: '',
      validFrom: '',
      maxRedemptions: '100',
      minOrder: '',
      active: false,
    });
  });

  it('gives back each readable entry unchanged when built again', () => {
    const document = {
      fees: [flat],
      taxes: [shortTax],
      coupons: [shortCoupon],
      pricing: { fees: [ageTiers], trip_fees: [zones, bands], taxes: [officeTax], coupons: [amountCoupon] },
    };
    const values = pricingFormValues(document);
    const built = (result: ReturnType<typeof buildFee>) => (result.ok ? result.item : result.problems);
    expect(values.fees.map((row) => built(buildFee(row, 'USD')))).toEqual([flat, ageTiers]);
    expect(values.tripFees.map((row) => built(buildTripFee(row, 'USD', new Set([COLUMBUS]))))).toEqual([zones, bands]);
    expect(values.taxes.map((row) => built(buildTax(row, new Set([COLUMBUS]))))).toEqual([shortTax, officeTax]);
    expect(values.coupons.map((row) => built(buildCoupon(row, 'USD')))).toEqual([shortCoupon, amountCoupon]);
  });
});
