import { describe, expect, it } from 'vitest';
import {
  applyPaymentsForm,
  CHOOSE_PACKAGE,
  CHOOSE_SERVICE,
  checkStripeKeys,
  depositAmountProblem,
  depositPercentProblem,
  EMPTY_RULE,
  formFieldOfRefusal,
  keysFieldOfRefusal,
  keysStatusText,
  PACKAGE_TWICE,
  PAYMENT_LINK_PROBLEM,
  paymentsFormValues,
  SECRET_KEY_PROBLEM,
  SERVICE_TWICE,
  webhookUrl,
  WEBHOOK_SECRET_PROBLEM,
} from './payments-form.ts';

const LINK = 'https://pay.example/{order_id}?amount={amount}';
const DOCUMENT = {
  key: 'demo',
  payments: { provider: 'link' },
  notifications: { office_email: 'office@example.com', payment_link: LINK },
  future: { kept: true },
};
const loaded = paymentsFormValues(DOCUMENT);
const NOTHING = { atBooking: EMPTY_RULE, saveCard: false, services: [], packages: [] };
const HOME = '7b2e1d3f-4c5e-4f60-9b0c-1d2e3f4a5b6c';
const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const STRIPE = {
  key: 'demo',
  currency: 'USD',
  payments: {
    provider: 'stripe',
    at_booking: { kind: 'deposit_percent', percent: 25 },
    save_card: true,
    services: [{ service: RADON, at_booking: { kind: 'deposit_amount', amount_cents: 5050 } }],
    packages: [{ package: 3, at_booking: { kind: 'full' } }],
  },
};
const stripeLoaded = paymentsFormValues(STRIPE);

describe('reading', () => {
  it('reads the provider and the link; a document without them is paid by link, with none', () => {
    expect(loaded).toEqual({ provider: 'link', paymentLink: LINK, ...NOTHING });
    expect(paymentsFormValues({})).toEqual({ provider: 'link', paymentLink: '', ...NOTHING });
    expect(paymentsFormValues({ payments: { provider: 'stripe' }, notifications: { payment_link: null } })).toEqual({
      provider: 'stripe',
      paymentLink: '',
      ...NOTHING,
    });
    expect(paymentsFormValues({ payments: { provider: 'paypal' } }).provider).toBe('link');
  });
});

describe('applyPaymentsForm', () => {
  it('writes nothing when nothing changed, and keeps every other part', () => {
    expect(applyPaymentsForm(DOCUMENT, loaded, loaded)).toEqual({ ok: true, document: DOCUMENT });
    expect(applyPaymentsForm({}, paymentsFormValues({}), paymentsFormValues({}))).toEqual({ ok: true, document: {} });
  });

  it.each(['stripe', 'none'] as const)(
    'writes the provider %s, keeping the link and the rest of notifications',
    (provider) => {
      expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, provider })).toEqual({
        ok: true,
        document: { ...DOCUMENT, payments: { provider } },
      });
    },
  );

  it('writes a changed link trimmed, and an emptied one as null', () => {
    expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, paymentLink: ' https://pay.example/{order_id} ' })).toEqual(
      {
        ok: true,
        document: {
          ...DOCUMENT,
          notifications: { office_email: 'office@example.com', payment_link: 'https://pay.example/{order_id}' },
        },
      },
    );
    expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, paymentLink: '  ' })).toEqual({
      ok: true,
      document: { ...DOCUMENT, notifications: { office_email: 'office@example.com', payment_link: null } },
    });
  });

  it('takes a link of 2,000 characters and refuses one more, or one that is not an address', () => {
    const base = 'https://pay.example/';
    const longest = base + 'a'.repeat(2000 - base.length);
    expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, paymentLink: longest }).ok).toBe(true);
    for (const paymentLink of [
      `${longest}a`,
      'pay.example/{order_id}',
      'https://pay example.com',
      'ftp://pay.example',
    ]) {
      expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, paymentLink }), paymentLink).toEqual({
        ok: false,
        problems: [{ field: 'paymentLink', message: PAYMENT_LINK_PROBLEM }],
      });
    }
  });

  it('finds the field of a refused path', () => {
    expect(formFieldOfRefusal('payments.provider')).toBe('provider');
    expect(formFieldOfRefusal('notifications.payment_link')).toBe('paymentLink');
    expect(formFieldOfRefusal('notifications.office_email')).toBeNull();
  });

  it.each([
    ['payments.at_booking', 'atBooking.kind'],
    ['payments.at_booking.kind', 'atBooking.kind'],
    ['payments.at_booking.amount_cents', 'atBooking.amount'],
    ['payments.at_booking.percent', 'atBooking.percent'],
    ['payments.save_card', 'saveCard'],
    ['payments.services.3.service', 'services.3.service'],
    ['payments.services.3', 'services.3.service'],
    ['payments.services.0.at_booking.percent', 'services.0.percent'],
    ['payments.packages.1.package', 'packages.1.package'],
    ['payments.packages.1.at_booking.amount_cents', 'packages.1.amount'],
    ['payments.services', null],
    ['payments.services.x.service', null],
    ['payments.future', null],
    ['booking_changes.services.0.service', null],
  ])('finds the field of the refused path %s: %s', (path, field) => {
    expect(formFieldOfRefusal(path)).toBe(field);
  });
});

describe('payment at booking', () => {
  it('reads each rule, the card and the own rules, amounts as typed back', () => {
    expect(stripeLoaded).toEqual({
      provider: 'stripe',
      paymentLink: '',
      atBooking: { kind: 'deposit_percent', amount: '', percent: '25' },
      saveCard: true,
      services: [{ service: RADON, kind: 'deposit_amount', amount: '50.50', percent: '' }],
      packages: [{ package: '3', kind: 'full', amount: '', percent: '' }],
    });
    // A zero-decimal currency's amount has no decimals.
    const yen = {
      currency: 'JPY',
      payments: { provider: 'stripe', at_booking: { kind: 'deposit_amount', amount_cents: 5000 } },
    };
    expect(paymentsFormValues(yen, 'JPY').atBooking.amount).toBe('5000');
  });

  it('writes nothing of the section when nothing changed, even typed otherwise', () => {
    expect(applyPaymentsForm(STRIPE, stripeLoaded, stripeLoaded)).toEqual({ ok: true, document: STRIPE });
    const services = [{ ...stripeLoaded.services[0]!, amount: '50.5' }];
    expect(applyPaymentsForm(STRIPE, stripeLoaded, { ...stripeLoaded, services })).toEqual({
      ok: true,
      document: STRIPE,
    });
  });

  it('writes only the changed part', () => {
    const values = { ...stripeLoaded, atBooking: { ...EMPTY_RULE, kind: 'deposit_amount' as const, amount: '0' } };
    expect(applyPaymentsForm(STRIPE, stripeLoaded, values)).toEqual({
      ok: true,
      document: {
        ...STRIPE,
        payments: { ...STRIPE.payments, at_booking: { kind: 'deposit_amount', amount_cents: 0 } },
      },
    });
  });

  it.each([
    ['100', 100, true],
    ['0', 0, true],
    ['101', null, false],
    ['12.5', null, false],
    ['-1', null, false],
    ['', null, false],
  ])('takes a percent of %j: %s', (percent, value, ok) => {
    const values = { ...stripeLoaded, atBooking: { ...EMPTY_RULE, kind: 'deposit_percent' as const, percent } };
    const result = applyPaymentsForm(STRIPE, stripeLoaded, values);
    if (ok)
      expect(result).toMatchObject({
        ok: true,
        document: { payments: { at_booking: { kind: 'deposit_percent', percent: value } } },
      });
    else
      expect(result).toEqual({ ok: false, problems: [{ field: 'atBooking.percent', message: depositPercentProblem }] });
  });

  it.each([
    ['1,000,000.00', 100_000_000, true],
    ['0', 0, true],
    ['0.01', 1, true],
    ['1000000.01', null, false],
    ['0.001', null, false],
    ['$5', null, false],
    ['', null, false],
  ])('takes a deposit of %j: %s', (amount, cents, ok) => {
    const row = { ...stripeLoaded.services[0]!, amount };
    const result = applyPaymentsForm(STRIPE, stripeLoaded, { ...stripeLoaded, services: [row] });
    if (ok)
      expect(result).toMatchObject({
        ok: true,
        document: {
          payments: { services: [{ service: RADON, at_booking: { kind: 'deposit_amount', amount_cents: cents } }] },
        },
      });
    else
      expect(result).toEqual({
        ok: false,
        problems: [{ field: 'services.0.amount', message: depositAmountProblem('USD') }],
      });
  });

  it('refuses a row with no choice, and a service or package twice, at the row', () => {
    const values = {
      ...stripeLoaded,
      services: [
        { ...stripeLoaded.services[0]!, service: '' },
        { service: HOME, ...EMPTY_RULE },
        { service: HOME, ...EMPTY_RULE, kind: 'full' as const },
      ],
      packages: [{ package: '', ...EMPTY_RULE }, stripeLoaded.packages[0]!, stripeLoaded.packages[0]!],
    };
    expect(applyPaymentsForm(STRIPE, stripeLoaded, values)).toEqual({
      ok: false,
      problems: [
        { field: 'services.0.service', message: CHOOSE_SERVICE },
        { field: 'services.2.service', message: SERVICE_TWICE },
        { field: 'packages.0.package', message: CHOOSE_PACKAGE },
        { field: 'packages.2.package', message: PACKAGE_TWICE },
      ],
    });
  });

  it('turns payment at booking off without Stripe, the hidden fields unread', () => {
    const values = {
      ...stripeLoaded,
      provider: 'none' as const,
      atBooking: { ...EMPTY_RULE, kind: 'deposit_percent' as const, percent: '101' },
    };
    expect(applyPaymentsForm(STRIPE, stripeLoaded, values)).toEqual({
      ok: true,
      document: {
        ...STRIPE,
        payments: { provider: 'none', at_booking: { kind: 'later' }, save_card: false, services: [], packages: [] },
      },
    });
    // A company that had none writes none of it.
    expect(applyPaymentsForm(DOCUMENT, loaded, { ...loaded, provider: 'none' })).toEqual({
      ok: true,
      document: { ...DOCUMENT, payments: { provider: 'none' } },
    });
  });
});

describe('checkStripeKeys', () => {
  it('takes secret and restricted keys and a signing secret, trimmed', () => {
    expect(checkStripeKeys({ secretKey: ' sk_live_abcdEFGH1234 ', webhookSecret: 'whsec_abc+/=DEF1' })).toEqual({
      ok: true,
      body: { secret_key: 'sk_live_abcdEFGH1234', webhook_secret: 'whsec_abc+/=DEF1' },
    });
    expect(checkStripeKeys({ secretKey: 'rk_test_abcdEFGH', webhookSecret: 'whsec_12345678' }).ok).toBe(true);
  });

  it('refuses each key that is not one, naming it, at 255 characters and one past', () => {
    expect(checkStripeKeys({ secretKey: 'pk_live_abcdEFGH1234', webhookSecret: 'whsec_1234567' })).toEqual({
      ok: false,
      problems: [
        { field: 'secretKey', message: SECRET_KEY_PROBLEM },
        { field: 'webhookSecret', message: WEBHOOK_SECRET_PROBLEM },
      ],
    });
    expect(
      checkStripeKeys({ secretKey: `sk_test_${'a'.repeat(247)}`, webhookSecret: `whsec_${'a'.repeat(249)}` }).ok,
    ).toBe(true);
    expect(
      checkStripeKeys({ secretKey: `sk_test_${'a'.repeat(248)}`, webhookSecret: `whsec_${'a'.repeat(250)}` }),
    ).toMatchObject({ ok: false, problems: [{ field: 'secretKey' }, { field: 'webhookSecret' }] });
  });

  it("names the form's field of the route's refusal", () => {
    expect(keysFieldOfRefusal('secret_key')).toBe('secretKey');
    expect(keysFieldOfRefusal('webhook_secret')).toBe('webhookSecret');
    expect(keysFieldOfRefusal(undefined)).toBeNull();
  });
});

describe('the words and the webhook', () => {
  it('says whether keys are set, and since when', () => {
    expect(keysStatusText({ configured: false, updated_at: null })).toBe('No keys yet');
    expect(keysStatusText({ configured: true, updated_at: '2026-11-20T15:00:00.000Z' })).toBe(
      'Keys set on November 20, 2026',
    );
  });

  it("is the server's webhook route for the company", () => {
    expect(webhookUrl('https://book.example.com', 'demo')).toBe(
      'https://book.example.com/api/payments/stripe/webhook/demo',
    );
  });
});
