import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { configSchema, type Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { TestDatabaseFactory } from '../db/test-databases.ts';
import { loggedDatabase } from './statement-log.ts';
import { importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { DEMO_COMPANY_FILE, DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export function demoDocument(): Record<string, unknown> {
  return JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')) as Record<string, unknown>;
}

/**
 * The demo's document with these settings set (a null removes one) and `change` made to the rest:
 * a test's company, one setting or field away from the demo.
 */
export function demoDocumentWith(
  settings: Record<string, string | null>,
  change: (document: Record<string, any>) => void = () => {},
): Record<string, unknown> {
  const document = demoDocument() as Record<string, any>;
  const kept = (document.settings as Array<{ key: string; value: string }>).filter((s) => !(s.key in settings));
  document.settings = [
    ...kept,
    ...Object.entries(settings).flatMap(([key, value]) => (value === null ? [] : [{ key, value }])),
  ];
  change(document);
  return document;
}

export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return configSchema.parse({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...overrides });
}

/**
 * The server's clock in tests: it stands still at the instant the server started until a test
 * moves it, so that holds and sessions expire exactly when a test says so instead of after a
 * real wait. (The database's own `now()` does not follow it: the server gives its queries the
 * instant they compare against.)
 */
export class TestClock {
  private readonly startedAt = Date.now();
  private current = this.startedAt;
  readonly now = (): number => this.current;

  advance(ms: number): void {
    this.current += ms;
  }

  /** Back to the instant the server started. */
  reset(): void {
    this.current = this.startedAt;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The server's clock: move it to let time pass. */
  clock: TestClock;
  /** The text of every statement the server sent, in order, when started with `logStatements`; else empty. */
  statements: string[];
  close(): Promise<void>;
}

async function importDemo(db: DatabaseHandle['db']): Promise<void> {
  await importCompanyDocument(db, demoDocument());
}

/** A fresh database with the demo company: a copy of one already holding it where the factory keeps such copies. */
async function openWithDemo(factory: TestDatabaseFactory): Promise<DatabaseHandle> {
  if (factory.openSeeded) return factory.openSeeded('the demo company', importDemo);
  const database = await factory.open();
  await importDemo(database.db);
  return database;
}

/** The whole server over a fresh database with the demo company loaded. */
export async function startTestApp(
  factory: TestDatabaseFactory,
  options: {
    config?: Partial<Record<keyof Config, string>>;
    logger?: FastifyServerOptions['logger'];
    webDistDir?: string | null;
    /** Record the text of every statement the server sends (a test counting a request's round trips). */
    logStatements?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await openWithDemo(factory);
  const clock = new TestClock();
  const logged = options.logStatements ? loggedDatabase(database) : null;
  const app = await buildApp(
    {
      db: logged?.db ?? database.db,
      config: testConfig(options.config),
      adminToken: TEST_ADMIN_TOKEN,
      pingDatabase: database.ping,
      changes: database.changes,
      webDistDir: options.webDistDir ?? null,
      clock: clock.now,
    },
    { logger: options.logger ?? false },
  );
  return {
    app,
    database,
    clock,
    statements: logged?.statements ?? [],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Follows the demo link the way a browser would and returns the token from the redirect. */
export async function startDemoSession(
  app: FastifyInstance,
  officeUuid = DEMO_OFFICE_UUID,
  companyKey = 'demo',
  /** The start link's own query, such as its campaign parameters. */
  query: Record<string, string> = {},
): Promise<string> {
  const search = new URLSearchParams(query).toString();
  const response = await app.inject({
    method: 'GET',
    url: `/${companyKey}/online-scheduler/${officeUuid}${search ? `?${search}` : ''}`,
  });
  if (response.statusCode !== 302) throw new Error(`expected a redirect, got ${response.statusCode}: ${response.body}`);
  const location = new URL(String(response.headers.location), 'http://localhost');
  const token = location.searchParams.get('t');
  if (!token) throw new Error('no token in the redirect');
  return token;
}

/** The demo company's document under another key and office: another tenant sharing every id the demo uses. */
export function demoCopy(key: string, officeUuid: string): Record<string, any> {
  const document = demoDocument() as Record<string, any>;
  document.key = key;
  document.offices[0].uuid = officeUuid;
  for (const inspector of document.inspectors) inspector.office = officeUuid;
  return document;
}

/** Imports `demoCopy` through the admin API; `change` edits the document before it is sent. */
export async function importDemoCopy(
  harness: TestApp,
  key: string,
  officeUuid: string,
  change: (document: Record<string, any>) => void = () => {},
): Promise<void> {
  const document = demoCopy(key, officeUuid);
  change(document);
  const imported = await harness.app.inject({
    method: 'PUT',
    url: `/api/admin/companies/${key}`,
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    payload: document,
  });
  if (imported.statusCode !== 200)
    throw new Error(`importing ${key} answered ${imported.statusCode}: ${imported.body}`);
}
