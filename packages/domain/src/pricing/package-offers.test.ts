import { describe, expect, it } from 'vitest';
import { packageOffers } from './package-offers.ts';
import { EMPTY_CART, P, S, pricingInput } from './test-fixtures.ts';

const offersFor = (services: string[], pkg: number | null = null) =>
  packageOffers(pricingInput({ cart: { ...EMPTY_CART, package: pkg, services } }));

describe('packageOffers (spec 4.3)', () => {
  it('offers each package holding more than one of the services, with its saving', () => {
    // Single-Family 42500 + Termite 9500 = 52000; Buyer's Essentials 48000: saves 4000.
    // Buyer's Complete holds both too: 79500 for more services, so it saves nothing.
    expect(offersFor([S.singleFamily, S.termite])).toEqual([
      { package: P.essentials, save: 4000 },
      { package: P.complete, save: 0 },
    ]);
  });

  it('keeps the services a package does not cover', () => {
    // Condo 37500 (2,000 sq ft: +5000) + Radon 15000 + Mold 27500 + Well 19500 = 99500; with the
    // Condo Buyer Bundle 70000 + Well 19500 = 89500: saves 10000. Seller's Peace of Mind holds
    // only Radon of these; Buyer's Complete only Radon too.
    expect(offersFor([S.condo, S.radon, S.mold, S.well])).toEqual([{ package: P.condo, save: 10000 }]);
  });

  it('offers nothing with a package chosen or fewer than two services', () => {
    expect(offersFor([S.singleFamily, S.termite], P.condo)).toEqual([]);
    expect(offersFor([S.singleFamily, S.payAtClose])).toEqual([]);
  });
});
