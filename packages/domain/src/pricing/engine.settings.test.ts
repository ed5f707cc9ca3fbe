/**
 * The pricing settings and the office-limited rules, each both ways: a setting off as well as on,
 * a rule for this office as well as another's. Bugs planted here (a setting ignored or read as
 * always on, an office check dropped) passed the golden carts, which mostly run one state (issue 22).
 */
import { describe, expect, it } from 'vitest';
import { pricingRulesSchema } from '@scheduler/contracts/pricing';
import { priceOrder, type PricingInput } from './engine.ts';
import {
  DEMO_OFFICE,
  DEMO_SETTINGS,
  EMPTY_CART,
  EXTENDED_RULES,
  PLAIN_PROPERTY,
  S,
  demoCatalogue,
  pricingInput,
} from './test-fixtures.ts';
import type { PricingSettings } from './pricing-settings.ts';

const OTHER_OFFICE = { ...DEMO_OFFICE, uuid: 'b2c0ffee-0000-4000-8000-00000000ffff' };
const singleFamily = { ...EMPTY_CART, services: [S.singleFamily] };
const price = (settings: Partial<PricingSettings>, overrides: Partial<PricingInput> = {}) =>
  priceOrder(pricingInput({ cart: singleFamily, settings: { ...DEMO_SETTINGS, ...settings }, ...overrides }));
const feeCodes = (result: ReturnType<typeof priceOrder>) => result.pricing.additional.fees.map((fee) => fee.code);

describe('pay-at-close settings', () => {
  const withPac = { ...singleFamily, pay_at_close: true };

  it('charges the state service fee only while PAC_CHARGE_BY_STATE is on', () => {
    const fee = { pacChargeByStateFeeCents: 3500 };
    expect(feeCodes(price({ ...fee, pacChargeByState: true }, { cart: withPac }))).toEqual(['pac-service-fee']);
    expect(feeCodes(price({ ...fee, pacChargeByState: false }, { cart: withPac }))).toEqual([]);
  });

  it('drops the convenience-fee message while pay-at-close applies, and keeps it otherwise', () => {
    expect(price({}, { cart: withPac }).pricing.convenience_fee_message).toBe('');
    expect(price({}).pricing.convenience_fee_message).toMatch(/convenience fee/);
  });

  it('offers pay-at-close while PAC_HIDE_ON_ONLINE_SCHEDULER is off, and drops it from the cart while on', () => {
    const shown = price({ pacHidden: false }, { cart: withPac });
    expect([shown.pacEligible, shown.cart.pay_at_close, shown.pacRemoved]).toEqual([true, true, false]);
    const hidden = price({ pacHidden: true }, { cart: withPac });
    expect([hidden.pacEligible, hidden.cart.pay_at_close, hidden.pacRemoved]).toEqual([false, false, true]);
    expect(hidden.pricing.services.some((s) => s.is_pac)).toBe(false);
  });
});

describe('fees hidden', () => {
  it('hides fees (and so taxes) while HIDE_ALL_FEES is on, and shows them while off', () => {
    expect(price({ hideAllFees: true }).pricing).toMatchObject({ fees_hidden: true, taxes_hidden: true });
    expect(price({ hideAllFees: false }).pricing).toMatchObject({ fees_hidden: false, taxes_hidden: false });
  });

  it('hides fees while a pay-at-close submission fee is set, from a cent on, and not while it is 0', () => {
    expect(price({ hideAllFees: false, pacSubmissionFeeCents: 1 }).pricing).toMatchObject({
      fees_hidden: true,
      taxes_hidden: true,
    });
    expect(price({ hideAllFees: false, pacSubmissionFeeCents: 0 }).pricing).toMatchObject({
      fees_hidden: false,
      taxes_hidden: false,
    });
  });
});

describe('rules kept for one office', () => {
  // 24.2 road miles from the demo office: the extended rules' distance band charges $50 there.
  const away = { ...PLAIN_PROPERTY, location: { latitude: 40.35, longitude: -82.9827 } };

  it("charges an office's trip fee on its own orders only", () => {
    const extended = demoCatalogue(EXTENDED_RULES);
    expect(feeCodes(price({}, { catalogue: extended, property: away }))).toEqual(['trip-miles']);
    expect(feeCodes(price({}, { catalogue: extended, property: away, office: OTHER_OFFICE }))).toEqual([]);
  });

  it("charges an office's tax on its own orders only", () => {
    const rules = pricingRulesSchema.parse({
      ...EXTENDED_RULES,
      taxes: [{ code: 'city', name: 'City Tax', rate_percent: 2, office: DEMO_OFFICE.uuid }],
    });
    // 2 % of Single-Family's 42500.
    expect(price({}, { catalogue: demoCatalogue(rules) }).pricing.taxes).toEqual([
      { code: 'city', name: 'City Tax', total: 850 },
    ]);
    expect(price({}, { catalogue: demoCatalogue(rules), office: OTHER_OFFICE }).pricing.taxes).toEqual([]);
  });
});

describe('service modifiers at their bound', () => {
  const modifier = (amount_cents: number) =>
    demoCatalogue(
      pricingRulesSchema.parse({
        ...EXTENDED_RULES,
        service_modifiers: [
          {
            code: 'radon-off',
            description: 'Radon off',
            services: [S.radon],
            discount: { kind: 'amount', amount_cents },
          },
        ],
      }),
    );
  const radon = (amount: number) =>
    price({}, { catalogue: modifier(amount), cart: { ...EMPTY_CART, services: [S.radon] } }).pricing.services[0]!;

  it("takes a fixed modifier off whole when it is the service's price, and stops at the price when it is more", () => {
    // Radon costs 15000.
    expect(radon(14_999)).toMatchObject({ modifier_savings: 14_999, amount: 1 });
    expect(radon(15_000)).toMatchObject({ modifier_savings: 15_000, amount: 0 });
    expect(radon(15_001)).toMatchObject({ modifier_savings: 15_000, amount: 0 });
  });
});

describe('a modifier that needs another service', () => {
  // Listed among the services it needs, the discounted service itself does not count as one of them.
  const catalogue = demoCatalogue(
    pricingRulesSchema.parse({
      ...EXTENDED_RULES,
      service_modifiers: [
        {
          code: 'radon-bundle',
          description: 'Radon with an inspection',
          services: [S.radon],
          requires_any_of: [S.radon, S.singleFamily],
          discount: { kind: 'amount', amount_cents: 2500 },
        },
      ],
    }),
  );
  const radonSavings = (services: string[]) =>
    price({}, { catalogue, cart: { ...EMPTY_CART, services } }).pricing.services.find((s) => s.id === S.radon)!
      .modifier_savings;

  it('applies with another service it needs in the cart, and not to the service alone', () => {
    expect(radonSavings([S.radon, S.singleFamily])).toBe(2500);
    expect(radonSavings([S.radon])).toBe(0);
  });
});

describe('coupons counted per code', () => {
  it('takes a code once: typed again, in any case, it is refused as a duplicate', () => {
    const result = price(
      { couponLimit: 2 },
      {
        coupons: [
          { code: 'FIRSTHOME', redemptions: 0 },
          { code: 'firsthome', redemptions: 0 },
        ],
      },
    );
    expect(result.pricing.coupons.map((c) => c.code)).toEqual(['FIRSTHOME']);
    expect(result.refusals.map((r) => [r.code, r.reason])).toEqual([['firsthome', 'duplicate']]);
  });
});
