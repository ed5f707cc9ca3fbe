import { z } from 'zod';
import { DataEncryption } from './crypto/data-encryption.ts';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Configuration comes from environment variables only, parsed once at start-up. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText,
  ADMIN_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    'ADMIN_TOKEN must be at least 16 characters',
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** Signs the console's session cookies; at least 32 characters. Unset: generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'AUTH_SECRET must be at least 32 characters',
  ),
  REDIS_URL: optionalText,
  SESSION_RATE_LIMIT: positiveInt(60),
  /** Searches and lookups a session may make per minute, all search routes together. */
  SEARCH_RATE_LIMIT: positiveInt(120),
  /** Writes a session may make per minute, all write routes together. */
  WRITE_RATE_LIMIT: positiveInt(60),
  /** Requests an API key may make per minute on /api/v1 (a token bucket per key, decision 0087). */
  API_KEY_RATE_LIMIT: positiveInt(120),
  SESSION_TTL_DAYS: positiveInt(7),
  /**
   * How long opening a PostgreSQL connection, or waiting for a free one, may take. With the
   * statement timeout, it keeps every request of an outage within 3 s (issue 21; measured by
   * stalled-postgres.test.ts).
   */
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(2_000),
  /** How long one query may take before it is given up and the request answered 503. Our queries take milliseconds. */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(2_000),
  /** After SIGTERM, how long requests already received may take before they are answered 503 and the process exits. */
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /** Behind a load balancer, trust X-Forwarded-For so rate limits count real client addresses. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built wizard is; the server answers 503 on wizard pages when it is missing. */
  WEB_DIST_DIR: optionalText,
  /** Where the built console is; the server answers 503 on console pages when it is missing. */
  CONSOLE_DIST_DIR: optionalText,
  /** Load examples/demo-company.json on first start. */
  DEMO_COMPANY: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /** Who geocodes addresses: the bundled postal-code data (offline), a Nominatim server, or Google's Geocoding API. */
  GEOCODER: z.enum(['offline', 'nominatim', 'google']).default('offline'),
  /** The geocoding service's base URL: required for nominatim; for google, replaces https://maps.googleapis.com. */
  GEOCODER_URL: optionalText.pipe(z.url().optional()),
  GOOGLE_MAPS_KEY: optionalText,
  /** How long a geocoding service may take before the offline answer is given instead. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Where e-mails go: an SMTP server (smtp://user:pass@host:587, smtps://...); unset: .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalText.pipe(z.url().optional()),
  /**
   * The secret a mailbox forwarder or the mail provider sends (Authorization: Bearer, or Basic's
   * password) when it posts a bounce report to /api/mail/bounces (decision 0070); unset: that
   * route answers 404, as if it did not exist. At least 16 characters.
   */
  MAIL_BOUNCE_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    'MAIL_BOUNCE_SECRET must be at least 16 characters',
  ),
  /** The sender of the e-mails, e.g. "Acme Inspections <booking@acme.example>"; unset: the office's own address. */
  MAIL_FROM: optionalText,
  /** How often the e-mail queue is looked at when no confirm wakes it. */
  NOTIFY_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** The first retry of an e-mail that could not be sent; each further one waits twice as long, up to NOTIFY_RETRY_MAX_MS. */
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How long a claimed e-mail is its worker's: after a crash, another worker (or the restarted one) sends it once this has passed. */
  NOTIFY_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  NOTIFY_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  /**
   * How many days finished jobs, dead manage links, expired sign-in tokens and sessions are kept
   * before the pruning job deletes them (decision 0074). Audit events and orders are kept.
   */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Webhook endpoints may be http:// and private, loopback or link-local addresses (decision 0086):
   * for development and tests only. Off: https only, and a URL that resolves to such an address is
   * refused at save and at every delivery (against DNS rebinding).
   */
  WEBHOOKS_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How often the pruning job runs, in minutes (a day by default). */
  RETENTION_EVERY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  /** Text messages through Twilio when all three are set; unset: written to DATA_DIR/outbox like the e-mails. */
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** The sender: a Twilio number in E.164 or a Messaging Service SID (MG...). */
  TWILIO_FROM: optionalText,
  /** Twilio's API origin, for a stand-in in tests; unset: Twilio's own. */
  TWILIO_API_URL: optionalText.pipe(z.url().optional()),
  /**
   * The key that encrypts secrets at rest (a company's payment provider keys): comma-separated
   * `<id>:<32 bytes, base64>` entries, the first encrypting and all decrypting (rotation: README).
   * Unset: no provider keys can be stored, and Stripe payments are unavailable.
   */
  DATA_ENCRYPTION_KEY: optionalText.superRefine((value, context) => {
    if (value === undefined) return;
    try {
      DataEncryption.fromEnv(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `DATA_ENCRYPTION_KEY: ${(error as Error).message}` });
    }
  }),
  /** Where the Stripe SDK sends its API calls, e.g. a local stand-in in tests; unset: Stripe's own https://api.stripe.com. */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  /** How long one Stripe API call may take before the pay link answers 502 (the visitor may try again). */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(80_000).default(10_000),
  /** Google Calendar's OAuth client (issue 45, decision 0090): offered to inspectors when both are set, with DATA_ENCRYPTION_KEY. */
  GOOGLE_CALENDAR_CLIENT_ID: optionalText,
  GOOGLE_CALENDAR_CLIENT_SECRET: optionalText,
  /** One origin for Google's consent, token and Calendar API paths: a local stand-in in tests; unset: Google's own. */
  GOOGLE_CALENDAR_BASE_URL: optionalText.pipe(z.url().optional()),
  /** Microsoft 365's OAuth client (Entra app registration): offered when both are set, with DATA_ENCRYPTION_KEY. */
  MICROSOFT_CALENDAR_CLIENT_ID: optionalText,
  MICROSOFT_CALENDAR_CLIENT_SECRET: optionalText,
  /** The Entra tenant: `common` takes work, school and personal accounts; a tenant id limits it to one organisation. */
  MICROSOFT_CALENDAR_TENANT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,100}$/)
    .default('common'),
  /** One origin for Microsoft's login and Graph paths: a local stand-in in tests; unset: Microsoft's own. */
  MICROSOFT_CALENDAR_BASE_URL: optionalText.pipe(z.url().optional()),
});

/** The settings that only make sense together. */
export const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (config.GEOCODER === 'nominatim' && !config.GEOCODER_URL)
    context.addIssue({ code: 'custom', path: ['GEOCODER_URL'], message: 'GEOCODER=nominatim needs GEOCODER_URL' });
  const twilio = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM].filter(Boolean).length;
  if (twilio !== 0 && twilio !== 3)
    context.addIssue({
      code: 'custom',
      path: ['TWILIO_ACCOUNT_SID'],
      message: 'Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
    });
  if (config.GEOCODER === 'google' && !config.GOOGLE_MAPS_KEY)
    context.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_KEY'], message: 'GEOCODER=google needs GOOGLE_MAPS_KEY' });
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
