import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { READINESS_DEADLINE_MS } from '../api/public/health.routes.ts';
import { OwnPostgres, postgresBinDir } from '../test-support/own-postgres.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, testConfig, type TestApp } from '../test-support/test-app.ts';
import { openConfiguredDatabase } from './open-configured.ts';

/** Issue 21: during a stall every request is answered 503 within 3 s, the first wave included. */
const ANSWER_BUDGET_MS = 3_000;
/** ... and /readyz fails within 1.5 s. */
const READYZ_BUDGET_MS = 1_500;

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** What a busy minute brings: admin reads and a transaction, and visitors opening the link (a session written). */
const CALLS: Array<{ method: 'GET' | 'PUT'; url: string; headers: Record<string, string>; payload?: object }> = [
  { method: 'GET', url: '/api/admin/companies/demo', headers: admin },
  { method: 'PUT', url: '/api/admin/companies/demo', headers: admin, payload: demoDocument() },
  { method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, headers: {} },
];

// The server's own PostgreSQL, stopped with SIGSTOP: unlike a stalled network, the processes
// themselves stop, so PostgreSQL's own statement timeout cannot fire; only the server's client
// side can give up. It runs with the server's default timeouts.
describe.skipIf(postgresBinDir() === null)('a PostgreSQL whose processes are stopped (SIGSTOP)', () => {
  let postgres: OwnPostgres;
  let harness: TestApp;
  const measured: Record<string, number> = {};

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    const config = { DATABASE_URL: postgres.url };
    harness = await startTestApp(
      { name: 'postgres', open: () => openConfiguredDatabase(testConfig(config)) },
      { config: { ...config, SESSION_RATE_LIMIT: '1000' } },
    );
  }, 60_000);

  afterAll(async () => {
    postgres?.resume();
    await harness?.close();
    await postgres?.close();
    process.stdout.write(`stalled PostgreSQL, measured (ms): ${JSON.stringify(measured)}\n`);
  });

  async function timed(call: {
    method: 'GET' | 'PUT';
    url: string;
    headers: Record<string, string>;
    payload?: object;
  }) {
    const started = performance.now();
    const response = await harness.app.inject({
      method: call.method,
      url: call.url,
      headers: call.headers,
      payload: call.payload,
    });
    return { status: response.statusCode, body: response.body, ms: Math.round(performance.now() - started) };
  }

  /** Many requests at once, more than the pool's ten connections: every one a 503 `unavailable`; the slowest time. */
  async function wave(size: number): Promise<number> {
    const answers = await Promise.all(Array.from({ length: size }, (_, i) => timed(CALLS[i % CALLS.length]!)));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'unavailable' } });
    }
    return Math.max(...answers.map((answer) => answer.ms));
  }

  it('answers every request 503 within 3 s, the first wave on open connections included, fails /readyz within 1.5 s, and recovers', async () => {
    // Open connections first (several at once, so that the pool holds more than one), all answered.
    const warm = await Promise.all(Array.from({ length: 12 }, (_, i) => timed(CALLS[i % CALLS.length]!)));
    expect(warm.map((answer) => answer.status).every((status) => status === 200 || status === 302)).toBe(true);

    postgres.stall();
    const [firstWave, readyz] = await Promise.all([wave(24), timed({ method: 'GET', url: '/readyz', headers: {} })]);
    measured.firstWave = firstWave;
    measured.readyz = readyz.ms;
    expect(readyz.status).toBe(503);
    expect(readyz.ms).toBeGreaterThanOrEqual(READINESS_DEADLINE_MS - 50);
    expect(readyz.ms).toBeLessThan(READYZ_BUDGET_MS);
    expect(firstWave).toBeLessThan(ANSWER_BUDGET_MS);
    // The connections the first wave gave up on are gone; the next wave must connect anew, to a server that does not answer.
    measured.secondWave = await wave(24);
    expect(measured.secondWave).toBeLessThan(ANSWER_BUDGET_MS);

    postgres.resume();
    const started = performance.now();
    for (;;) {
      const answers = await Promise.all(CALLS.map((call) => timed(call)));
      if (answers.every((answer) => answer.status === 200 || answer.status === 302)) break;
      expect(performance.now() - started, 'recovered within 10 s').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    measured.recovery = Math.round(performance.now() - started);
  }, 60_000);
});
