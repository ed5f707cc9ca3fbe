// The property questions page's company document, shared by its page test and the editors' refusals suite.
type Document = Record<string, unknown>;
export const SQUARE_FEET = {
  id: 1,
  slug: 'square-feet',
  type: 'SquareFeet',
  label: 'Square Feet',
  required: true,
  fee: true,
  sort: 1,
};

export const OCCUPANCY = {
  id: 5,
  slug: 'occupancy',
  type: 'DropDown',
  label: 'Occupancy',
  options: [
    { id: 1, value: 'Seller' },
    { id: 3, value: 'Vacant' },
  ],
  sort: 2,
};

export const UTILITIES = {
  id: 6,
  slug: 'utilities-on',
  type: 'CheckBox',
  label: 'Utilities will be on',
  required: true,
  sort: 3,
};

export const HOME_SIZE = {
  code: 'home-size',
  description: 'Home size adjustment',
  scope: 'order',
  services: [],
  rule: { kind: 'square_feet_tiers', tiers: [{ up_to_sqft: null, amount_cents: 5000 }] },
};

export const VACANT = {
  code: 'vacant',
  description: 'Vacant home visit',
  scope: 'order',
  services: [],
  rule: { kind: 'control', control_id: 5, checked_cents: 0, options: [{ option: 3, amount_cents: 1000 }] },
};

export const DOCUMENT: Document = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  currency: 'USD',
  settings: [],
  property_controls: [SQUARE_FEET, OCCUPANCY, UTILITIES],
  pricing: { fees: [HOME_SIZE, VACANT], coupons: [] },
};
