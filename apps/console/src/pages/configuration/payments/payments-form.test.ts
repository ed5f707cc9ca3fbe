import { describe, expect, it } from 'vitest';
import {
  applyPaymentsForm,
  checkStripeKeys,
  formFieldOfRefusal,
  keysFieldOfRefusal,
  keysStatusText,
  PAYMENT_LINK_PROBLEM,
  paymentsFormValues,
  SECRET_KEY_PROBLEM,
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

describe('reading', () => {
  it('reads the provider and the link; a document without them is paid by link, with none', () => {
    expect(loaded).toEqual({ provider: 'link', paymentLink: LINK });
    expect(paymentsFormValues({})).toEqual({ provider: 'link', paymentLink: '' });
    expect(paymentsFormValues({ payments: { provider: 'stripe' }, notifications: { payment_link: null } })).toEqual({
      provider: 'stripe',
      paymentLink: '',
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
