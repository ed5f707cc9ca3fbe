import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type {
  ApiKeyCreated,
  ApiKeyScope,
  PublicNewAvailability,
  PublicOrder,
  PublicOrdersResponse,
} from '@scheduler/contracts/public-api';
import { API_KEY_SCOPES } from '@scheduler/contracts/public-api';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startDemoSession, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { instantOf, ManagedBooking, setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DEMO_SERVICE, DemoOrder } from '../confirm/confirm-test-support.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { IDEMPOTENCY_TTL_MS } from './idempotency.service.ts';

/** The public API (issue 46, decision 0087): its keys from the console, its guard, its orders, its idempotency. */

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const KEYS = '/api/console/companies/demo/api-keys';
const OTHER_KEY = 'api-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000a7';
/** The default of API_KEY_RATE_LIMIT. */
const API_KEY_RATE_LIMIT = 120;
/** An agent id only the demo's directory has (the other company is a copy of the demo, ids and all). */
const DEMO_ONLY_AGENT = 777;
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface V1Operation {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  scope: ApiKeyScope;
}

describeOnEachDatabase('the public API and its keys', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let admin: ConsolePerson;
  let office: ConsolePerson;
  let otherOwner: ConsolePerson;
  let first: ManagedBooking;
  let second: ManagedBooking;
  let otherBooking: ManagedBooking;
  let day: string;

  const createKey = async (scopes: ApiKeyScope[], person = owner, name = 'Report writer', keysPath = KEYS) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: keysPath,
      headers: person.headers,
      payload: { name, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiKeyCreated>();
  };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const v1 = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    secret: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => harness.app.inject({ method, url, headers: { ...bearer(secret), ...headers }, ...(payload ? { payload } : {}) });
  const keyEvents = (keyId: string) =>
    harness.database.db.select().from(t.apiKeyEvents).where(eq(t.apiKeyEvents.apiKeyId, keyId));

  /** Every /api/v1 operation of the OpenAPI document, with the scope its security names. */
  const v1Operations = async (): Promise<V1Operation[]> => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: Array<{ apiKey?: string[] }> }>>;
    }>();
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => {
          const scope = operation.security?.[0]?.apiKey?.[0] as ApiKeyScope | undefined;
          if (!scope || !API_KEY_SCOPES.includes(scope)) throw new Error(`${method} ${path} names no scope`);
          return { method: method.toUpperCase() as V1Operation['method'], path, scope };
        }),
      );
  };
  /** The operation's URL for an order id. */
  const urlOf = (operation: V1Operation, orderId: string) =>
    operation.path.replace(
      '{id}',
      operation.path.startsWith('/api/v1/people/') ? `agent_${DEMO_ONLY_AGENT}` : orderId,
    ) + (operation.path.endsWith('/availability') ? '?from=2027-03-09&to=2027-03-09' : '');
  /** The wizard's answer for a visitor's session whose cart is the demo's service, on one day. */
  const wizardSlots = async (date: string, query = '') => {
    const visitor = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await visitor.fillIn();
    const response = await wizardCalls(() => harness.app).get(
      visitor.token,
      `/availability?from=${date}&to=${date}${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AppointmentSlot[]>();
  };
  /** What decides a slot, whatever order its equal alternates were ranked in. */
  const timesOf = (slots: AppointmentSlot[]) =>
    slots.map((slot) => ({
      id: slot.id,
      date: slot.date,
      start: slot.start,
      end: slot.end_datetime,
      timestamp: slot.timestamp,
      teams: (slot.group ?? [slot]).map((each) => [...each.users].sort().join(',')).sort(),
    }));
  /** A body each POST accepts. */
  const bodyOf = (operation: V1Operation): Record<string, unknown> | undefined =>
    operation.method === 'GET'
      ? undefined
      : operation.path.endsWith('/reschedule')
        ? { start: '2027-03-09T15:00:00.000Z' }
        : operation.path === '/api/v1/orders'
          ? bookingBody('2027-03-09T15:00:00.000Z')
          : operation.method === 'PUT' && operation.path === '/api/v1/people/{id}'
            ? { role: 'insurance_agent', first: 'Ida', last: 'Demo-Only', agency: 'Buckeye Mutual' }
            : {};

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    owner = await signedInMember(harness, 'owner@api.example', 'owner');
    admin = await signedInMember(harness, 'ada@api.example', 'admin');
    office = await signedInMember(harness, 'office@api.example', 'office');
    otherOwner = await signedInMember(harness, 'owner@api-other.example', 'owner', OTHER_KEY);
    day = demoOrdinaryWeekday('2027-03-08');
    first = await ManagedBooking.book(harness, day);
    second = await ManagedBooking.book(harness, day, { pick: (slots) => slots[1] });
    otherBooking = await ManagedBooking.book(harness, day, { company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE } });
    await harness.database.db.insert(t.agents).values({
      companyId: first.order.companyId,
      id: DEMO_ONLY_AGENT,
      kind: 'insurance',
      first: 'Ida',
      last: 'Demo-Only',
      agency: 'Buckeye Mutual',
    });
  });
  beforeEach(() => setClock(harness, MONDAY));
  afterAll(async () => harness.close());

  it('shows a new key once, keeps only its hash, and lists it by prefix, scopes, maker and last use', async () => {
    const created = await createKey(['orders:read', 'directory:read']);
    expect(created.secret).toMatch(/^isk_live_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(`${created.key.prefix}_`)).toBe(true);
    expect(created.key).toMatchObject({
      name: 'Report writer',
      scopes: ['orders:read', 'directory:read'],
      created_by: 'owner',
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await harness.app.inject({ method: 'GET', url: KEYS, headers: admin.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json<{ keys: Array<{ id: string }> }>().keys.map((key) => key.id)).toContain(created.key.id);
    const rows = await harness.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, created.key.id));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(-43));
    expect(rows[0]!.keyHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
  });

  it('lets only owners and admins make, list and revoke keys, each in their own company', async () => {
    const created = await createKey(['orders:read'], admin);
    expect((await harness.app.inject({ method: 'GET', url: KEYS, headers: office.headers })).statusCode).toBe(403);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: KEYS,
          headers: office.headers,
          payload: { name: 'x', scopes: ['orders:read'] },
        })
      ).statusCode,
    ).toBe(403);
    // Another company's owner, through their own company's path, finds no such key.
    const foreign = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/${OTHER_KEY}/api-keys/${created.key.id}/revoke`,
      headers: otherOwner.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const otherList = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/${OTHER_KEY}/api-keys`,
      headers: otherOwner.headers,
    });
    expect(otherList.json<{ keys: unknown[] }>().keys).toEqual([]);
  });

  it('refuses bad names and scopes with a 400 naming the field', async () => {
    for (const payload of [
      { name: '', scopes: ['orders:read'] },
      { name: 'x'.repeat(81), scopes: ['orders:read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['orders:delete'] },
      { name: 'ok', scopes: ['orders:read', 'orders:read'] },
    ]) {
      const response = await harness.app.inject({ method: 'POST', url: KEYS, headers: owner.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.field).toMatch(/^(name|scopes)/);
    }
    const atBound = await createKey(['orders:read'], owner, 'x'.repeat(80));
    expect(atBound.key.name).toHaveLength(80);
  });

  it('walks every /api/v1 route: no key, the operator token, a key without its scope, a revoked key, and another company’s key on this company’s order', async () => {
    const operations = await v1Operations();
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/orders',
        'GET /api/v1/orders/{id}',
        'POST /api/v1/orders/{id}/cancel',
        'GET /api/v1/people/{id}',
      ]),
    );
    const all = await createKey([...API_KEY_SCOPES]);
    const revoked = await createKey([...API_KEY_SCOPES]);
    const revoke = await harness.app.inject({
      method: 'POST',
      url: `${KEYS}/${revoked.key.id}/revoke`,
      headers: owner.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).toBe(new Date(harness.clock.now()).toISOString());
    const foreign = await createKey(
      [...API_KEY_SCOPES],
      otherOwner,
      'Other',
      `/api/console/companies/${OTHER_KEY}/api-keys`,
    );
    const walked = await ManagedBooking.book(harness, demoOrdinaryWeekday('2027-03-12'));
    const before = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, walked.orderId));

    for (const operation of operations) {
      const url = urlOf(operation, walked.orderId);
      const payload = bodyOf(operation);
      const where = `${operation.method} ${operation.path}`;
      const bare = await harness.app.inject({ method: operation.method, url, ...(payload ? { payload } : {}) });
      expect(bare.statusCode, where).toBe(401);
      const operator = await harness.app.inject({
        method: operation.method,
        url,
        headers: ADMIN,
        ...(payload ? { payload } : {}),
      });
      expect(operator.statusCode, where).toBe(401);
      const lacking = await createKey(API_KEY_SCOPES.filter((scope) => scope !== operation.scope));
      const refused = await v1(operation.method, url, lacking.secret, payload);
      expect(refused.statusCode, where).toBe(403);
      expect(refused.json().error.code).toBe('insufficient_scope');
      expect(refused.json().error.message).toContain(operation.scope);
      expect((await v1(operation.method, url, revoked.secret, payload)).statusCode, where).toBe(401);
      // A key of another company opens none of this company's orders.
      if (operation.path.includes('{id}')) {
        const crossing = await v1(operation.method, url, foreign.secret, payload);
        expect(crossing.statusCode, `${where}: ${crossing.body}`).toBe(404);
      }
      // A key with its scope passes the guard (whatever the route then answers).
      const allowed = await v1(operation.method, url, all.secret, payload);
      expect([401, 403, 429], `${where}: ${allowed.body}`).not.toContain(allowed.statusCode);
    }
    // Nothing of the order changed by the refused requests (the allowed ones ran last and may have).
    expect(before).toHaveLength(1);
    // The other company's listing holds its own order only.
    const listed = (await v1('GET', '/api/v1/orders', foreign.secret)).json<PublicOrdersResponse>();
    expect(listed.orders.map((order) => order.id)).toEqual([otherBooking.orderId]);
  });

  it('takes no API key on the admin routes, and no made-up or altered key anywhere', async () => {
    const key = await createKey([...API_KEY_SCOPES]);
    expect((await v1('GET', '/api/admin/companies/demo', key.secret)).statusCode).toBe(401);
    expect((await v1('GET', '/api/admin/companies/demo/orders', key.secret)).statusCode).toBe(401);
    const altered = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await v1('GET', '/api/v1/orders', altered)).statusCode).toBe(401);
    expect((await v1('GET', '/api/v1/orders', 'isk_live_AAAAAAAAAAAA_' + 'A'.repeat(43))).statusCode).toBe(401);
    expect((await v1('GET', '/api/v1/orders', TEST_ADMIN_TOKEN)).statusCode).toBe(401);
  });

  it('limits each key to its requests a minute: the last allowed, the next 429 with Retry-After and RateLimit headers, on the app clock', async () => {
    const key = await createKey(['orders:read']);
    const other = await createKey(['orders:read']);
    for (let n = 1; n <= API_KEY_RATE_LIMIT; n++) {
      const response = await v1('GET', `/api/v1/orders/${first.orderId}`, key.secret);
      expect(response.statusCode, `request ${n}`).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT));
      expect(response.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT - n));
    }
    const refused = await v1('GET', `/api/v1/orders/${first.orderId}`, key.secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe('60');
    // Another key of the company has its own bucket.
    expect((await v1('GET', '/api/v1/orders', other.secret)).statusCode).toBe(200);
    // Half a second gives back one request (120 a minute), not two.
    harness.clock.advance(499);
    expect((await v1('GET', '/api/v1/orders', key.secret)).statusCode).toBe(429);
    harness.clock.advance(1);
    expect((await v1('GET', '/api/v1/orders', key.secret)).statusCode).toBe(200);
    expect((await v1('GET', '/api/v1/orders', key.secret)).statusCode).toBe(429);
  });

  it('records every use of a key, refused ones too, by route pattern and status, and its last use at most once a minute', async () => {
    const key = await createKey(['orders:read']);
    await v1('GET', `/api/v1/orders/${first.orderId}`, key.secret);
    await v1('POST', `/api/v1/orders/${first.orderId}/cancel`, key.secret, {});
    await vi.waitFor(async () => expect(await keyEvents(key.key.id)).toHaveLength(2));
    const events = await keyEvents(key.key.id);
    // Recorded once answered, each on its own: in either order.
    expect(events.map(({ method, route, status }) => ({ method, route, status }))).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/v1/orders/:id', status: 200 },
        { method: 'POST', route: '/api/v1/orders/:id/cancel', status: 403 },
      ]),
    );
    expect(JSON.stringify(events)).not.toContain(first.orderId);
    const lastUsed = async () =>
      (await harness.database.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, key.key.id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toEqual(new Date(MONDAY));
    harness.clock.advance(59_999);
    await v1('GET', '/api/v1/orders', key.secret);
    await vi.waitFor(async () => expect(await keyEvents(key.key.id)).toHaveLength(3));
    expect(await lastUsed()).toEqual(new Date(MONDAY));
    harness.clock.advance(1);
    await v1('GET', '/api/v1/orders', key.secret);
    await vi.waitFor(async () => expect(await lastUsed()).toEqual(new Date(Date.parse(MONDAY) + 60_000)));
  });

  it('reads an order as the console does: office-local and UTC times, people, services and total; drafts and unknown ids 404', async () => {
    const key = await createKey(['orders:read']);
    const response = await v1('GET', `/api/v1/orders/${first.orderId}`, key.secret);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json<PublicOrder>();
    expect(order).toMatchObject({
      id: first.orderId,
      status: 'confirmed',
      time_zone: 'America/New_York',
      local_date: day,
    });
    expect(order.datetime).toBe(first.start);
    expect(order.people.map((person) => person.email)).toContain('dana@example.com');
    expect(order.total_cents).toBeGreaterThan(0);
    // The lines add up to the total shown (the demo shows prices with tax: the total).
    expect(order.lines.map((line) => line.kind)).toContain('service');
    expect(order.lines.reduce((sum, line) => sum + (line.amount_cents ?? 0), 0)).toBe(order.lines_total_cents);
    expect(order.lines_total_cents).toBe(order.total_cents);
    expect(Date.parse(order.updated_at)).not.toBeNaN();
    expect((await v1('GET', '/api/v1/orders/00000000-0000-4000-8000-000000000000', key.secret)).statusCode).toBe(404);
    const bad = await v1('GET', '/api/v1/orders/not-a-uuid', key.secret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('id');
  });

  it('pages by cursor across orders changed at the same instant, newest changed first, and answers updated_since exactly', async () => {
    const key = await createKey(['orders:read', 'orders:write']);
    const tie = new Date('2027-03-01T13:00:00.000Z');
    // Every order of the demo changed long before; the two of the test at the same instant.
    await harness.database.db
      .update(t.orders)
      .set({ updatedAt: new Date('2027-02-01T00:00:00.000Z') })
      .where(eq(t.orders.companyId, first.order.companyId));
    for (const booking of [first, second, otherBooking])
      await harness.database.db.update(t.orders).set({ updatedAt: tie }).where(eq(t.orders.id, booking.orderId));
    const ids = [first.orderId, second.orderId].sort().reverse();
    const since = tie.toISOString();
    const page1 = (
      await v1('GET', `/api/v1/orders?updated_since=${since}&limit=1`, key.secret)
    ).json<PublicOrdersResponse>();
    expect(page1.orders.map((order) => order.id)).toEqual([ids[0]]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = (
      await v1('GET', `/api/v1/orders?updated_since=${since}&limit=1&cursor=${page1.next_cursor}`, key.secret)
    ).json<PublicOrdersResponse>();
    expect(page2.orders.map((order) => order.id)).toEqual([ids[1]]);
    expect(page2.next_cursor).toBeNull();
    // A millisecond after the mark: nothing changed since.
    const after = new Date(tie.getTime() + 1).toISOString();
    expect((await v1('GET', `/api/v1/orders?updated_since=${after}`, key.secret)).json().orders).toEqual([]);
    // The second order is cancelled (the app's clock, after the mark): it alone is changed since.
    setClock(harness, '2027-03-01T15:00:00.000Z');
    const cancelled = await v1('POST', `/api/v1/orders/${second.orderId}/cancel`, key.secret, { reason: 'withdrawn' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const changed = (await v1('GET', `/api/v1/orders?updated_since=${after}`, key.secret)).json<PublicOrdersResponse>();
    expect(changed.orders.map((order) => [order.id, order.status])).toEqual([[second.orderId, 'cancelled']]);
    expect(Date.parse(changed.orders[0]!.updated_at)).toBeGreaterThanOrEqual(Date.parse('2027-03-01T15:00:00.000Z'));
    // An offset instant is the same instant.
    const offset = (
      await v1('GET', `/api/v1/orders?updated_since=${encodeURIComponent('2027-03-01T09:59:59.999-05:00')}`, key.secret)
    ).json<PublicOrdersResponse>();
    expect(offset.orders.map((order) => order.id)).toEqual([second.orderId]);
    // Filters: status and dates.
    const booked = (
      await v1('GET', `/api/v1/orders?status=booked&from=${day}&to=${day}`, key.secret)
    ).json<PublicOrdersResponse>();
    expect(booked.orders.map((order) => order.id)).toEqual([first.orderId]);
    const bad = await v1('GET', '/api/v1/orders?updated_since=yesterday', key.secret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('updated_since');
    expect((await v1('GET', '/api/v1/orders?limit=101', key.secret)).statusCode).toBe(400);
    expect((await v1('GET', '/api/v1/orders?limit=100', key.secret)).statusCode).toBe(200);
  });

  it('bumps an order’s updated_at on every update that does not set it (the trigger)', async () => {
    const [before] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, first.orderId));
    await harness.database.db
      .update(t.orders)
      .set({ updatedAt: new Date('2000-01-01T00:00:00.000Z') })
      .where(eq(t.orders.id, first.orderId));
    await harness.database.db
      .update(t.orders)
      .set({ specialNote: 'gate code 1234' })
      .where(eq(t.orders.id, first.orderId));
    const [after] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, first.orderId));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(Date.parse('2000-01-01T00:00:00.000Z'));
    expect(after!.updatedAt.getTime() % 1).toBe(0);
    await harness.database.db
      .update(t.orders)
      .set({ specialNote: before!.specialNote })
      .where(and(eq(t.orders.id, first.orderId), eq(t.orders.companyId, first.order.companyId)));
  });

  it('answers a repeated POST with its Idempotency-Key as the first, refuses the key with another body (422), and forgets it after 24 hours', async () => {
    const key = await createKey(['orders:read', 'orders:write']);
    const slots = (await first.availability(demoOrdinaryWeekday('2027-03-10'))).json<AppointmentSlot[]>();
    const target = instantOf(slots[0]!);
    const url = `/api/v1/orders/${first.orderId}/reschedule`;
    const moved = await v1('POST', url, key.secret, { start: target }, { 'idempotency-key': 'move-1' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status).toBe('ok');
    const again = await v1('POST', url, key.secret, { start: target }, { 'idempotency-key': 'move-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(moved.json());
    const events = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, first.orderId), eq(t.orderEvents.type, 'rescheduled')));
    expect(events).toHaveLength(1);
    const mismatch = await v1('POST', url, key.secret, { start: first.start }, { 'idempotency-key': 'move-1' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error).toMatchObject({ code: 'idempotency_key_reused', field: 'idempotency-key' });
    // Another key of the company has its own idempotency keys.
    const otherKey = await createKey(['orders:write']);
    const same = await v1('POST', url, otherKey.secret, { start: target }, { 'idempotency-key': 'move-1' });
    expect(same.headers['idempotent-replayed']).toBeUndefined();
    // 24 hours later, to the millisecond, it still replays; a millisecond more and it is a new request.
    harness.clock.advance(IDEMPOTENCY_TTL_MS);
    expect(
      (await v1('POST', url, key.secret, { start: target }, { 'idempotency-key': 'move-1' })).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
    harness.clock.advance(1);
    const fresh = await v1('POST', url, key.secret, { start: first.start }, { 'idempotency-key': 'move-1' });
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect([200, 409]).toContain(fresh.statusCode);
    // Bounds of the header.
    expect(
      (await v1('POST', url, key.secret, { start: target }, { 'idempotency-key': 'k'.repeat(256) })).statusCode,
    ).toBe(400);
  });

  it('answers concurrent duplicates once: one request runs, the other waits its turn (409) or replays it', async () => {
    const key = await createKey(['orders:write']);
    const booking = await ManagedBooking.book(harness, demoOrdinaryWeekday('2027-03-11'));
    const url = `/api/v1/orders/${booking.orderId}/cancel`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        v1('POST', url, key.secret, { reason: 'dup' }, { 'idempotency-key': 'cancel-1' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    for (const answer of answers.filter((each) => each.statusCode === 409))
      expect(answer.json().error.code).toBe('idempotency_key_in_use');
    const cancellations = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, booking.orderId), eq(t.orderEvents.type, 'cancelled')));
    expect(cancellations).toHaveLength(1);
    // A refusal is kept too: the same move of the cancelled order refused again, as it was, with its envelope.
    const moveUrl = `/api/v1/orders/${booking.orderId}/reschedule`;
    const refused = await v1('POST', moveUrl, key.secret, { start: booking.start }, { 'idempotency-key': 'move-x' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('change_refused');
    const replayed = await v1('POST', moveUrl, key.secret, { start: booking.start }, { 'idempotency-key': 'move-x' });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(refused.json());
  });

  it('offers the times a booking could move to, as its manage page does', async () => {
    const key = await createKey(['orders:read']);
    const movingDay = demoOrdinaryWeekday('2027-03-15');
    const viaApi = await v1(
      'GET',
      `/api/v1/orders/${first.orderId}/availability?from=${movingDay}&to=${movingDay}`,
      key.secret,
    );
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect(viaApi.json<AppointmentSlot[]>().length).toBeGreaterThan(0);
    expect(viaApi.json()).toEqual((await first.availability(movingDay)).json());
    const reversed = await v1(
      'GET',
      `/api/v1/orders/${first.orderId}/availability?from=${movingDay}&to=2027-03-01`,
      key.secret,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.field).toBe('to');
  });

  it('offers a new booking the times the wizard offers the same cart, with the office’s zone and UTC instants', async () => {
    const key = await createKey(['orders:read']);
    const date = demoOrdinaryWeekday('2027-03-16');
    const url = `/api/v1/availability?from=${date}&to=${date}&services=${DEMO_SERVICE}&postal_code=43229`;
    const viaApi = await v1('GET', url, key.secret);
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    const answer = viaApi.json<PublicNewAvailability>();
    expect(answer).toMatchObject({ office: DEMO_OFFICE_UUID, time_zone: 'America/New_York' });
    expect(answer.slots.length).toBeGreaterThan(0);
    const wizard = await wizardSlots(date);
    expect(timesOf(answer.slots)).toEqual(timesOf(wizard));
    for (const slot of answer.slots) expect(slot.starts_at).toBe(new Date(slot.timestamp * 1000).toISOString());
    // The office named is the same answer; an inspector named narrows it as the wizard's does.
    const named = await v1('GET', `${url}&office=${DEMO_OFFICE_UUID}&inspectors=101`, key.secret);
    expect(named.statusCode, named.body).toBe(200);
    expect(timesOf(named.json<PublicNewAvailability>().slots)).toEqual(
      timesOf(await wizardSlots(date, '&inspectors=101')),
    );
    // A booking takes its time off the list, as it does the wizard's.
    await ManagedBooking.book(harness, date, { pick: (slots) => slots[0] });
    const after = (await v1('GET', url, key.secret)).json<PublicNewAvailability>();
    expect(timesOf(after.slots)).toEqual(timesOf(await wizardSlots(date)));
    expect(after.slots).not.toEqual(answer.slots);
    // Without services: the office's default length, as a fresh session's.
    const bare = (
      await v1('GET', `/api/v1/availability?from=${date}&to=${date}`, key.secret)
    ).json<PublicNewAvailability>();
    expect(bare.duration_minutes).toBeGreaterThan(0);
    // Bounds and walls, each a 400 naming the field.
    for (const [query, field] of [
      [`from=${date}&to=2027-03-01`, 'to'],
      ['from=2027-03-01&to=2027-06-29', 'to'],
      [`from=${date}&to=${date}&services=not-a-uuid`, 'services'],
      [`from=${date}&to=${date}&services=00000000-0000-4000-8000-000000000000`, 'services'],
      [`from=${date}&to=${date}&office=${OTHER_OFFICE}`, 'office'],
      [`from=${date}&to=${date}&office=nope`, 'office'],
      [`from=${date}`, 'to'],
      [`from=${date}&to=${date}&postal_code=${'9'.repeat(11)}`, 'postal_code'],
    ] as const) {
      const bad = await v1('GET', `/api/v1/availability?${query}`, key.secret);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.field, query).toMatch(new RegExp(`^${field}`));
    }
    // The wizard's window is the most one request asks: 120 days, the last of them 2027-06-28.
    expect((await v1('GET', '/api/v1/availability?from=2027-03-01&to=2027-06-28', key.secret)).statusCode).toBe(200);
  });

  /** A booking body for the demo company at `start`: the wizard's demo order, as the API takes it. */
  const bookingBody = (start: string, extra: Record<string, unknown> = {}) => ({
    start,
    services: [DEMO_SERVICE],
    address: { address1: '1450 Morse Rd', city: 'Columbus', postal_code: '43229' },
    client: { first: 'Casey', last: 'Api', email: 'casey@example.com', phone: '614-555-0199' },
    buyers_agent: { first: 'Ray', last: 'Ortiz', email: 'ray@example.com', phone: '614-555-0177' },
    property: {
      sqft: 1800,
      yb: 1995,
      controls: [
        { id: 5, value: '1' },
        { id: 6, value: null, checked: true },
      ],
    },
    ...extra,
  });
  const confirmationJobsOf = async (orderId: string) =>
    (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'confirmation_email'))).filter(
      (job) => job.payload.order_id === orderId,
    );

  it('books a new order at a free time: in the console and GET /api/v1/orders/{id}, lines adding up, the key its author; once per Idempotency-Key; a taken time 409 with alternatives', async () => {
    const key = await createKey(['orders:read', 'orders:write'], owner, 'Report writer');
    const date = demoOrdinaryWeekday('2027-03-17');
    const offered = (
      await v1(
        'GET',
        `/api/v1/availability?from=${date}&to=${date}&services=${DEMO_SERVICE}&postal_code=43229`,
        key.secret,
      )
    ).json<PublicNewAvailability>();
    const slot = offered.slots[0]!;
    const body = bookingBody(slot.starts_at, { inspector_ids: slot.users });
    const booked = await v1('POST', '/api/v1/orders', key.secret, body, { 'idempotency-key': 'book-1' });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json<PublicOrder>();
    expect(order).toMatchObject({ status: 'confirmed', datetime: slot.starts_at, local_date: date });
    expect(order.inspectors.map((inspector) => inspector.id)).toEqual(slot.users);
    expect(order.lines.reduce((sum, line) => sum + (line.amount_cents ?? 0), 0)).toBe(order.lines_total_cents);
    expect(order.total_cents).toBeGreaterThan(0);
    expect((await v1('GET', `/api/v1/orders/${order.id}`, key.secret)).json()).toEqual(order);
    // The console sees it, booked by the key.
    const detail = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/demo/orders/${order.id}`,
      headers: office.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ booked_by: 'Report writer', order: { datetime: slot.starts_at } });
    const [confirmed] = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.id), eq(t.orderEvents.type, 'confirmed')));
    expect(confirmed!.data).toMatchObject({ booked_by: { kind: 'api_key', name: 'Report writer' } });
    // The client and the agent are sent their confirmation.
    expect((await confirmationJobsOf(order.id)).map((job) => job.payload.audience).sort()).toEqual(
      expect.arrayContaining(['agent', 'client']),
    );
    // The same request again: the same order, no second one.
    const replay = await v1('POST', '/api/v1/orders', key.secret, body, { 'idempotency-key': 'book-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<PublicOrder>().id).toBe(order.id);
    const clientOrders = await harness.database.db
      .select({ id: t.orderParties.orderId })
      .from(t.orderParties)
      .innerJoin(t.orders, eq(t.orders.id, t.orderParties.orderId))
      .where(and(eq(t.orderParties.role, 'client'), eq(t.orders.status, 'confirmed')));
    expect(clientOrders.filter((row) => row.id === order.id)).toHaveLength(1);
    // The slot is no longer offered, and booking it again is 409 with the nearest free times.
    const after = (
      await v1(
        'GET',
        `/api/v1/availability?from=${date}&to=${date}&services=${DEMO_SERVICE}&postal_code=43229`,
        key.secret,
      )
    ).json<PublicNewAvailability>();
    expect(after.slots.flatMap((each) => each.group ?? [each]).some((each) => each.id === slot.id)).toBe(false);
    const twice = await v1('POST', '/api/v1/orders', key.secret, body, { 'idempotency-key': 'book-2' });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().status).toBe('unavailable');
    expect(twice.json().appointments.length).toBeGreaterThan(0);
  });

  it('books without telling the client when asked, and refuses another company’s office and bad parts with a 400 naming the field', async () => {
    const key = await createKey(['orders:read', 'orders:write']);
    const date = demoOrdinaryWeekday('2027-03-18');
    const slots = (
      await v1(
        'GET',
        `/api/v1/availability?from=${date}&to=${date}&services=${DEMO_SERVICE}&postal_code=43229`,
        key.secret,
      )
    ).json<PublicNewAvailability>().slots;
    const quiet = await v1(
      'POST',
      '/api/v1/orders',
      key.secret,
      bookingBody(slots[0]!.starts_at, { notify_client: false }),
    );
    expect(quiet.statusCode, quiet.body).toBe(201);
    const jobs = await confirmationJobsOf(quiet.json<PublicOrder>().id);
    expect(jobs.map((job) => job.payload.audience)).not.toContain('client');
    expect(jobs.map((job) => job.payload.audience)).toContain('agent');
    // Another company's key cannot book into the demo's office, nor can the demo's key into theirs.
    const foreign = await createKey(
      ['orders:write'],
      otherOwner,
      'Other',
      `/api/console/companies/${OTHER_KEY}/api-keys`,
    );
    const start = slots[1]!.starts_at;
    for (const [secret, officeId] of [
      [foreign.secret, DEMO_OFFICE_UUID],
      [key.secret, OTHER_OFFICE],
    ] as const) {
      const crossing = await v1('POST', '/api/v1/orders', secret, bookingBody(start, { office: officeId }));
      expect(crossing.statusCode, crossing.body).toBe(400);
      expect(crossing.json().error.field).toBe('office');
    }
    for (const [change, field] of [
      [{ start: 'soon' }, 'start'],
      [{ services: ['00000000-0000-4000-8000-000000000000'] }, 'services.0'],
      [{ services: [] }, 'services'],
      [{ client: { first: 'A', last: 'B', email: 'x'.repeat(255) } }, 'client.email'],
      [{ client: { first: '', last: 'B', email: 'b@example.com' } }, 'client.first'],
      [{ address: { address1: '1 Main', city: 'Columbus', postal_code: '1' } }, 'address.postal_code'],
      [{ property: { sqft: 1800 } }, 'property'],
      [{ inspector_ids: [0] }, 'inspector_ids.0'],
      [{ special_note: 'x'.repeat(2001) }, 'special_note'],
      [{ buyers_agent: { first: 'Ray', last: 'Ortiz', email: 'ray@example.com' } }, 'buyers_agent.phone'],
      [{ role: 'MAYOR' }, 'role'],
    ] as const) {
      const bad = await v1('POST', '/api/v1/orders', key.secret, bookingBody(start, change));
      expect(bad.statusCode, `${JSON.stringify(change)}: ${bad.body}`).toBe(400);
      expect(bad.json().error.field, JSON.stringify(change)).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
  });

  it('reads the directory: agents and contacts by id, a page at a time, each as the document keeps them', async () => {
    const key = await createKey(['directory:read']);
    const page1 = await v1('GET', '/api/v1/people?limit=2', key.secret);
    expect(page1.statusCode, page1.body).toBe(200);
    const first2 = page1.json<{
      people: Array<{ id: string; first: string; role: string }>;
      next_cursor: string | null;
    }>();
    expect(first2.people.map((person) => [person.id, person.first, person.role])).toEqual([
      ['agent_201', 'Jessica', 'real_estate_agent'],
      ['agent_202', 'Brian', 'real_estate_agent'],
    ]);
    expect(first2.next_cursor).toBe('202');
    const page2 = (await v1('GET', '/api/v1/people?limit=2&cursor=202', key.secret)).json<{
      people: Array<{ id: string }>;
    }>();
    expect(page2.people.map((person) => person.id)).toEqual(['agent_203', 'agent_204']);
    const everyAgent = (await v1('GET', '/api/v1/people?limit=200', key.secret)).json<{
      people: Array<{ id: string }>;
      next_cursor: string | null;
    }>();
    // The demo's own agents, then those added since (bookings through the API add theirs, as the wizard does).
    expect(everyAgent.people.map((person) => person.id)).toContain(`agent_${DEMO_ONLY_AGENT}`);
    expect(everyAgent.next_cursor).toBeNull();
    const contacts = (await v1('GET', '/api/v1/people?type=contacts&limit=1', key.secret)).json<{
      people: Array<{ id: string; contact_type: unknown; role: string }>;
    }>();
    expect(contacts.people).toEqual([
      expect.objectContaining({ id: 'contact_401', role: 'contact', contact_type: { id: 1, name: 'Loan Officer' } }),
    ]);
    const one = await v1('GET', `/api/v1/people/agent_${DEMO_ONLY_AGENT}`, key.secret);
    expect(one.json()).toMatchObject({ role: 'insurance_agent', agency: 'Buckeye Mutual', last: 'Demo-Only' });
    expect((await v1('GET', '/api/v1/people/agent_999999', key.secret)).statusCode).toBe(404);
    expect((await v1('GET', '/api/v1/people/agent_2147483647', key.secret)).statusCode).toBe(404);
    expect((await v1('GET', '/api/v1/people?cursor=2147483647', key.secret)).statusCode).toBe(200);
    for (const bad of [
      '/api/v1/people/12',
      '/api/v1/people/agent_0',
      '/api/v1/people?limit=201',
      '/api/v1/people?cursor=abc',
      // Past PostgreSQL's integers (2,147,483,647): a 400, not the database's error (the fuzz found it).
      '/api/v1/people?cursor=2147483648',
      '/api/v1/people/agent_2147483648',
    ]) {
      const response = await v1('GET', bad, key.secret);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('moves through the office’s policy code: a time not free answers 409 unavailable with alternatives', async () => {
    const key = await createKey(['orders:write']);
    // Sunday at 3 AM: no inspector works then.
    const refused = await v1('POST', `/api/v1/orders/${first.orderId}/reschedule`, key.secret, {
      start: '2027-03-14T08:00:00.000Z',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().status).toBe('unavailable');
    const bad = await v1('POST', `/api/v1/orders/${first.orderId}/reschedule`, key.secret, { start: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('start');
  });
});
