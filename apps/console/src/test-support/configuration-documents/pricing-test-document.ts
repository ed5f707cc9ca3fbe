/**
 * A company document for the pricing page's tests, valid by the company document's schema: both
 * forms of fees, taxes and coupons, fees set by property questions, service modifiers and package
 * fee waivers, and sections this page knows nothing of. Entries leave out defaults, as an
 * imported document does, so that writing them back unchanged is seen to keep them as they came.
 */
export const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
export const CONDO = 'a1c0ffee-0000-4000-8000-000000000002';
export const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
export const COLUMBUS = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
export const DAYTON = '9d2e4f6a-8b1c-4d3e-a5f7-0b1c2d3e4f50';

export const SHORT_FEES = [
  {
    code: 'home-size',
    description: 'Home size adjustment',
    scope: 'service',
    services: [HOME],
    rule: {
      kind: 'square_feet_tiers',
      tiers: [
        { up_to_sqft: 2500, amount_cents: 0 },
        { up_to_sqft: null, amount_cents: 7500 },
      ],
    },
  },
  {
    code: 'historic-sewer',
    description: 'Clay tile sewer line',
    scope: 'order',
    services: [],
    rule: { kind: 'built_before_year', year: 1960, amount_cents: 2500 },
  },
];

export const CRAWLSPACE = {
  code: 'crawlspace',
  description: 'Crawlspace access',
  scope: 'service',
  services: [HOME],
  rule: {
    kind: 'foundation_type',
    options: [
      { option_id: 2, amount_cents: 3500 },
      { option_id: 4, amount_cents: 5000 },
    ],
  },
};
export const POOL = {
  code: 'pool',
  description: 'Pool on the property',
  scope: 'order',
  rule: { kind: 'control', control_id: 7, checked_cents: 4000 },
};
export const LUXURY = {
  code: 'luxury-home',
  description: 'Luxury home adjustment',
  scope: 'service',
  services: [HOME, CONDO],
  rule: {
    kind: 'sales_price_tiers',
    tiers: [
      { up_to_cents: 75_000_000, amount_cents: 0 },
      { up_to_cents: null, amount_cents: 15_000 },
    ],
  },
};
export const PRICING_FEES = [CRAWLSPACE, LUXURY, POOL];

export const SHORT_TAXES = [
  { code: 'franklin-county', name: 'Franklin County Sales Tax', rate_percent: 7.5, services: [] },
];
export const PRICING_TAXES = [{ code: 'dayton-city', name: 'Dayton City Tax', office: DAYTON, rate_percent: 2.25 }];

export const SHORT_COUPONS = [
  {
    code: 'FIRSTHOME',
    name: 'First-Time Buyer 10% Off',
    discount: { kind: 'percent', percent: 10 },
    valid_from: '2026-01-01',
    valid_until: '2027-12-31',
  },
  { code: 'SERVE50', name: 'Military Discount', discount: { kind: 'amount', amount_cents: 5000 } },
];
export const PRICING_COUPONS = [
  {
    code: 'SPRING25',
    name: '$25 Off Orders of $400 or More',
    discount: { kind: 'amount', amount_cents: 2500 },
    min_order_cents: 40_000,
    valid_from: '2026-01-01',
    valid_until: '2027-06-30',
  },
  { code: 'RADONCHECK', name: 'Radon Testing 20% Off', discount: { kind: 'percent', percent: 20 }, services: [RADON] },
];

export const TRIP_FEES = [
  {
    kind: 'postal_codes',
    code: 'trip-charge',
    description: 'Trip charge',
    zones: [{ postal_codes: ['43015', '43040'], amount_cents: 3500 }],
  },
  {
    kind: 'distance_bands',
    code: 'far-away',
    description: 'Distance charge',
    office: COLUMBUS,
    bands: [
      { up_to_miles: 20, amount_cents: 0 },
      { up_to_miles: null, amount_cents: 4500 },
    ],
  },
];

export const MODIFIERS = [
  {
    code: 'radon-bundle',
    description: 'Radon with an inspection',
    services: [RADON],
    requires_any_of: [HOME, CONDO],
    discount: { kind: 'amount', amount_cents: 2500 },
  },
];
export const WAIVERS = [{ package_id: 1, fee_codes: ['home-size', 'crawlspace'] }];

export const PRICING = {
  fees: PRICING_FEES,
  service_modifiers: MODIFIERS,
  package_fee_waivers: WAIVERS,
  trip_fees: TRIP_FEES,
  taxes: PRICING_TAXES,
  coupons: PRICING_COUPONS,
  convenience_fee_message: 'Card payments include a 3% fee.',
};

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  currency: 'USD',
  states: [{ id: 1, abbreviation: 'OH', name: 'Ohio' }],
  offices: [
    { uuid: COLUMBUS, name: 'Columbus', phone: '', email: '', state: 'OH', time_zone: 'America/New_York' },
    { uuid: DAYTON, name: 'Dayton', phone: '', email: '', state: 'OH', time_zone: 'America/New_York' },
  ],
  services: [
    { uuid: HOME, name: 'Single-Family Home Inspection', price_cents: 42_500 },
    { uuid: CONDO, name: 'Condo <b>Inspection</b>', price_cents: 32_500 },
    { uuid: 'a1c0ffee-0000-4000-8000-000000000099', name: 'Testing', label: true },
    { uuid: RADON, name: 'Radon Testing', price_cents: 17_500 },
  ],
  packages: [{ id: 1, name: 'Home and Radon', price_cents: 55_000, services: [HOME, RADON] }],
  property_controls: [
    {
      id: 3,
      slug: 'foundation',
      type: 'FoundationType',
      label: 'Foundation',
      options: [
        { id: 2, value: 'Crawlspace' },
        { id: 4, value: 'Pier and beam' },
      ],
    },
    { id: 7, slug: 'pool', type: 'CheckBox', label: 'Is there a pool?', fee: true },
  ],
  fees: SHORT_FEES,
  taxes: SHORT_TAXES,
  coupons: SHORT_COUPONS,
  pricing: PRICING,
  notifications: { brand_color: '#1f4e79' },
  booking_changes: { reschedule_until_hours: 48 },
};
