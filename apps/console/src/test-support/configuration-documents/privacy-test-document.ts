import type { PrivacyLookup, PrivacyOrder } from '@scheduler/contracts/privacy';

// The Privacy page's company document and a person's orders, for its page test.
/** A document keeping clients' data 7 years after the inspection, with other sections the page must send back as they came. */
export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  settings: [],
  analytics: { google_tag_id: 'GTM-AB12CD3' },
  privacy: { client_data_years: 7 },
};

export const EMAIL = 'jane@example.com';

/** Booked, in Columbus, still to come: an erasure keeps it. */
export const UPCOMING: PrivacyOrder = {
  id: '0b6f1d7e-2c3a-4b5d-8e9f-a0b1c2d3e4f5',
  reference: 'F80ADF62',
  status: 'confirmed',
  datetime: '2026-12-01T14:30:00.000Z',
  time_zone: 'America/New_York',
  roles: ['client'],
  erased_at: null,
  kept: 'upcoming',
};

/** Done in summer (daylight time), where the person was the buyer's agent and a contact: an erasure takes it. */
export const PAST: PrivacyOrder = {
  id: '1c7a2e8f-3d4b-4c6e-9f0a-b1c2d3e4f5a6',
  reference: '3B9C0D11',
  status: 'confirmed',
  datetime: '2026-07-14T13:00:00.000Z',
  time_zone: 'America/New_York',
  roles: ['buyers_agent', 'contact'],
  erased_at: null,
  kept: null,
};

/** Cancelled in Chicago, erased already: at 3:00 UTC on Nov 20th, still the 19th on the office's clock. */
export const ERASED: PrivacyOrder = {
  id: '2d8b3f9a-4e5c-4d7f-a01b-c2d3e4f5a6b7',
  reference: '77E1A2C4',
  status: 'cancelled',
  datetime: '2025-03-03T16:00:00.000Z',
  time_zone: 'America/Chicago',
  roles: ['client'],
  erased_at: '2026-11-20T03:00:00.000Z',
  kept: null,
};

/** What the lookup answers for EMAIL: three orders, newest first, and one People entry. */
export const LOOKUP: PrivacyLookup = {
  email: EMAIL,
  orders: [UPCOMING, PAST, ERASED],
  directory_contacts: 1,
};
