import { describe, expect, it } from 'vitest';
import { displayLines } from '../pricing/display-lines.ts';
import { priceOrder } from '../pricing/engine.ts';
import { demoCatalogue, EMPTY_CART, pricingInput, S } from '../pricing/test-fixtures.ts';
import {
  changesPriceByHand,
  editCatalogue,
  OFFICE_DISCOUNT_CODE,
  priceEdit,
  retiredServices,
  type OrderEdit,
} from './edit-pricing.ts';
import { editChangeText, priceChanges, textChange } from './edit-changes.ts';
import { agentChanges, editedPersonError, personChanges, personListChange, personTitle } from './edit-people.ts';

const USD = 'USD';
/** The demo order as booked: a single-family home inspection, $425.00 before the 7.5% tax. */
const booked = priceOrder(pricingInput({ cart: { ...EMPTY_CART, services: [S.singleFamily] } })).pricing;
const edit = (changes: Partial<OrderEdit> = {}): OrderEdit => ({
  cart: { ...EMPTY_CART, services: [S.singleFamily] },
  couponCodes: [],
  prices: [],
  discountCents: 0,
  ...changes,
});
const { cart: _cart, coupons: _coupons, ...input } = pricingInput();

describe('priceEdit', () => {
  it('prices an added service from the catalogue, taxed and totalled as the wizard would', () => {
    const added = priceEdit(input, booked, edit({ cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] } }));
    const wizard = priceOrder(pricingInput({ cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] } }));
    expect(added.pricing).toEqual(wizard.pricing);
    expect(displayLines(added.pricing).total).toBe(Math.round((42_500 + 15_000) * 1.075));
  });

  it('keeps a kept line at its booked price when the catalogue changed since', () => {
    const catalogue = demoCatalogue();
    const dearer = new Map(catalogue.services);
    dearer.set(S.singleFamily, { ...dearer.get(S.singleFamily)!, price_cents: 50_000 });
    dearer.set(S.radon, { ...dearer.get(S.radon)!, price_cents: 16_000 });
    const result = priceEdit(
      { ...input, catalogue: { ...catalogue, services: dearer } },
      booked,
      edit({ cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] } }),
    );
    const byId = new Map(result.pricing.services.map((service) => [service.id, service.base]));
    expect(byId.get(S.singleFamily)).toBe(42_500);
    expect(byId.get(S.radon)).toBe(16_000);
  });

  it('keeps a service the catalogue dropped at its booked price, and neither adds it back nor keeps one taken off', () => {
    const withRadon = priceOrder(
      pricingInput({ cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] } }),
    ).pricing;
    const catalogue = demoCatalogue();
    const services = new Map(catalogue.services);
    services.delete(S.radon);
    const dropped = { ...input, catalogue: { ...catalogue, services } };
    const both = { ...EMPTY_CART, services: [S.singleFamily, S.radon] };
    const kept = priceEdit(dropped, withRadon, edit({ cart: both }));
    expect(kept.pricing.services.map((service) => [service.id, service.base])).toEqual([
      [S.singleFamily, 42_500],
      [S.radon, 15_000],
    ]);
    expect(kept.pricing.totals.grand_total).toBe(withRadon.totals.grand_total);
    expect(retiredServices(dropped.catalogue, withRadon, both.services).map((service) => service.uuid)).toEqual([
      S.radon,
    ]);
    // An order that never had it (or had it taken off) cannot be priced with it.
    expect(retiredServices(dropped.catalogue, booked, both.services)).toEqual([]);
    expect(priceEdit(dropped, booked, edit({ cart: both })).pricing.services.map((service) => service.id)).toEqual([
      S.singleFamily,
    ]);
  });

  it("charges a line at the office's price and takes its discount off before the tax", () => {
    const result = priceEdit(
      input,
      booked,
      edit({ prices: [{ kind: 'service', id: S.singleFamily, priceCents: 44_500 }], discountCents: 2_500 }),
    );
    expect(result.pricing.services[0]!.base).toBe(44_500);
    expect(result.pricing.coupons).toEqual([{ code: OFFICE_DISCOUNT_CODE, name: 'Discount', amount: 2_500 }]);
    expect(result.pricing.totals.grand_total).toBe(Math.round(42_000 * 1.075));
    expect(displayLines(result.pricing).total).toBe(result.pricing.totals.grand_total);
  });

  it("adds the discount beside a visitor's coupon even at the company's coupon limit", () => {
    const limited = { ...input, settings: { ...input.settings, couponLimit: 0 } };
    const result = priceEdit(limited, booked, edit({ discountCents: 100 }));
    expect(result.pricing.totals.discounts).toBe(100);
  });

  it('leaves the catalogue alone without a discount or a price', () => {
    const catalogue = editCatalogue(input.catalogue, null, edit());
    expect(catalogue.services.get(S.singleFamily)).toBe(input.catalogue.services.get(S.singleFamily));
    expect(catalogue.coupons.has(OFFICE_DISCOUNT_CODE)).toBe(false);
  });
});

describe('changesPriceByHand', () => {
  it('is false for a cart change alone and for a price equal to the one it had', () => {
    expect(changesPriceByHand(input.catalogue, booked, edit({ cart: { ...EMPTY_CART, services: [S.radon] } }))).toBe(
      false,
    );
    expect(
      changesPriceByHand(
        input.catalogue,
        booked,
        edit({ prices: [{ kind: 'service', id: S.singleFamily, priceCents: 42_500 }] }),
      ),
    ).toBe(false);
    expect(
      changesPriceByHand(
        input.catalogue,
        booked,
        edit({ prices: [{ kind: 'service', id: S.radon, priceCents: 15_000 }] }),
      ),
    ).toBe(false);
  });

  it('is true for a price a cent off, and for a discount added or dropped', () => {
    expect(
      changesPriceByHand(
        input.catalogue,
        booked,
        edit({ prices: [{ kind: 'service', id: S.singleFamily, priceCents: 42_499 }] }),
      ),
    ).toBe(true);
    expect(changesPriceByHand(input.catalogue, booked, edit({ discountCents: 1 }))).toBe(true);
    const discounted = priceEdit(input, booked, edit({ discountCents: 500 })).pricing;
    expect(changesPriceByHand(input.catalogue, discounted, edit({ discountCents: 500 }))).toBe(false);
    expect(changesPriceByHand(input.catalogue, discounted, edit({ discountCents: 0 }))).toBe(true);
  });
});

describe('priceChanges', () => {
  it('says a price changed, a service added and the total in words', () => {
    const after = priceEdit(
      input,
      booked,
      edit({
        cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] },
        prices: [{ kind: 'service', id: S.singleFamily, priceCents: 44_500 }],
      }),
    ).pricing;
    const texts = priceChanges(booked, after, USD).map(editChangeText);
    expect(texts).toContain('Single-Family Home Inspection price: $425.00 → $445.00');
    expect(texts).toContain('Radon Testing added ($150.00)');
    expect(texts).toContain('Franklin County Sales Tax (tax): $31.88 → $44.63');
    expect(texts.at(-1)).toBe('Total: $456.88 → $639.63');
  });

  it('says a service removed, and nothing for an unchanged order', () => {
    const withRadon = priceEdit(
      input,
      booked,
      edit({ cart: { ...EMPTY_CART, services: [S.singleFamily, S.radon] } }),
    ).pricing;
    expect(priceChanges(withRadon, booked, USD).map(editChangeText)).toContain('Radon Testing removed (was $150.00)');
    expect(priceChanges(booked, booked, USD)).toEqual([]);
  });
});

describe('textChange', () => {
  it('quotes both sides, shortens long notes and ignores spacing only', () => {
    expect(textChange('Special note', '', 'Gate code 1234').map(editChangeText)).toEqual([
      'Special note: (none) → “Gate code 1234”',
    ]);
    expect(textChange('Special note', 'a ', 'a')).toEqual([]);
    const long = textChange('Special note', 'x', 'y'.repeat(200))[0]!;
    expect(long.after).toHaveLength(82);
  });
});

const dana = {
  first: 'Dana',
  last: 'Doe',
  email: 'dana@example.com',
  mobile_phone: '(614) 555-0142',
  work_phone: '',
  home_phone: '',
};

describe("a person's corrections", () => {
  it('checks them as the contacts step does: names required, an e-mail and a phone well-formed when given', () => {
    expect(editedPersonError(dana, 'US')).toBeNull();
    expect(editedPersonError({ ...dana, email: '', mobile_phone: '' }, 'US')).toBeNull();
    expect(editedPersonError({ ...dana, first: ' ' }, 'US')?.field).toBe('first');
    expect(editedPersonError({ ...dana, email: 'dana@example' }, 'US')?.field).toBe('email');
    expect(editedPersonError({ ...dana, mobile_phone: '123' }, 'US')?.field).toBe('mobile_phone');
    // The work and home phones are phones as the mobile one is: a whole number of the country, or none.
    expect(editedPersonError({ ...dana, work_phone: '614-555-019' }, 'US')?.field).toBe('work_phone');
    expect(editedPersonError({ ...dana, home_phone: 'call me' }, 'US')?.field).toBe('home_phone');
    expect(editedPersonError({ ...dana, work_phone: '614-555-0199', home_phone: '+1 614 555 0100' }, 'US')).toBeNull();
  });

  it('says each change in words, naming the person as they were', () => {
    const after = { ...dana, last: 'Dole', email: 'dana@example.org', mobile_phone: '', home_phone: '614-555-0100' };
    expect(personChanges('Client', dana, after).map(editChangeText)).toEqual([
      "Client's name: Dana Doe → Dana Dole",
      "Dana Doe's e-mail: dana@example.com → dana@example.org",
      "Dana Doe's mobile phone: (614) 555-0142 → (none)",
      "Dana Doe's home phone: (none) → 614-555-0100",
    ]);
    expect(personChanges('Client', dana, { ...dana, email: ' dana@example.com ' })).toEqual([]);
  });
});

describe('agentChanges', () => {
  const ray = { id: null, name: 'Ray Ortiz', email: 'ray@example.com' };
  const brian = { id: 202, name: 'Brian Kowalski', email: 'brian@example.com' };
  it('names the agent before → after, added and removed, and the same directory agent as no change', () => {
    expect(agentChanges('buyers_agent', ray, brian).map(editChangeText)).toEqual([
      "Buyer's agent: Ray Ortiz → Brian Kowalski",
    ]);
    expect(agentChanges('sellers_agent', null, brian).map(editChangeText)).toEqual([
      'Listing agent added (Brian Kowalski)',
    ]);
    expect(agentChanges('sellers_agent', brian, null).map(editChangeText)).toEqual([
      'Listing agent removed (was Brian Kowalski)',
    ]);
    expect(agentChanges('buyers_agent', { ...ray, name: '' }, brian)[0]?.before).toBe('ray@example.com');
    expect(agentChanges('buyers_agent', brian, { ...brian })).toEqual([]);
    expect(agentChanges('buyers_agent', null, null)).toEqual([]);
    // An agent of no directory (id null) is never "the same" as another of no directory.
    expect(agentChanges('buyers_agent', ray, { ...ray, name: 'Ray Ortiz Jr' })).toHaveLength(1);
  });
});

describe('a person added or taken off', () => {
  const sam = { ...dana, first: ' Sam ', last: 'Lee', email: 'sam@example.com' };
  it('is named in words, a contact by its type, a person without a name by their e-mail', () => {
    expect(editChangeText(personListChange(personTitle('client', 'ignored'), sam, true))).toBe(
      'Client added (Sam Lee)',
    );
    expect(editChangeText(personListChange(personTitle('contact', 'Title Company'), sam, false))).toBe(
      'Title Company contact removed (was Sam Lee)',
    );
    expect(personTitle('contact', null)).toBe('Contact');
    expect(personListChange('Contact', { ...sam, first: '', last: ' ' }, true).after).toBe('sam@example.com');
  });
});
