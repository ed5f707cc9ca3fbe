import { OFFICE } from '../fixtures.ts';

// The services page's company document, shared by its page test and the editors' refusals suite.
export const HOME = 'a1c0ffee-0000-4000-8000-000000000001';

export const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

export const TESTING = 'a1c0ffee-0000-4000-8000-000000000014';

export const service = (uuid: string, name: string, sort: number, rest: Record<string, unknown> = {}) => ({
  uuid,
  name,
  description: '',
  ancillary: false,
  is_pac: false,
  label: false,
  rer: false,
  price_cents: 0,
  duration_minutes: 0,
  sort,
  prepare: '',
  ...rest,
});

/** Radon first in the document, last in visitors' order: a refusal's index is the document's. */
export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  currency: 'USD',
  rer_rush_amount_cents: 9900,
  settings: [],
  offices: [{ ...OFFICE, time_zone: 'America/New_York' }],
  services: [
    service(RADON, 'Radon Testing', 61, { price_cents: 15000, duration_minutes: 60, ancillary: true }),
    service(HOME, 'Single-Family Home Inspection', 10, { price_cents: 42500, duration_minutes: 180, rer: true }),
    service(TESTING, 'Environmental Testing', 60, { label: true }),
  ],
  packages: [
    {
      id: 1,
      name: 'Essentials',
      description: '',
      best: false,
      best_text: '',
      rer: false,
      price_cents: 48000,
      duration_minutes: 0,
      services: [HOME],
      sort: 1,
      prepare: '',
    },
  ],
  inspectors: [],
};
