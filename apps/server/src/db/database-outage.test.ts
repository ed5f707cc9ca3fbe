import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from './test-databases.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { openConfiguredDatabase } from './open-configured.ts';
import { READINESS_DEADLINE_MS } from '../api/public/health.routes.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { TcpProxy } from '../test-support/tcp-proxy.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, testConfig, type TestApp } from '../test-support/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Small, so that the test is quick; the server's defaults are 2 s and 2 s. */
const CONNECT_TIMEOUT_MS = 400;
const STATEMENT_TIMEOUT_MS = 600;
/** Scheduling jitter on a busy machine, on top of the timeouts. */
const SLACK_MS = 1_000;

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** Calls that need the database: the admin's export and import (a transaction), and a visitor opening the company's link. */
const DATABASE_CALLS: Array<{
  method: 'GET' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: object;
  ok: number;
}> = [
  { method: 'GET', url: '/api/admin/companies/demo', headers: admin, ok: 200 },
  { method: 'PUT', url: '/api/admin/companies/demo', headers: admin, payload: demoDocument(), ok: 200 },
  { method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, headers: {}, ok: 302 },
];

describe.skipIf(!serverUrl)('a PostgreSQL outage', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let harness: TestApp;
  /** A second server on the same database with the default timeouts (2 s and 2 s). */
  let standard: TestApp;
  const measured: Record<string, number> = {};

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    const direct = new URL(scratch.url);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const config = {
      DATABASE_URL: proxy.urlFor(scratch.url),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    };
    harness = await startTestApp(
      { name: 'postgres', open: () => openConfiguredDatabase(testConfig(config)) },
      { config },
    );
    const standardConfig = { DATABASE_URL: config.DATABASE_URL };
    standard = await startTestApp(
      { name: 'postgres', open: () => openConfiguredDatabase(testConfig(standardConfig)) },
      { config: standardConfig },
    );
  });

  afterAll(async () => {
    await proxy?.pass();
    await harness?.close();
    await standard?.close();
    await proxy?.close();
    await scratch?.drop();
    process.stdout.write(`database outage, measured (ms): ${JSON.stringify(measured)}\n`);
  });

  async function timed(
    call: { method: 'GET' | 'PUT'; url: string; headers: Record<string, string>; payload?: object },
    on = harness,
  ) {
    const started = performance.now();
    const response = await on.app.inject({
      method: call.method,
      url: call.url,
      headers: call.headers,
      payload: call.payload,
    });
    return { response, ms: Math.round(performance.now() - started) };
  }

  async function expectServed() {
    for (const call of DATABASE_CALLS) expect((await timed(call)).response.statusCode).toBe(call.ok);
    expect((await timed({ method: 'GET', url: '/readyz', headers: {} })).response.json()).toEqual({ status: 'ok' });
  }

  /** Every call that needs the database answers 503 `unavailable` with Retry-After; returns the slowest time. */
  async function expectUnavailable(): Promise<number> {
    let slowest = 0;
    for (const call of DATABASE_CALLS) {
      const { response, ms } = await timed(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      slowest = Math.max(slowest, ms);
    }
    return slowest;
  }

  /** The database is back: without a restart, calls succeed again within a few seconds. */
  async function expectRecovery(): Promise<number> {
    const started = performance.now();
    for (;;) {
      const answers = await Promise.all(
        DATABASE_CALLS.map(async (call) => (await timed(call)).response.statusCode === call.ok),
      );
      if (answers.every(Boolean)) break;
      expect(performance.now() - started, 'recovered within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ms = Math.round(performance.now() - started);
    await expectServed();
    return ms;
  }

  it('serves through the proxy while the network passes', async () => {
    await expectServed();
  });

  it('answers 503 at once while connections are refused, and recovers', async () => {
    await proxy.refuse();
    measured.refusedTo503 = await expectUnavailable();
    expect(measured.refusedTo503).toBeLessThan(CONNECT_TIMEOUT_MS + SLACK_MS);
    const ready = await timed({ method: 'GET', url: '/readyz', headers: {} });
    expect(ready.response.statusCode).toBe(503);
    measured.refusedReadyz = ready.ms;

    await proxy.pass();
    measured.refusedRecovery = await expectRecovery();
  });

  it('gives up a transaction stalled midway within one statement timeout, not one more for its rollback', async () => {
    const started = performance.now();
    const outcome = harness.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.stall();
      await tx.execute(sql`select 2`);
    });
    await expect(outcome).rejects.toSatisfy(isDatabaseUnavailable);
    measured.stalledTransaction = Math.round(performance.now() - started);
    expect(measured.stalledTransaction).toBeLessThan(STATEMENT_TIMEOUT_MS + SLACK_MS);
    await proxy.pass();
    measured.transactionRecovery = await expectRecovery();
  });

  it('does not lose pooled connections to transactions that could not begin', async () => {
    // Every connection of the pool open and idle, so that each transaction below sends its BEGIN into the stall.
    const db = harness.database.db;
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    proxy.stall();
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () => db.transaction(async (tx) => tx.execute(sql`select 1`))),
    );
    expect(attempts.every((a) => a.status === 'rejected' && isDatabaseUnavailable(a.reason))).toBe(true);
    await proxy.pass();
    // With those connections still checked out, the pool would have none left to give.
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).resolves.toBeDefined();
    measured.afterFailedBeginsRecovery = await expectRecovery();
  });

  it('answers 503 within the timeouts while the network stalls, /readyz within 1.5 s, and recovers', async () => {
    // Warm connections in the pool first: a stall then catches queries already sent, not only connecting.
    await expectServed();
    expect((await timed(DATABASE_CALLS[0]!, standard)).response.statusCode).toBe(200);
    proxy.stall();
    measured.stalledTo503 = await expectUnavailable();
    expect(measured.stalledTo503).toBeLessThan(Math.max(CONNECT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS) + SLACK_MS);

    // With the default timeouts the database is given up after 2 s (connecting or a query, and
    // the client's grace); /readyz does not wait for that.
    const [ready, call] = await Promise.all([
      timed({ method: 'GET', url: '/readyz', headers: {} }, standard),
      timed(DATABASE_CALLS[0]!, standard),
    ]);
    expect(ready.response.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(1_500);
    expect(ready.ms).toBeGreaterThanOrEqual(READINESS_DEADLINE_MS - 50);
    measured.stalledReadyzDefaults = ready.ms;
    expect(call.response.statusCode).toBe(503);
    expect(call.ms).toBeLessThan(3_000);
    measured.stalledTo503Defaults = call.ms;

    await proxy.pass();
    measured.stalledRecovery = await expectRecovery();
  });
});
