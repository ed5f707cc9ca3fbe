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
