import demoDocument from '../../../../examples/demo-company.json' with { type: 'json' };
import { companyDocumentSchema, type CompanyDocument } from '@scheduler/contracts/company-document';
import {
  pricingRulesSchema,
  type PricingCart,
  type PricingProperty,
  type PricingRules,
} from '@scheduler/contracts/pricing';
import { SettingsReader } from '../settings.ts';
import type { PricingInput, PricingOffice } from './engine.ts';
import { documentPricingRules, pricingCatalogue, type PricingCatalogue } from './pricing-catalogue.ts';
import { pricingSettings, type PricingSettings } from './pricing-settings.ts';

/** The demo company (examples/demo-company.json), parsed. */
export const DEMO: CompanyDocument = companyDocumentSchema.parse(demoDocument);

/** The demo catalogue's service uuids by what they are. */
export const S = {
  singleFamily: 'a1c0ffee-0000-4000-8000-000000000001',
  condo: 'a1c0ffee-0000-4000-8000-000000000002',
  newConstruction: 'a1c0ffee-0000-4000-8000-000000000003',
  preListing: 'a1c0ffee-0000-4000-8000-000000000004',
  warranty: 'a1c0ffee-0000-4000-8000-000000000005',
  radon: 'a1c0ffee-0000-4000-8000-000000000006',
  mold: 'a1c0ffee-0000-4000-8000-000000000007',
  termite: 'a1c0ffee-0000-4000-8000-000000000008',
  sewer: 'a1c0ffee-0000-4000-8000-000000000009',
  pool: 'a1c0ffee-0000-4000-8000-000000000010',
  well: 'a1c0ffee-0000-4000-8000-000000000011',
  infrared: 'a1c0ffee-0000-4000-8000-000000000012',
  payAtClose: 'a1c0ffee-0000-4000-8000-000000000013',
  environmentalHeading: 'a1c0ffee-0000-4000-8000-000000000014',
} as const;

/** The demo package ids: 1 Buyer's Essentials, 2 Buyer's Complete, 3 Condo Buyer Bundle, 4 Seller's Peace of Mind. */
export const P = { essentials: 1, complete: 2, condo: 3, seller: 4 } as const;

/** The demo's pricing rules as the company ships them: its short-form fees, taxes and coupons and its `pricing` section. */
export const DEMO_RULES: PricingRules = documentPricingRules(DEMO);

const demoOffice = DEMO.offices[0]!;

/**
 * The demo's rules plus what companies also charge, for the tests: sale-price, foundation, age and
 * control fees, service modifiers, a package that includes its home-size fee, trip fees, a second
 * tax limited to radon, and coupons that each meet one refusal.
 */
export const EXTENDED_RULES: PricingRules = pricingRulesSchema.parse({
  fees: [
    ...DEMO.fees,
    {
      code: 'sale-price',
      description: 'Sale price adjustment',
      scope: 'service',
      services: [S.singleFamily],
      rule: {
        kind: 'sales_price_tiers',
        tiers: [
          { up_to_cents: 50_000_000, amount_cents: 0 },
          { up_to_cents: 100_000_000, amount_cents: 5000 },
          { up_to_cents: null, amount_cents: 10_000 },
        ],
      },
    },
    {
      code: 'foundation',
      description: 'Crawlspace access',
      scope: 'service',
      services: [S.singleFamily],
      rule: {
        kind: 'foundation_type',
        options: [
          { option_id: 2, amount_cents: 3500 },
          { option_id: 4, amount_cents: 5000 },
        ],
      },
    },
    {
      code: 'condo-age',
      description: 'Older building',
      scope: 'service',
      services: [S.condo],
      rule: {
        kind: 'age_tiers',
        tiers: [
          { up_to_years: 30, amount_cents: 0 },
          { up_to_years: 60, amount_cents: 2500 },
          { up_to_years: null, amount_cents: 5000 },
        ],
      },
    },
    {
      code: 'pool',
      description: 'Pool or spa on the property',
      scope: 'order',
      rule: {
        kind: 'control',
        control_id: 7,
        options: [
          { option: 'Pool and spa', amount_cents: 7500 },
          { option: 'In-ground pool', amount_cents: 5000 },
        ],
      },
    },
    {
      code: 'vacant',
      description: 'Vacant home: utilities check',
      scope: 'order',
      rule: { kind: 'control', control_id: 5, options: [{ option: 3, amount_cents: 4000 }] },
    },
  ],
  service_modifiers: [
    {
      code: 'radon-with-inspection',
      description: 'Radon with an inspection',
      services: [S.radon],
      requires_any_of: [S.singleFamily, S.condo, S.newConstruction, S.preListing, S.warranty],
      discount: { kind: 'amount', amount_cents: 2500 },
    },
    {
      code: 'termite-10',
      description: 'Termite 10% off',
      services: [S.termite],
      discount: { kind: 'percent', percent: 10 },
    },
  ],
  package_fee_waivers: [{ package_id: P.complete, fee_codes: ['home-size'] }],
  trip_fees: [
    {
      kind: 'postal_codes',
      code: 'trip-zone',
      description: 'Trip charge',
      zones: [{ postal_codes: ['43081', '43082'], amount_cents: 3500 }],
    },
    {
      kind: 'distance_bands',
      code: 'trip-miles',
      description: 'Distance charge',
      office: demoOffice.uuid,
      bands: [
        { up_to_miles: 20, amount_cents: 0 },
        { up_to_miles: 40, amount_cents: 5000 },
        { up_to_miles: null, amount_cents: 10_000 },
      ],
    },
  ],
  taxes: [...DEMO.taxes, { code: 'radon-lab', name: 'Laboratory Fee Tax', rate_percent: 2, services: [S.radon] }],
  coupons: [
    ...DEMO.coupons,
    { code: 'RADON20', name: 'Radon 20% Off', discount: { kind: 'percent', percent: 20 }, services: [S.radon] },
    {
      code: 'BIG100',
      name: '$100 Off $500',
      discount: { kind: 'amount', amount_cents: 10_000 },
      min_order_cents: 50_000,
    },
    { code: 'ONCE', name: 'One Use Only', discount: { kind: 'amount', amount_cents: 1000 }, max_redemptions: 1 },
    { code: 'FUTURE', name: 'Next Year', discount: { kind: 'percent', percent: 5 }, valid_from: '2027-01-01' },
    { code: 'OLD', name: 'Last Year', discount: { kind: 'percent', percent: 5 }, valid_until: '2025-12-31' },
    { code: 'HUGE', name: 'Everything Off', discount: { kind: 'amount', amount_cents: 200_000 } },
    { code: 'OFF', name: 'Switched Off', discount: { kind: 'amount', amount_cents: 1000 }, active: false },
  ],
});

export function demoCatalogue(rules: PricingRules = DEMO_RULES): PricingCatalogue {
  return pricingCatalogue({
    currency: DEMO.currency,
    services: DEMO.services,
    packages: DEMO.packages,
    rules,
    rer_rush_amount_cents: DEMO.rer_rush_amount_cents,
  });
}

export const DEMO_SETTINGS: PricingSettings = pricingSettings(new SettingsReader(DEMO.settings));

export const DEMO_OFFICE: PricingOffice = {
  uuid: demoOffice.uuid,
  location:
    demoOffice.latitude !== null && demoOffice.longitude !== null
      ? { latitude: demoOffice.latitude, longitude: demoOffice.longitude }
      : null,
  roadFactor: demoOffice.scheduling.road_factor,
  defaultDurationMinutes: demoOffice.scheduling.default_duration_minutes,
};

/** A 2,000 sq ft home built in 2000 in the office's own postal code: no property fee applies. */
export const PLAIN_PROPERTY: PricingProperty = {
  sqft: 2000,
  year_built: 2000,
  sales_price: '',
  foundation_type_id: null,
  postal_code: '43229',
  location: null,
  controls: [],
};

export const EMPTY_CART: PricingCart = { package: null, services: [], rush_rer: false, pay_at_close: false };

export const TODAY = '2026-11-22';

export function pricingInput(overrides: Partial<PricingInput> = {}): PricingInput {
  return {
    catalogue: demoCatalogue(),
    office: DEMO_OFFICE,
    property: PLAIN_PROPERTY,
    cart: EMPTY_CART,
    coupons: [],
    settings: DEMO_SETTINGS,
    pacOptOut: false,
    today: TODAY,
    ...overrides,
  };
}
