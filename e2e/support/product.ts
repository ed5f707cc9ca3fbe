import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { configSchema } from '../../apps/server/src/config.ts';
import { DataEncryption } from '../../apps/server/src/crypto/data-encryption.ts';
import { webhookJobHandlers } from '../../apps/server/src/modules/webhooks/delivery-job.ts';
import { CALENDAR_POLL_MS } from '../../apps/server/src/modules/calendar-sync/calendar-sync-deps.ts';
import { defaultProviders } from '../../apps/server/src/modules/calendar-sync/provider-registry.ts';
import { calendarJobHandlers } from '../../apps/server/src/modules/calendar-sync/sync-jobs.ts';
import { writeCalendarJobHandlers } from '../../apps/server/src/modules/calendar-sync/write-calendar-jobs.ts';
import { publicBaseUrl } from '../../apps/server/src/http/public-url.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/connection.ts';
import { openSeededTestPglite, openSeededTestPostgres } from '../../apps/server/src/db/test-databases.ts';
import * as t from '../../apps/server/src/db/schema.ts';
import { importCompanyDocument } from '../../apps/server/src/modules/company-document/companies.service.ts';
import { DEMO_COMPANY_FILE, DEMO_OFFICE_UUID } from '../../apps/server/src/modules/company-document/demo-company.ts';
import { hashToken } from '../../apps/server/src/modules/sessions/tokens.ts';
import { createNotificationWorker } from '../../apps/server/src/modules/notifications/notifications.service.ts';
import { pendingJobCount } from '../../apps/server/src/modules/notifications/job-queue.repository.ts';

export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
export const CONSOLE_DIST = fileURLToPath(new URL('../../apps/console/dist', import.meta.url));

/** Companies beside the demo that put the wizard in each state of the route table. */
export const FIXTURE_OFFICES = {
  demo: DEMO_OFFICE_UUID,
  closed: 'c0000000-0000-4000-8000-00000000c105', // scheduler disabled
  empty: 'c0000000-0000-4000-8000-0000000e4714', // no services
  late: 'c0000000-0000-4000-8000-0000000ca1e4', // calendar last
  zip: 'c0000000-0000-4000-8000-000000000219', // postal-code restricted
  noquestions: 'c0000000-0000-4000-8000-0000000000a0', // no property questions
  listing: 'c0000000-0000-4000-8000-0000000011a7', // appointments as a list
  paying: 'c0000000-0000-4000-8000-0000000ba1d0', // paid online through Stripe Checkout (its keys: a test sets them)
} as const;
export type FixtureCompany = keyof typeof FIXTURE_OFFICES;

function demoDocument(): Record<string, any> {
  return JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8'));
}

function variant(key: FixtureCompany, changes: (doc: Record<string, any>) => void): Record<string, any> {
  const doc = demoDocument();
  doc.key = key;
  doc.name = `${doc.name} (${key})`;
  doc.offices[0].uuid = FIXTURE_OFFICES[key];
  for (const inspector of doc.inspectors) inspector.office = FIXTURE_OFFICES[key];
  changes(doc);
  return doc;
}

function withSetting(doc: Record<string, any>, key: string, value: string): void {
  doc.settings = [...doc.settings.filter((s: { key: string }) => s.key !== key), { key, value }];
}

/** The demo company and its variants (FIXTURE_OFFICES), as every browser-test file starts with them. */
async function importFixtureCompanies(db: DatabaseHandle['db']): Promise<void> {
  await importCompanyDocument(db, demoDocument());
  await importCompanyDocument(
    db,
    variant('closed', (doc) => (doc.scheduler_enabled = false)),
  );
  await importCompanyDocument(
    db,
    variant('empty', (doc) => {
      doc.services = doc.services.filter((s: { is_pac: boolean }) => s.is_pac);
      doc.packages = [];
      doc.fees = [];
      doc.taxes = [];
      // The pricing rules and the booking-change rules name services that are gone.
      delete doc.pricing;
      delete doc.booking_changes;
      for (const inspector of doc.inspectors) inspector.services = [];
    }),
  );
  await importCompanyDocument(
    db,
    variant('late', (doc) => withSetting(doc, 'ONLINE_SCHEDULER_V3_INSPECTOR_CALENDAR_LAST', 'Y')),
  );
  await importCompanyDocument(
    db,
    variant('zip', (doc) => withSetting(doc, 'ONLINE_SCHEDULER_V3_RESTRICT_INSPECTOR_ZIP', 'Y')),
  );
  await importCompanyDocument(
    db,
    variant('noquestions', (doc) => (doc.property_controls = [])),
  );
  await importCompanyDocument(
    db,
    variant('listing', (doc) => {
      withSetting(doc, 'ONLINE_SCHEDULER_V3_APT_DISPLAY', 'list');
      withSetting(doc, 'ONLINE_SCHEDULER_V3_APPOINTMENT_LIMIT_VALUE', '5');
    }),
  );

  await importCompanyDocument(
    db,
    variant('paying', (doc) => (doc.payments = { provider: 'stripe' })),
  );
}

export interface RunningProduct {
  baseUrl: string;
  /**
   * The product under the name its links use (PUBLIC_URL, or HOST and the port: http://localhost:<port>
   * by default): the console's pages must be opened there, since sign-in checks the Origin against
   * it and a passkey's relying party is its host name.
   */
  publicUrl: string;
  database: DatabaseHandle;
  app: FastifyInstance;
  /** The demo link of a fixture company. */
  linkOf(company: FixtureCompany): string;
  confirmOrderOf(token: string): Promise<void>;
  /** Ends a session as its time-to-live would: every later call with its token answers 401. */
  expireSessionOf(token: string): Promise<void>;
  /** Another visitor: a new session of the company, and its token. */
  startSessionOf(company: FixtureCompany): Promise<string>;
  /** The admin API's bearer token. */
  adminToken: string;
  /** Where the e-mail worker writes each message as an .eml file (DATA_DIR/outbox; no SMTP_URL). */
  outboxDir: string;
  /** Resolves once the e-mail queue holds no job that is not done; throws after `timeoutMs`. */
  notificationsDrained(timeoutMs?: number): Promise<void>;
  /** Has the job worker look at the queue now (jobs were made due), as a write's route does. */
  wakeJobs(): void;
  close(): Promise<void>;
}

/**
 * The product's database: the machine's PostgreSQL when TEST_DATABASE_URL names one (as CI does),
 * otherwise an in-memory PGlite. On PostgreSQL the browser tests run against the database a
 * company deploys on, and cost a third less CPU: PGlite runs PostgreSQL compiled to WebAssembly
 * in the test worker, which was 37 % of a browser-test file's worker time (e2e/console.test.ts,
 * profiled). The embedded database keeps its own tests: every database test runs on both, and
 * `npm start`'s smoke test runs on PGlite (decision 0066).
 */
function openProductDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl
    ? openSeededTestPostgres(serverUrl, 'e2e fixture companies', importFixtureCompanies)
    : openSeededTestPglite('e2e fixture companies', importFixtureCompanies);
}

/** The admin token of the product the tests run. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/**
 * The whole product, as `npm start` runs it, on a free port over a database of its own (openProductDatabase). A test
 * that changes the built files (a deploy) serves a copy of its own through `webDistDir`; one that
 * needs more configuration (the payments' keys and Stripe stand-in) passes its variables in `config`.
 */
export async function startProduct(
  options: {
    webDistDir?: string;
    config?: Record<string, string>;
    /** Run the webhooks' delivery jobs beside the e-mails, as `npm start` does (decision 0086). */
    webhooks?: boolean;
    /** Run the calendar sync's jobs beside the e-mails, as `npm start` does (decision 0089). */
    calendars?: boolean;
  } = {},
): Promise<RunningProduct> {
  const webDistDir = options.webDistDir ?? WEB_DIST;
  if (!existsSync(`${webDistDir}/index.html`))
    throw new Error('The wizard is not built: run `npm run build` first (npm test does).');
  const database = await openProductDatabase();

  // A data directory of its own: the e-mail worker writes the outbox there, as `npm start` does without SMTP_URL.
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-product-'));
  const config = configSchema.parse({
    LOG_LEVEL: 'silent',
    SESSION_RATE_LIMIT: '1000',
    DATA_DIR: dataDir,
    ...options.config,
  });
  const quiet = { info: () => {}, warn: () => {} };
  // The messages' links name the listening address, known once the server listens.
  const linkBase = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const calendarDeps = {
    db: database.db,
    encryption: DataEncryption.fromConfig(config),
    providers: defaultProviders,
    publicBaseUrl: linkBase,
    now: () => new Date(),
    pollMs: CALENDAR_POLL_MS,
    log: quiet,
  };
  const notifications = createNotificationWorker(database.db, config, quiet, linkBase, {
    ...(options.webhooks
      ? webhookJobHandlers({
          db: database.db,
          encryption: DataEncryption.fromConfig(config),
          allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
          publicBaseUrl: linkBase,
          now: () => new Date(),
          log: quiet,
        })
      : {}),
    ...(options.calendars ? { ...calendarJobHandlers(calendarDeps), ...writeCalendarJobHandlers(calendarDeps) } : {}),
  });
  const app = await buildApp({
    db: database.db,
    config,
    adminToken: E2E_ADMIN_TOKEN,
    pingDatabase: database.ping,
    changes: database.changes,
    webDistDir,
    consoleDistDir: existsSync(`${CONSOLE_DIST}/index.html`) ? CONSOLE_DIST : null,
    notifications,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  notifications.start();
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    publicUrl: publicBaseUrl(config, (app.server.address() as AddressInfo).port),
    database,
    app,
    linkOf: (company) => `${baseUrl}/${company}/online-scheduler/${FIXTURE_OFFICES[company]}`,
    confirmOrderOf: async (token) => {
      const [session] = await database.db
        .select()
        .from(t.sessions)
        .where(eq(t.sessions.tokenHash, hashToken(token)));
      await database.db
        .update(t.orders)
        .set({ status: 'confirmed', confirmedAt: new Date() })
        .where(eq(t.orders.id, session!.orderId));
      await database.changes.flush();
    },
    expireSessionOf: async (token) => {
      await database.db
        .update(t.sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(t.sessions.tokenHash, hashToken(token)));
      await database.changes.flush();
    },
    startSessionOf: async (company) => {
      const response = await app.inject({
        method: 'GET',
        url: `/${company}/online-scheduler/${FIXTURE_OFFICES[company]}`,
      });
      return new URL(String(response.headers.location), baseUrl).searchParams.get('t')!;
    },
    adminToken: E2E_ADMIN_TOKEN,
    outboxDir: join(dataDir, 'outbox'),
    notificationsDrained: async (timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      // Reminders wait for their day: drained means every message due now has gone.
      while ((await pendingJobCount(database.db, new Date())) > 0) {
        if (Date.now() > until) throw new Error(`e-mail jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    wakeJobs: () => notifications.wake(),
    close: async () => {
      await app.close();
      await notifications.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
