import { notificationsSchema, PAYMENT_PROVIDERS, type PaymentProvider } from '@scheduler/contracts/company-document';
import { stripeSecretsBodySchema, type StripeSecretsBody } from '@scheduler/contracts/payments';

/**
 * The Payments page's form and the document it writes: how visitors pay online
 * (`payments.provider`) and, for a payment page of the company's own, its address template
 * (`notifications.payment_link`). The Stripe keys are not part of the document: they go to their
 * own write-only route, checked here by the same schema the server uses.
 */

export interface PaymentsFormValues {
  provider: PaymentProvider;
  /** Empty: no payment link. */
  paymentLink: string;
}

export const PROVIDER_CHOICES: ReadonlyArray<{ value: PaymentProvider; label: string; help: string }> = [
  {
    value: 'link',
    label: 'A payment page of your own',
    help: "Visitors get a link to your card processor's page, with the order's number and amount filled in.",
  },
  {
    value: 'stripe',
    label: 'Stripe',
    help: "Visitors pay by card on Stripe's page; the order is marked paid as soon as Stripe says so, and a receipt is e-mailed.",
  },
  {
    value: 'none',
    label: 'No online payment',
    help: 'Visitors are offered no way to pay online: you collect payment your own way.',
  },
];

const paymentLinkSchema = notificationsSchema.shape.payment_link;
export const PAYMENT_LINK_PROBLEM =
  'Enter an address beginning with https://, with no spaces (at most 2,000 characters), or leave it empty.';

const isProvider = (value: unknown): value is PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly unknown[]).includes(value);

export function paymentsFormValues(document: Record<string, unknown>): PaymentsFormValues {
  const provider = (document.payments as { provider?: unknown } | undefined)?.provider;
  const link = (document.notifications as { payment_link?: unknown } | undefined)?.payment_link;
  // A document that leaves `payments` out is paid through the link, as the server reads it.
  return { provider: isProvider(provider) ? provider : 'link', paymentLink: typeof link === 'string' ? link : '' };
}

export type ApplyResult =
  | { ok: true; document: Record<string, unknown> }
  | { ok: false; problems: Array<{ field: keyof PaymentsFormValues; message: string }> };

/** The document with the form written in, or the problem. A part the person did not change is not written. */
export function applyPaymentsForm(
  document: Record<string, unknown>,
  loaded: PaymentsFormValues,
  values: PaymentsFormValues,
): ApplyResult {
  const link = values.paymentLink.trim() === '' ? null : values.paymentLink.trim();
  if (!paymentLinkSchema.safeParse(link).success)
    return { ok: false, problems: [{ field: 'paymentLink', message: PAYMENT_LINK_PROBLEM }] };
  const next = { ...document };
  if (values.provider !== loaded.provider)
    next.payments = { ...((document.payments ?? {}) as Record<string, unknown>), provider: values.provider };
  const loadedLink = loaded.paymentLink.trim() === '' ? null : loaded.paymentLink.trim();
  if (link !== loadedLink)
    next.notifications = { ...((document.notifications ?? {}) as Record<string, unknown>), payment_link: link };
  return { ok: true, document: next };
}

/** Which field of the form a refused document's path points at; null for any other. */
export function formFieldOfRefusal(path: string): keyof PaymentsFormValues | null {
  if (path === 'payments' || path === 'payments.provider') return 'provider';
  if (path === 'notifications.payment_link') return 'paymentLink';
  return null;
}

// ---- The Stripe keys ------------------------------------------------------------------------

export interface StripeKeysValues {
  secretKey: string;
  webhookSecret: string;
}

export const SECRET_KEY_PROBLEM =
  'Paste the secret key from Stripe: it starts with sk_live_ or sk_test_ (or rk_ for a restricted key).';
export const WEBHOOK_SECRET_PROBLEM = 'Paste the signing secret of your Stripe webhook: it starts with whsec_.';

/** The keys as the route takes them, or each problem naming its field. */
export function checkStripeKeys(
  values: StripeKeysValues,
):
  | { ok: true; body: StripeSecretsBody }
  | { ok: false; problems: Array<{ field: keyof StripeKeysValues; message: string }> } {
  const body = { secret_key: values.secretKey.trim(), webhook_secret: values.webhookSecret.trim() };
  const problems: Array<{ field: keyof StripeKeysValues; message: string }> = [];
  if (!stripeSecretsBodySchema.shape.secret_key.safeParse(body.secret_key).success)
    problems.push({ field: 'secretKey', message: SECRET_KEY_PROBLEM });
  if (!stripeSecretsBodySchema.shape.webhook_secret.safeParse(body.webhook_secret).success)
    problems.push({ field: 'webhookSecret', message: WEBHOOK_SECRET_PROBLEM });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

/** The keys route's field a refusal names (`secret_key`), as the form's. */
export function keysFieldOfRefusal(field: string | undefined): keyof StripeKeysValues | null {
  if (field === 'secret_key') return 'secretKey';
  if (field === 'webhook_secret') return 'webhookSecret';
  return null;
}

/** Where Stripe sends its events for this company: the server's webhook route (payments.routes.ts). */
export function webhookUrl(origin: string, companyKey: string): string {
  return `${origin}/api/payments/stripe/webhook/${encodeURIComponent(companyKey)}`;
}

/** "Keys set on November 20, 2026", or "No keys yet". */
export function keysStatusText(status: { configured: boolean; updated_at: string | null }): string {
  if (!status.configured) return 'No keys yet';
  if (!status.updated_at) return 'Keys set';
  return `Keys set on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(status.updated_at))}`;
}
