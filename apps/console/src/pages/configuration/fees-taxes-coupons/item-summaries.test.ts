import { describe, expect, it } from 'vitest';
import { couponSummary, feeSummary, taxSummary, tripSummary } from './item-summaries.ts';
import { newCoupon, newFee, newTax, newTripFee, type TierValues } from './pricing-values.ts';

/**
 * The line under each closed fee, trip fee, tax and coupon: read from the values as typed, so
 * it follows the person's edits, with "…" for what is not yet a value and counts in words.
 */

const COLUMBUS = { uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus' };
const DAYTON = { uuid: '9d2e4f6a-8b1c-4d3e-a5f7-0b1c2d3e4f50', name: 'Dayton' };
const OFFICES = [COLUMBUS, DAYTON];
const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const tiers = (count: number): TierValues[] => Array.from({ length: count }, () => ({ upTo: '', amount: '' }));

describe('a fee in a line', () => {
  it('says a fixed amount in money, on how many services or once per order', () => {
    expect(feeSummary({ ...newFee(), code: 'travel', amount: '75', services: [HOME] }, 'USD')).toBe(
      'travel · on 1 service · $75.00',
    );
    expect(feeSummary({ ...newFee(), code: 'travel', amount: '1,250.5', services: [HOME, RADON] }, 'USD')).toBe(
      'travel · on 2 services · $1,250.50',
    );
    expect(feeSummary({ ...newFee(), code: 'admin', amount: '10', scope: 'order', services: [HOME] }, 'USD')).toBe(
      'admin · once per order · $10.00',
    );
  });

  it('puts "…" for an amount or a year not yet typed, and leaves out a code not yet made', () => {
    expect(feeSummary({ ...newFee(), amount: 'x' }, 'USD')).toBe('on 0 services · …');
    expect(feeSummary({ ...newFee(), kind: 'built_before_year', amount: '25' }, 'USD')).toBe(
      'on 0 services · $25.00 if built before …',
    );
    expect(feeSummary({ ...newFee(), kind: 'built_before_year', amount: '25', year: '1960' }, 'EUR')).toBe(
      'on 0 services · €25.00 if built before 1960',
    );
  });

  it('counts the tiers of a fee by the property, and names the fees set by a question', () => {
    const fee = { ...newFee(), code: 'size', scope: 'order' as const };
    expect(feeSummary({ ...fee, kind: 'square_feet_tiers', tiers: tiers(1) }, 'USD')).toBe(
      'size · once per order · by square feet, 1 tier',
    );
    expect(feeSummary({ ...fee, kind: 'age_tiers', tiers: tiers(3) }, 'USD')).toBe(
      'size · once per order · by age, 3 tiers',
    );
    expect(feeSummary({ ...fee, kind: 'sales_price_tiers', tiers: tiers(2) }, 'USD')).toBe(
      'size · once per order · by sales price, 2 tiers',
    );
    expect(feeSummary({ ...fee, kind: 'foundation_type' }, 'USD')).toBe('size · once per order · by foundation type');
    expect(feeSummary({ ...fee, kind: 'control' }, 'USD')).toBe('size · once per order · by a property question');
  });
});

describe('a trip fee in a line', () => {
  it('names its office, every office when none, and one no longer listed as such', () => {
    const trip = { ...newTripFee(), code: 'north' };
    expect(tripSummary({ ...trip, office: DAYTON.uuid }, OFFICES)).toBe('north · Dayton · 1 zone of postal codes');
    expect(tripSummary(trip, OFFICES)).toBe('north · every office · 1 zone of postal codes');
    expect(tripSummary({ ...trip, office: 'gone' }, OFFICES)).toBe(
      'north · an office no longer listed · 1 zone of postal codes',
    );
  });

  it('counts its zones or its distance bands, whichever it charges by', () => {
    const zones = [
      { postalCodes: '43015', amount: '1' },
      { postalCodes: '43040', amount: '2' },
    ];
    expect(tripSummary({ ...newTripFee(), zones }, OFFICES)).toBe('every office · 2 zones of postal codes');
    expect(tripSummary({ ...newTripFee(), zones, kind: 'distance_bands', bands: tiers(1) }, OFFICES)).toBe(
      'every office · 1 distance band',
    );
    expect(tripSummary({ ...newTripFee(), kind: 'distance_bands', bands: tiers(4) }, OFFICES)).toBe(
      'every office · 4 distance bands',
    );
  });
});

describe('a tax in a line', () => {
  it('says its rate as typed, its office, and the services it taxes (none ticked: every service)', () => {
    const tax = { ...newTax(), code: 'ohio', rate: ' 7.25 ' };
    expect(taxSummary(tax, OFFICES)).toBe('ohio · 7.25% · every office · every service');
    expect(taxSummary({ ...tax, office: COLUMBUS.uuid, services: [HOME] }, OFFICES)).toBe(
      'ohio · 7.25% · Columbus · 1 service',
    );
    expect(taxSummary({ ...tax, services: [HOME, RADON] }, [])).toBe('ohio · 7.25% · every office · 2 services');
    expect(taxSummary({ ...newTax(), office: 'gone' }, OFFICES)).toBe(
      '…% · an office no longer listed · every service',
    );
  });
});

describe('a coupon in a line', () => {
  it('says what it takes off, as typed, in percent or in the currency', () => {
    expect(couponSummary({ ...newCoupon(), code: 'SPRING', percent: '10' }, 'USD')).toBe('SPRING · 10% off');
    expect(couponSummary({ ...newCoupon(), code: 'SPRING', discountKind: 'amount', amount: '25' }, 'EUR')).toBe(
      'SPRING · 25 EUR off',
    );
    expect(couponSummary({ ...newCoupon(), discountKind: 'amount' }, 'USD')).toBe('… USD off');
  });

  it('says when it can be used, open at either end, and when it is not in use', () => {
    const coupon = { ...newCoupon(), code: 'SPRING', percent: '10' };
    expect(couponSummary({ ...coupon, validFrom: '2026-03-01', validUntil: '2026-05-31' }, 'USD')).toBe(
      'SPRING · 10% off · 2026-03-01 to 2026-05-31',
    );
    expect(couponSummary({ ...coupon, validUntil: '2026-05-31' }, 'USD')).toBe(
      'SPRING · 10% off · any time to 2026-05-31',
    );
    expect(couponSummary({ ...coupon, validFrom: '2026-03-01', active: false }, 'USD')).toBe(
      'SPRING · 10% off · 2026-03-01 to no end · not in use',
    );
  });
});
