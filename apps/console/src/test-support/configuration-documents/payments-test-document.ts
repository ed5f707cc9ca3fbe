import type { StripeSecretsStatus } from '@scheduler/contracts/payments';

// The payments page's company document and keys, shared by its page test and the editors' refusals suite.
export const KEYS_PATH = '/api/console/companies/demo/payments/stripe';

export const LINK = 'https://pay.example/{order_id}?amount={amount}';

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley',
  payments: { provider: 'link' },
  notifications: { office_email: '', payment_link: LINK },
  settings: [],
};

export const NO_KEYS: StripeSecretsStatus = { provider: 'stripe', configured: false, key_id: null, updated_at: null };

export const KEYS_SET: StripeSecretsStatus = {
  provider: 'stripe',
  configured: true,
  key_id: 'k1',
  updated_at: '2026-11-20T15:00:00.000Z',
};

export const SECRET = 'sk_test_abcdEFGH12345678';

export const SIGNING = 'whsec_abcdEFGH12345678';

// A company paid through Stripe, with a catalogue for services' and packages' own rules at booking (issue 44).
export const HOME = '7b2e1d3f-4c5e-4f60-9b0c-1d2e3f4a5b6c';
export const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
export const BUYERS = 3;

export const STRIPE_PAYMENTS = {
  provider: 'stripe',
  at_booking: { kind: 'deposit_amount', amount_cents: 10000 },
  save_card: false,
  services: [{ service: RADON, at_booking: { kind: 'full' } }],
  packages: [],
};

export const STRIPE_DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley',
  currency: 'USD',
  services: [
    { uuid: HOME, name: 'Full Home Inspection' },
    { uuid: RADON, name: 'Radon <b>Testing</b>' },
    // A heading of the services list: nothing a client books, so no rule of its own.
    { uuid: '8c3f2e40-5d6f-4a71-8c1d-2e3f4a5b6c7d', name: 'Add-ons', label: true },
  ],
  packages: [{ id: BUYERS, name: 'Buyer&#39;s Package', price_cents: 50000, services: [HOME, RADON] }],
  payments: STRIPE_PAYMENTS,
  notifications: { office_email: '', payment_link: null },
  settings: [],
};
