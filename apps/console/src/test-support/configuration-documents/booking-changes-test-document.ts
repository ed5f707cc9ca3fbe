// The booking changes page's company document, shared by its page test and the editors' refusals suite.
export const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

export const HOME = '7b2e1d3f-4c5e-4f60-9b0c-1d2e3f4a5b6c';

export const BOOKING_CHANGES = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 24,
  late_cancel_within_hours: 48,
  late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
  reschedule_text: 'Moving is free up to a day before.',
  cancel_text: '',
  services: [{ service: RADON, reschedule_until_hours: 72 }],
  agents: { see_prices: false, reschedule: true, cancel: false },
};

/** A company document as the server sends it: the section this page edits, and others it must send back as they came. */
export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  currency: 'USD',
  services: [
    { uuid: HOME, name: 'Full Home Inspection' },
    { uuid: RADON, name: 'Radon <b>Test</b>' },
  ],
  notifications: { brand_color: '#1f4e79' },
  booking_changes: BOOKING_CHANGES,
};
