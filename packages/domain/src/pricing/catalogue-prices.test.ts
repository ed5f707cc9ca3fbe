import { describe, expect, it } from 'vitest';
import type { Fee, Package, Service, Tax } from '@scheduler/contracts/company-document';
import { pricePackage, priceService, taxOn } from './catalogue-prices.ts';
import { feeAmount } from './fees.ts';

const home: Service = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Home Inspection',
  description: '',
  ancillary: false,
  is_pac: false,
  label: false,
  rer: true,
  price_cents: 40000,
  duration_minutes: 180,
  sort: 1,
};
const radon: Service = { ...home, uuid: '00000000-0000-4000-8000-000000000002', name: 'Radon', ancillary: true, rer: false, price_cents: 15000, duration_minutes: 30 };
const sizeFee: Fee = {
  code: 'size',
  description: 'Large home',
  scope: 'service',
  services: [home.uuid],
  rule: { kind: 'square_feet_tiers', tiers: [{ up_to_sqft: 2500, amount_cents: 0 }, { up_to_sqft: 4000, amount_cents: 7500 }, { up_to_sqft: null, amount_cents: 15000 }] },
};
const ageFee: Fee = { code: 'age', description: 'Older home', scope: 'service', services: [home.uuid], rule: { kind: 'built_before_year', year: 1950, amount_cents: 5000 } };
const tax: Tax = { code: 'sales', name: 'Sales tax', rate_percent: 7.5, services: [] };
const pkg: Package = { id: 1, name: 'Buyer Bundle', description: '', best: true, best_text: '', rer: true, price_cents: 50000, duration_minutes: 0, services: [home.uuid, radon.uuid], sort: 1 };
const catalogue = { services: [home, radon], packages: [pkg], fees: [sizeFee, ageFee], taxes: [tax] };

describe('feeAmount', () => {
  it('picks the first square-feet tier that fits, open-ended last', () => {
    expect(feeAmount(sizeFee.rule, { sqft: 2000, yearBuilt: null })).toBe(0);
    expect(feeAmount(sizeFee.rule, { sqft: 2501, yearBuilt: null })).toBe(7500);
    expect(feeAmount(sizeFee.rule, { sqft: 9000, yearBuilt: null })).toBe(15000);
  });
  it('charges nothing while the fact is unknown', () => {
    expect(feeAmount(sizeFee.rule, { sqft: null, yearBuilt: null })).toBe(0);
    expect(feeAmount(ageFee.rule, { sqft: null, yearBuilt: null })).toBe(0);
  });
  it('charges the built-before fee only for older homes', () => {
    expect(feeAmount(ageFee.rule, { sqft: null, yearBuilt: 1949 })).toBe(5000);
    expect(feeAmount(ageFee.rule, { sqft: null, yearBuilt: 1950 })).toBe(0);
  });
});

describe('priceService', () => {
  it('adds its fees to the base and tax to the subtotal', () => {
    const priced = priceService(home, catalogue, { sqft: 3000, yearBuilt: 1920 });
    expect(priced.base).toBe(40000);
    expect(priced.subtotal).toBe(40000 + 7500 + 5000);
    expect(priced.total).toBe(52500 + taxOn(52500, 7.5));
    expect(priced.fees.map((f) => f.description)).toEqual(['Large home', 'Older home']);
  });
  it('rounds tax half away from zero to whole cents', () => {
    expect(taxOn(1001, 7.5)).toBe(75); // 75.075
    expect(taxOn(1010, 7.5)).toBe(76); // 75.75
  });
});

describe('pricePackage', () => {
  it('shows the savings against buying its services one by one', () => {
    const priced = pricePackage(pkg, catalogue, { sqft: 2000, yearBuilt: 2005 });
    expect(priced.subtotal).toBe(50000);
    expect(priced.savings).toBe(40000 + 15000 - 50000);
    expect(priced.total).toBe(50000 + taxOn(50000, 7.5));
    expect(priced.duration).toBe(210);
    expect(priced.services.map((s) => s.id)).toEqual([home.uuid, radon.uuid]);
  });
  it('carries its services fees on top of the package base', () => {
    const priced = pricePackage(pkg, catalogue, { sqft: 5000, yearBuilt: 2005 });
    expect(priced.subtotal).toBe(50000 + 15000);
    expect(priced.savings).toBe(40000 + 15000 + 15000 - 65000);
  });
});
