import type { Config } from './config.ts';
import { DataEncryption } from './crypto/data-encryption.ts';
import type { Database } from './db/connection.ts';
import { publicBaseUrl } from './http/public-url.ts';
import { cancelRefundJobHandlers, type CancelRefundJobDeps } from './modules/payments/cancel-refunds.service.ts';
import { changeFeeJobHandlers } from './modules/payments/change-fees.service.ts';
import { paymentJobHandlers } from './modules/payments/payments.service.ts';
import { receiptPdf } from './modules/payments/receipt.service.ts';
import { stripeOptionsOf } from './modules/payments/stripe-gateway.ts';
import { referralStatsJobHandlers, type ReferralStatsDeps } from './modules/reports/referrals.service.ts';
import { retentionJobHandlers, RUN_BUDGET_MS, type RetentionDeps } from './modules/retention/retention.service.ts';
import { webhookJobHandlers } from './modules/webhooks/delivery-job.ts';
import type { WebhookDeps } from './modules/webhooks/webhooks-deps.ts';
import { CALENDAR_POLL_MS, type CalendarSyncDeps } from './modules/calendar-sync/calendar-sync-deps.ts';
import { oauthClientsOf, withOAuthProviders } from './modules/calendar-sync/oauth-providers.ts';
import { defaultProviders } from './modules/calendar-sync/provider-registry.ts';
import { pushBaseUrlOf } from './modules/calendar-sync/push-channels.ts';
import { calendarJobHandlers } from './modules/calendar-sync/sync-jobs.ts';
import { writeCalendarJobHandlers } from './modules/calendar-sync/write-calendar-jobs.ts';

/**
 * The queue's jobs beside the messages, each on the app's one clock (`clock`, the one the app and
 * the worker are given): the Stripe Checkout Sessions of cancelled orders expired, what the
 * cancellation policy refunds given back (decision 0076), the late fees charged (decision 0081), the webhooks sent (decision 0086), the inspectors' calendars read and written (decision 0089), and the pruning job (decision 0074). A
 * job that read the wall clock of its own would date its refunds apart from the app's changes.
 */
export function backgroundJobs(options: {
  db: Database;
  config: Config;
  log: CancelRefundJobDeps['log'] & WebhookDeps['log'];
  clock: () => number;
  /** The base of the console's links in webhook payloads; absent: PUBLIC_URL or the configured address. */
  publicBaseUrl?: () => string;
}) {
  const { db, config, log, clock } = options;
  const paymentJobDeps: CancelRefundJobDeps = {
    db,
    encryption: DataEncryption.fromConfig(config),
    stripe: stripeOptionsOf(config),
    log,
    now: () => new Date(clock()),
  };
  const retention: RetentionDeps = {
    db,
    policy: { days: config.RETENTION_DAYS },
    everyMinutes: config.RETENTION_EVERY_MINUTES,
    clock,
    // Well within the job's lease, so that no other worker takes a run still going for a dead one.
    budgetMs: Math.min(RUN_BUDGET_MS, Math.floor(config.NOTIFY_LEASE_MS / 2)),
  };
  // Each company's agent history for the referral report (decision 0093), a day old at most.
  const referralStats: ReferralStatsDeps = { db, clock, staleAfterMs: 24 * 3_600_000, everyMinutes: 60 };
  const webhookDeps: WebhookDeps = {
    db,
    encryption: paymentJobDeps.encryption,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    publicBaseUrl: options.publicBaseUrl ?? (() => publicBaseUrl(config)),
    now: () => new Date(clock()),
    log,
  };
  // Google's and Microsoft's adapters beside CalDAV, for the providers configured (decision 0090).
  const calendarOAuth = oauthClientsOf(config, clock);
  const calendarDeps: CalendarSyncDeps = {
    db,
    encryption: paymentJobDeps.encryption,
    providers: withOAuthProviders(defaultProviders, config, clock, calendarOAuth),
    oauth: calendarOAuth,
    publicBaseUrl: webhookDeps.publicBaseUrl,
    // Push only to an https public URL (decision 0096); otherwise every connection is polled each minute.
    pushBaseUrl: () => pushBaseUrlOf(webhookDeps.publicBaseUrl()),
    now: () => new Date(clock()),
    pollMs: CALENDAR_POLL_MS,
    log,
  };
  return {
    paymentJobDeps,
    webhookDeps,
    calendarDeps,
    paymentJobs: {
      ...paymentJobHandlers(paymentJobDeps),
      ...cancelRefundJobHandlers(paymentJobDeps),
      ...changeFeeJobHandlers(paymentJobDeps),
      // Webhook deliveries (decision 0086): each attempt a job, on the app's clock.
      ...webhookJobHandlers(webhookDeps),
      // Inspectors' own calendars (decision 0089): busy times read every minute, bookings written.
      ...calendarJobHandlers(calendarDeps),
      // Back-fills of a write calendar chosen, removals of our events at a disconnect (decision 0097).
      ...writeCalendarJobHandlers(calendarDeps),
    },
    retention,
    referralStats,
    systemJobs: { ...retentionJobHandlers(retention), ...referralStatsJobHandlers(referralStats) },
    /** The PDF each payment's and refund's receipt e-mail carries (decision 0082). */
    receiptAttachment: (companyId: string, orderId: string, entry: Parameters<typeof receiptPdf>[2]) =>
      receiptPdf(db, { companyId, orderId }, entry),
  };
}
