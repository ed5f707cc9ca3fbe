import {
  bookingPaymentRuleSchema,
  notificationsSchema,
  PAYMENT_PROVIDERS,
  paymentsSchema,
  type BookingPaymentRule,
  type PaymentProvider,
  type PaymentSettings,
} from '@scheduler/contracts/company-document';
import { stripeSecretsBodySchema, type StripeSecretsBody } from '@scheduler/contracts/payments';
import { formatMoney } from '@scheduler/domain/money-format';
import type { FieldPath } from 'react-hook-form';
import { amountExample, amountText, parseAmount, readWhole } from '../../../shared/money-amount.ts';

/**
 * The Payments page's form and the document it writes: how visitors pay online
 * (`payments.provider`) and, for a payment page of the company's own, its address template
 * (`notifications.payment_link`); with Stripe, what a booking pays when it is made (issue 44,
 * decision 0085: `payments.at_booking`, `save_card`, and services' and packages' own rules). The
 * Stripe keys are not part of the document: they go to their own write-only route, checked here
 * by the same schema the server uses. Amounts are text while typed; the form refuses what the
 * schema would, naming the field, so a save the form lets through is one the server takes.
 */

export type AtBookingKind = BookingPaymentRule['kind'];

/** One rule of payment at booking as the form holds it: the amount and percent are text while typed. */
export interface AtBookingValues {
  kind: AtBookingKind;
  amount: string;
  percent: string;
}

export interface ServiceAtBookingValues extends AtBookingValues {
  /** The service's uuid; empty until one is chosen. */
  service: string;
}

export interface PackageAtBookingValues extends AtBookingValues {
  /** The package's id as text (a select's value); empty until one is chosen. */
  package: string;
}

export interface PaymentsFormValues {
  provider: PaymentProvider;
  /** Empty: no payment link. */
  paymentLink: string;
  atBooking: AtBookingValues;
  saveCard: boolean;
  services: ServiceAtBookingValues[];
  packages: PackageAtBookingValues[];
}

export type PaymentsField = FieldPath<PaymentsFormValues>;

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

/** The choices of what a booking pays when it is made, in the words of the one who sets them. */
export const AT_BOOKING_CHOICES: ReadonlyArray<{ value: AtBookingKind; label: string }> = [
  { value: 'later', label: 'Nothing: clients pay after booking' },
  { value: 'deposit_amount', label: 'A deposit of a fixed amount' },
  { value: 'deposit_percent', label: 'A deposit of a percent of the total' },
  { value: 'full', label: 'The whole total' },
];

const paymentLinkSchema = notificationsSchema.shape.payment_link;
export const PAYMENT_LINK_PROBLEM =
  'Enter an address beginning with https://, with no spaces (at most 2,000 characters), or leave it empty.';

/** The bounds of a deposit, from the schema itself. */
const [, amountRule, percentRule] = bookingPaymentRuleSchema.options;
export const MAX_DEPOSIT_CENTS = amountRule.shape.amount_cents.maxValue ?? 100_000_000;
export const MAX_DEPOSIT_PERCENT = percentRule.shape.percent.maxValue ?? 100;

export const depositAmountProblem = (currency: string) =>
  `Enter an amount in ${currency} from 0 to ${formatMoney(MAX_DEPOSIT_CENTS, currency).replace(/^\D+/, '')}, like ${amountExample(currency)}, without a currency sign.`;
export const depositPercentProblem = `Enter a whole number from 0 to ${MAX_DEPOSIT_PERCENT}, like 25.`;
export const CHOOSE_SERVICE = 'Choose the service this rule is for.';
export const CHOOSE_PACKAGE = 'Choose the package this rule is for.';
export const SERVICE_TWICE = 'This service has a rule above already: a service has one rule.';
export const PACKAGE_TWICE = 'This package has a rule above already: a package has one rule.';

const isProvider = (value: unknown): value is PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly unknown[]).includes(value);

/** What a booking pays when it is made, as stored: the schema's defaults filled in as the server fills them. */
export type AtBookingSettings = Pick<PaymentSettings, 'at_booking' | 'save_card' | 'services' | 'packages'>;

const NOTHING_AT_BOOKING: AtBookingSettings = {
  at_booking: { kind: 'later' },
  save_card: false,
  services: [],
  packages: [],
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The document's rules of payment at booking (none for a section the schema would not read). */
export function atBookingOf(document: Record<string, unknown>): AtBookingSettings {
  const parsed = paymentsSchema.safeParse(document.payments ?? {});
  if (!parsed.success) return NOTHING_AT_BOOKING;
  const { at_booking, save_card, services, packages } = parsed.data;
  return { at_booking, save_card, services, packages };
}

export const EMPTY_RULE: AtBookingValues = { kind: 'later', amount: '', percent: '' };

function ruleValues(rule: BookingPaymentRule, currency: string): AtBookingValues {
  if (rule.kind === 'deposit_amount')
    return { ...EMPTY_RULE, kind: rule.kind, amount: amountText(rule.amount_cents, currency) };
  if (rule.kind === 'deposit_percent') return { ...EMPTY_RULE, kind: rule.kind, percent: String(rule.percent) };
  return { ...EMPTY_RULE, kind: rule.kind };
}

export function paymentsFormValues(document: Record<string, unknown>, currency = 'USD'): PaymentsFormValues {
  const provider = (document.payments as { provider?: unknown } | undefined)?.provider;
  const link = (document.notifications as { payment_link?: unknown } | undefined)?.payment_link;
  const settings = atBookingOf(document);
  // A document that leaves `payments` out is paid through the link, as the server reads it.
  return {
    provider: isProvider(provider) ? provider : 'link',
    paymentLink: typeof link === 'string' ? link : '',
    atBooking: ruleValues(settings.at_booking, currency),
    saveCard: settings.save_card,
    services: settings.services.map((entry) => ({ service: entry.service, ...ruleValues(entry.at_booking, currency) })),
    packages: settings.packages.map((entry) => ({
      package: String(entry.package),
      ...ruleValues(entry.at_booking, currency),
    })),
  };
}

export interface FieldProblem {
  /** The form's field, as react-hook-form names it ("services.1.amount"). */
  field: PaymentsField;
  message: string;
}

/** One rule as the document takes it, or its problem at the field that holds it. `prefix` is "atBooking." or "services.2.". */
function readRule(
  values: AtBookingValues,
  prefix: string,
  currency: string,
  problems: FieldProblem[],
): BookingPaymentRule | null {
  if (values.kind === 'deposit_amount') {
    const cents = parseAmount(values.amount, currency);
    if (cents !== null && cents <= MAX_DEPOSIT_CENTS) return { kind: values.kind, amount_cents: cents };
    problems.push({ field: `${prefix}amount` as PaymentsField, message: depositAmountProblem(currency) });
    return null;
  }
  if (values.kind === 'deposit_percent') {
    const read = readWhole(values.percent, 0, MAX_DEPOSIT_PERCENT);
    if (read.ok && read.value !== null) return { kind: values.kind, percent: read.value };
    problems.push({ field: `${prefix}percent` as PaymentsField, message: depositPercentProblem });
    return null;
  }
  return { kind: values.kind };
}

/**
 * The rules of payment at booking as typed, or the problems. Without Stripe nothing is taken at
 * booking (the schema refuses it): the rules are turned off, whatever the hidden fields hold.
 */
export function readAtBooking(
  values: PaymentsFormValues,
  currency: string,
): { ok: true; settings: AtBookingSettings } | { ok: false; problems: FieldProblem[] } {
  if (values.provider !== 'stripe') return { ok: true, settings: NOTHING_AT_BOOKING };
  const problems: FieldProblem[] = [];
  const at_booking = readRule(values.atBooking, 'atBooking.', currency, problems);
  const services: AtBookingSettings['services'] = [];
  const seenServices = new Set<string>();
  values.services.forEach((row, index) => {
    const rule = readRule(row, `services.${index}.`, currency, problems);
    if (row.service === '') problems.push({ field: `services.${index}.service`, message: CHOOSE_SERVICE });
    else if (seenServices.has(row.service))
      problems.push({ field: `services.${index}.service`, message: SERVICE_TWICE });
    seenServices.add(row.service);
    if (rule) services.push({ service: row.service, at_booking: rule });
  });
  const packages: AtBookingSettings['packages'] = [];
  const seenPackages = new Set<string>();
  values.packages.forEach((row, index) => {
    const rule = readRule(row, `packages.${index}.`, currency, problems);
    if (!/^\d+$/.test(row.package)) problems.push({ field: `packages.${index}.package`, message: CHOOSE_PACKAGE });
    else if (seenPackages.has(row.package))
      problems.push({ field: `packages.${index}.package`, message: PACKAGE_TWICE });
    seenPackages.add(row.package);
    if (rule) packages.push({ package: Number(row.package), at_booking: rule });
  });
  if (problems.length > 0 || at_booking === null) return { ok: false, problems };
  return { ok: true, settings: { at_booking, save_card: values.saveCard, services, packages } };
}

/** Whether the document has any rule of payment at booking: what saving without Stripe turns off. */
export function hasAtBookingRules(settings: AtBookingSettings): boolean {
  return !same(settings, NOTHING_AT_BOOKING);
}

export type ApplyResult = { ok: true; document: Record<string, unknown> } | { ok: false; problems: FieldProblem[] };

/**
 * The document with the form written in, or the problems. A part the person did not change is not
 * written: each of `payments`' keys is written only when what the form makes of it differs from
 * what the document had.
 */
export function applyPaymentsForm(
  document: Record<string, unknown>,
  loaded: PaymentsFormValues,
  values: PaymentsFormValues,
  currency = 'USD',
): ApplyResult {
  const problems: FieldProblem[] = [];
  const link = values.paymentLink.trim() === '' ? null : values.paymentLink.trim();
  if (!paymentLinkSchema.safeParse(link).success)
    problems.push({ field: 'paymentLink', message: PAYMENT_LINK_PROBLEM });
  const read = readAtBooking(values, currency);
  if (!read.ok) problems.push(...read.problems);
  if (problems.length > 0 || !read.ok) return { ok: false, problems };

  const next = { ...document };
  const payments: Record<string, unknown> = { ...((document.payments ?? {}) as Record<string, unknown>) };
  let paymentsChanged = false;
  if (values.provider !== loaded.provider) {
    payments.provider = values.provider;
    paymentsChanged = true;
  }
  const stored = atBookingOf(document);
  for (const key of ['at_booking', 'save_card', 'services', 'packages'] as const) {
    if (same(read.settings[key], stored[key])) continue;
    payments[key] = read.settings[key];
    paymentsChanged = true;
  }
  if (paymentsChanged) next.payments = payments;
  const loadedLink = loaded.paymentLink.trim() === '' ? null : loaded.paymentLink.trim();
  if (link !== loadedLink)
    next.notifications = { ...((document.notifications ?? {}) as Record<string, unknown>), payment_link: link };
  return { ok: true, document: next };
}

const RULE_FIELD: Readonly<Record<string, 'kind' | 'amount' | 'percent'>> = {
  amount_cents: 'amount',
  percent: 'percent',
};

/** The field of one rule that a refusal's rest of path names (`at_booking.amount_cents`). */
function ruleFieldOf(prefix: string, rest: readonly string[]): PaymentsField | null {
  if (rest[0] !== 'at_booking') return null;
  return `${prefix}${RULE_FIELD[rest[1] ?? ''] ?? 'kind'}` as PaymentsField;
}

/**
 * Which field of the form a refused document's path points at ("payments.services.3.service",
 * "payments.at_booking"); null for any other. The services and packages are written in the
 * form's order, one entry a row, so an entry's index is its row's.
 */
export function formFieldOfRefusal(path: string): PaymentsField | null {
  if (path === 'payments' || path === 'payments.provider') return 'provider';
  if (path === 'notifications.payment_link') return 'paymentLink';
  const [section, key, ...rest] = path.split('.');
  if (section !== 'payments' || key === undefined) return null;
  if (key === 'save_card') return 'saveCard';
  if (key === 'at_booking') return ruleFieldOf('atBooking.', [key, ...rest]);
  if ((key === 'services' || key === 'packages') && /^\d+$/.test(rest[0] ?? '')) {
    const prefix = `${key}.${rest[0]}.`;
    const own = key === 'services' ? 'service' : 'package';
    if (rest[1] === undefined || rest[1] === own) return `${prefix}${own}` as PaymentsField;
    return ruleFieldOf(prefix, rest.slice(1));
  }
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
