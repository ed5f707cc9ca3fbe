import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configSchema } from '../config.ts';
import * as t from '../db/schema.ts';
import { hashToken } from '../modules/sessions/tokens.ts';
import { startDemoSession, startTestApp, type TestApp } from '../test-support/test-app.ts';
import { buildApp } from '../app.ts';
import { describeOnEachDatabase } from '../test-support/each-database.ts';

const API = '/demo/json/online_scheduler';

function tomorrowPlus(days: number): string {
  return new Date(Date.now() + (days + 1) * 86_400_000).toISOString().slice(0, 10);
}

/** Every visitor write route, with a body it would accept on a draft order. */
const WRITES: Array<{ name: string; url: string; payload: unknown }> = [
  { name: 'set_datetime to a time', url: `${API}/set_datetime`, payload: { datetime: `${tomorrowPlus(3)}T15:00:00Z` } },
  { name: 'set_datetime to null', url: `${API}/set_datetime`, payload: { datetime: null } },
  { name: 'set_postal_code', url: `${API}/set_postal_code`, payload: { postal_code: '43215' } },
  { name: 'set_inspectors', url: `${API}/set_inspectors`, payload: [101] },
];

/** The search and lookup routes, each with a query it accepts. */
const SEARCHES = [
  `${API}/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(1)}`,
  `${API}/time_available?from=${tomorrowPlus(2)}T15:00:00Z&to=${tomorrowPlus(2)}T18:00:00Z`,
  `${API}/validate_inspectors_services`,
  `${API}/distance_on_datetime?datetime=${tomorrowPlus(2)}T15:00:00Z`,
];

async function orderOf(harness: TestApp, token: string): Promise<string> {
  const [session] = await harness.database.db
    .select({ orderId: t.sessions.orderId })
    .from(t.sessions)
    .where(eq(t.sessions.tokenHash, hashToken(token)));
  return session!.orderId;
}

describeOnEachDatabase('visitor access', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '6', WRITE_RATE_LIMIT: '3' },
    });
  });
  afterAll(async () => harness.close());

  const write = (token: string, url: string, payload: unknown) =>
    harness.app.inject({ method: 'POST', url, headers: { 'x-auth-token': token }, payload: payload as object });

  for (const route of WRITES) {
    it(`refuses ${route.name} on a confirmed order with 409 order_confirmed, changing nothing`, async () => {
      const token = await startDemoSession(harness.app);
      const orderId = await orderOf(harness, token);
      // Confirmed the way the office (or a later confirm call) does it: in the database.
      await harness.database.db.update(t.orders).set({ status: 'confirmed' }).where(eq(t.orders.id, orderId));
      const before = await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      });

      const response = await write(token, route.url, route.payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'order_confirmed', message: expect.any(String) } });

      const after = await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      });
      expect(after.json()).toEqual(before.json());
      const holds = await harness.database.db.select().from(t.appointments).where(eq(t.appointments.orderId, orderId));
      expect(holds).toEqual([]);
    });
  }

  it('lets the same writes through on a draft order', async () => {
    const token = await startDemoSession(harness.app);
    for (const route of WRITES.filter((r) => r.name !== 'set_datetime to a time')) {
      const response = await write(token, route.url, route.payload);
      expect(response.statusCode, route.name).toBe(200);
    }
  });

  it('refuses a write once the session’s office is retired', async () => {
    const token = await startDemoSession(harness.app);
    const orderId = await orderOf(harness, token);
    const [order] = await harness.database.db
      .select({ officeId: t.orders.officeId })
      .from(t.orders)
      .where(eq(t.orders.id, orderId));
    await harness.database.db.update(t.offices).set({ active: false }).where(eq(t.offices.id, order!.officeId));
    try {
      const response = await write(token, `${API}/set_postal_code`, { postal_code: '43215' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    } finally {
      await harness.database.db.update(t.offices).set({ active: true }).where(eq(t.offices.id, order!.officeId));
    }
  });

  const get = (token: string, url: string) =>
    harness.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

  it('counts every search and lookup route against one bucket per session', async () => {
    const token = await startDemoSession(harness.app);
    // Six searches spread over the four routes use the bucket up...
    for (const url of [...SEARCHES, SEARCHES[0]!, SEARCHES[1]!])
      expect((await get(token, url)).statusCode, url).toBe(200);
    // ...so that each route, even one not used yet in this minute, is refused.
    for (const url of SEARCHES) {
      const limited = await get(token, url);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another session has its own bucket.
    expect((await get(await startDemoSession(harness.app), SEARCHES[2]!)).statusCode).toBe(200);
    // And this session's writes have theirs: searches used up, it may still save.
    const write = await harness.app.inject({
      method: 'POST',
      url: `${API}/set_postal_code`,
      headers: { 'x-auth-token': token },
      payload: { postal_code: '43215' },
    });
    expect(write.statusCode).toBe(200);
  });

  it('counts every write route against one write bucket per session (WRITE_RATE_LIMIT)', async () => {
    const token = await startDemoSession(harness.app);
    const post = (url: string, payload: unknown) =>
      harness.app.inject({ method: 'POST', url, headers: { 'x-auth-token': token }, payload: payload as object });
    expect((await post(`${API}/set_postal_code`, { postal_code: '43215' })).statusCode).toBe(200);
    expect((await post(`${API}/set_inspectors`, [101])).statusCode).toBe(200);
    expect((await post(`${API}/set_datetime`, { datetime: null })).statusCode).toBe(200);
    const limited = await post(`${API}/set_postal_code`, { postal_code: '43215' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Writes and searches are counted apart: the session may still search.
    expect((await get(token, SEARCHES[2]!)).statusCode).toBe(200);
  });

  it('refuses to start with a write route registered without the guard', async () => {
    const config = configSchema.parse({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      db: harness.database.db,
      config,
      adminToken: 'x'.repeat(20),
      pingDatabase: harness.database.ping,
      changes: harness.database.changes,
      webDistDir: null,
    });
    try {
      await expect(
        (async () => {
          await app.register(async (instance) => {
            instance.post('/:company_key/json/online_scheduler/set_something', async () => ({ status: 'ok' }));
          });
          await app.ready();
        })(),
      ).rejects.toThrow(/without the visitor write guard/);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
