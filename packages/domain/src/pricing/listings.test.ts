import { describe, expect, it } from 'vitest';
import { priceListings, priceOrder } from './engine.ts';
import {
  DEMO_OFFICE,
  EMPTY_CART,
  EXTENDED_RULES,
  P,
  PLAIN_PROPERTY,
  S,
  TODAY,
  demoCatalogue,
  pricingInput,
} from './test-fixtures.ts';

const listings = (property = PLAIN_PROPERTY, catalogue = demoCatalogue()) =>
  priceListings({ catalogue, office: DEMO_OFFICE, property, today: TODAY });

describe('priceListings', () => {
  it('prices each service on its own for the property, its tax in the total', () => {
    // 3,000 sq ft built 1920: 42500 + 7500 + 5000 = 55000; tax 7.5% = 4125.
    const { services } = listings({ ...PLAIN_PROPERTY, sqft: 3000, year_built: 1920 });
    const home = services.find((s) => s.id === S.singleFamily)!;
    expect(home).toMatchObject({ base: 42500, subtotal: 55000, total: 59125, savings: 0, duration: 180 });
    expect(home.fees).toEqual([
      { gross: 7500, value: 7500, description: 'Home size adjustment' },
      { gross: 5000, value: 5000, description: 'Pre-1950 construction' },
    ]);
    // Tax is half up on whole cents: 7.5% of 32500 + 5000 (2,000 sq ft unit) = 2812.5 -> 2813.
    expect(services.find((s) => s.id === S.condo)).toMatchObject({ subtotal: 37500, total: 40313 });
  });

  it("prices a package at its base plus its services' fees, with what it saves", () => {
    // Buyer's Essentials at 5,500 sq ft: 48000 + 27500 = 75500; one by one 70000 + 9500 = 79500.
    const pkg = listings({ ...PLAIN_PROPERTY, sqft: 5500 }).packages.find((p) => p.id === P.essentials)!;
    expect(pkg).toMatchObject({ base: 48000, subtotal: 75500, total: 75500 + 5663, savings: 4000, duration: 210 });
    expect(pkg.services.map((s) => s.id)).toEqual([S.singleFamily, S.termite]);
  });

  it('shows a fee the package includes at its gross amount, and a modifier that needs nothing else as savings', () => {
    const { packages, services } = listings({ ...PLAIN_PROPERTY, sqft: 3000 }, demoCatalogue(EXTENDED_RULES));
    // Buyer's Complete waives the home-size fee: subtotal counts it (gross), the amount does not.
    const complete = packages.find((p) => p.id === P.complete)!;
    expect(complete.subtotal).toBe(79500 + 7500);
    // Its listed total is what an order of just that package comes to.
    const order = priceOrder(
      pricingInput({
        catalogue: demoCatalogue(EXTENDED_RULES),
        property: { ...PLAIN_PROPERTY, sqft: 3000 },
        cart: { ...EMPTY_CART, package: P.complete },
      }),
    );
    expect(order.pricing.totals.additional).toBe(0);
    expect(complete.total).toBe(order.pricing.totals.grand_total);
    // Termite is 10% off whatever else is ordered; radon's discount needs an inspection with it.
    expect(services.find((s) => s.id === S.termite)).toMatchObject({ subtotal: 9500, savings: 950 });
    expect(services.find((s) => s.id === S.radon)).toMatchObject({ savings: 0 });
  });
});
