import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import * as t from '../../db/schema.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { demoDocument, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { expireSession } from './sessions.repository.ts';
import { hashToken } from './tokens.ts';

const DAY_MS = 86_400_000;
const OTHER_OFFICE = '0d6a3f0e-2b1c-4d5e-8f90-a1b2c3d4e5f6';
const RIVAL_OFFICE = '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b';

describeOnEachDatabase('sessions and tenancy', (factory) => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await startTestApp(factory);
    // The demo company gets a second office, and a rival company exists beside it.
    const demo = demoDocument();
    const offices = demo.offices as Array<Record<string, unknown>>;
    await importCompanyDocument(harness.database.db, {
      ...demo,
      offices: [...offices, { ...offices[0], uuid: OTHER_OFFICE, name: 'Delaware County office' }],
    });
    await importCompanyDocument(harness.database.db, {
      ...demoDocument(),
      key: 'rival',
      name: 'Rival Inspections',
      offices: [{ ...offices[0], uuid: RIVAL_OFFICE }],
      inspectors: [],
    });
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => harness.close());

  const officeCall = (
    token: string | undefined,
    extra: Record<string, string> = {},
    path = '/demo/online-scheduler/office',
  ) =>
    harness.app.inject({
      method: 'GET',
      url: path,
      headers: { ...(token ? { 'x-auth-token': token } : {}), ...extra },
    });

  it('starts a session with a draft order and redirects into the wizard with t and office', async () => {
    const response = await harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}` });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://localhost');
    expect(location.pathname).toBe('/demo/online-scheduler');
    expect(location.searchParams.get('office')).toBe(DEMO_OFFICE_UUID);
    const token = location.searchParams.get('t')!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    expect(session).toBeDefined();
    const [order] = await harness.database.db.select().from(t.orders).where(eq(t.orders.id, session!.orderId));
    expect(order!.status).toBe('draft');
    const events = await harness.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order!.id));
    expect(events.map((e) => e.type)).toEqual(['created']);
  });

  it("keeps the console's preview=1 into the wizard, and no other parameter of the link", async () => {
    const redirect = async (query: string) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}?${query}`,
      });
      expect(response.statusCode).toBe(302);
      return new URL(String(response.headers.location), 'http://localhost').searchParams;
    };
    const preview = await redirect('preview=1&utm_source=mail');
    expect(preview.get('preview')).toBe('1');
    expect(preview.has('utm_source')).toBe(false);
    for (const other of ['preview=0', 'preview=yes', 'utm_source=preview'])
      expect((await redirect(other)).has('preview')).toBe(false);
  });

  describe("the link's campaign parameters (issue 42)", () => {
    /** The order a start link made, and where the link sent the browser. */
    const start = async (query: string, headers: Record<string, string> = {}) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}?${query}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(302);
      const location = new URL(String(response.headers.location), 'http://localhost');
      const [session] = await harness.database.db
        .select({ orderId: t.sessions.orderId })
        .from(t.sessions)
        .where(eq(t.sessions.tokenHash, hashToken(location.searchParams.get('t')!)));
      const [order] = await harness.database.db
        .select({ attribution: t.orders.attribution })
        .from(t.orders)
        .where(eq(t.orders.id, session!.orderId));
      return { attribution: order!.attribution, location };
    };

    it('keeps utm_* and gclid on the new order, and leaves them out of the wizard’s URL', async () => {
      const { attribution, location } = await start(
        'utm_source=google&utm_medium=cpc&utm_campaign=Spring%20sale&utm_term=home%20inspection&utm_content=ad-b&gclid=EAIaIQobChMI_x-9&fbclid=zz',
      );
      expect(attribution).toEqual({
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'Spring sale',
        utm_term: 'home inspection',
        utm_content: 'ad-b',
        gclid: 'EAIaIQobChMI_x-9',
      });
      expect([...location.searchParams.keys()].sort()).toEqual(['office', 't']);
    });

    it('keeps nothing for a link without them', async () => {
      expect((await start('')).attribution).toEqual({});
    });

    it('leaves a malformed value out and still starts the session, for a browser as for an API client; a parameter given twice reads its first value', async () => {
      const tooLong = 'x'.repeat(201);
      const browser = { accept: 'text/html,application/xhtml+xml' };
      for (const headers of [browser, {}]) {
        const { attribution } = await start(
          `utm_source=${tooLong}&utm_medium=e%0Amail&utm_campaign=ok&gclid=a%2Bb&utm_term=a&utm_term=b`,
          headers,
        );
        expect(attribution).toEqual({ utm_campaign: 'ok', utm_term: 'a' });
      }
    });

    it('keeps an embedded frame’s parameters beside them', async () => {
      const { attribution, location } = await start('embed=1&utm_source=newsletter&postal_code=43215');
      expect(attribution).toEqual({ utm_source: 'newsletter' });
      expect(location.searchParams.get('embed')).toBe('1');
    });
  });

  describe("the start link's role (issue 47: the agent portal's links)", () => {
    const NO_SELLERS_OFFICE = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
    beforeAll(async () => {
      const demo = demoDocument();
      const offices = demo.offices as Array<Record<string, unknown>>;
      const settings = demo.settings as Array<{ key: string; value: string }>;
      await importCompanyDocument(harness.database.db, {
        ...demo,
        key: 'nosellers',
        name: 'No Sellers Agents Inspections',
        settings: settings.filter((s) => s.key !== 'ONLINE_SCHEDULER_V3_SELLERS_AGENT'),
        offices: [{ ...offices[0], uuid: NO_SELLERS_OFFICE }],
        inspectors: [],
      });
    });
    /** The role the new order starts with, and the keys of the wizard's URL. */
    const roleOfStart = async (query: string, company = 'demo', office = DEMO_OFFICE_UUID) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/${company}/online-scheduler/${office}?${query}`,
      });
      expect(response.statusCode, response.body).toBe(302);
      const location = new URL(String(response.headers.location), 'http://localhost');
      const [session] = await harness.database.db
        .select({ orderId: t.sessions.orderId })
        .from(t.sessions)
        .where(eq(t.sessions.tokenHash, hashToken(location.searchParams.get('t')!)));
      const [order] = await harness.database.db
        .select({ userType: t.orders.userType })
        .from(t.orders)
        .where(eq(t.orders.id, session!.orderId));
      return { role: order!.userType?.type ?? null, keys: [...location.searchParams.keys()].sort() };
    };

    it("starts the order with the buyer's or the seller's agent's role, and leaves the role out of the wizard's URL", async () => {
      expect(await roleOfStart('role=buyers_agent')).toEqual({ role: 'BUYERS_AGENT', keys: ['office', 't'] });
      expect((await roleOfStart('role=sellers_agent')).role).toBe('SELLERS_AGENT');
      expect((await roleOfStart('role=sellers_agent&role=buyers_agent')).role).toBe('SELLERS_AGENT');
    });

    it('chooses no role for a link without one, another role, or one the company does not offer', async () => {
      expect((await roleOfStart('')).role).toBeNull();
      for (const other of ['CLIENT_BUYER', 'BUYERS_AGENT', 'insurance_agent', 'other', 'toString', ''])
        expect((await roleOfStart(`role=${other}`)).role, other).toBeNull();
      expect((await roleOfStart('role=sellers_agent', 'nosellers', NO_SELLERS_OFFICE)).role).toBeNull();
      expect((await roleOfStart('role=buyers_agent', 'nosellers', NO_SELLERS_OFFICE)).role).toBe('BUYERS_AGENT');
    });
  });

  it('stores only the hash of a token', async () => {
    const token = await startDemoSession(harness.app);
    const rows = await harness.database.db.select({ tokenHash: t.sessions.tokenHash }).from(t.sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('gives every visit its own session and order', async () => {
    const a = await startDemoSession(harness.app);
    const b = await startDemoSession(harness.app);
    expect(a).not.toBe(b);
    const orderA = (await officeCall(a, {}, '/demo/online-scheduler/order')).json<{ id: string }>();
    const orderB = (await officeCall(b, {}, '/demo/online-scheduler/order')).json<{ id: string }>();
    expect(orderA.id).not.toBe(orderB.id);
  });

  it('answers 404 for an unknown office, an office of another company, or an unknown company', async () => {
    for (const url of [
      '/demo/online-scheduler/11111111-2222-4333-8444-555555555555',
      `/demo/online-scheduler/${RIVAL_OFFICE}`,
      `/nobody/online-scheduler/${DEMO_OFFICE_UUID}`,
    ]) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('opens the office and the order with a valid token', async () => {
    const token = await startDemoSession(harness.app);
    const office = await officeCall(token);
    expect(office.statusCode).toBe(200);
    expect(office.json()).toMatchObject({ company_key: 'demo', office_uuid: DEMO_OFFICE_UUID });
    expect((await officeCall(token, { 'x-office-uuid': DEMO_OFFICE_UUID })).statusCode).toBe(200);
  });

  it('refuses a missing token with 401', async () => {
    const response = await officeCall(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('refuses a garbage token with 401', async () => {
    expect((await officeCall('not-a-token')).statusCode).toBe(401);
    expect((await officeCall('x'.repeat(500))).statusCode).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const token = await startDemoSession(harness.app);
    // Known (and remembered) first, so that the expiry must reach the server's session cache.
    expect((await officeCall(token)).statusCode).toBe(200);
    await expireSession(harness.database.db, hashToken(token), new Date(harness.clock.now()));
    await harness.database.changes.flush();
    expect((await officeCall(token)).statusCode).toBe(401);
    expect((await officeCall(token, {}, '/demo/json/online_scheduler/services')).statusCode).toBe(401);
  });

  /** The session row of a token, as the database keeps it. */
  async function sessionRow(token: string) {
    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    return session!;
  }

  async function confirmOrderOf(token: string) {
    await harness.database.db
      .update(t.orders)
      .set({ status: 'confirmed', confirmedAt: new Date(harness.clock.now()) })
      .where(eq(t.orders.id, (await sessionRow(token)).orderId));
    await harness.database.changes.flush();
  }

  /** Every wizard call that needs a session, except the two the thank-you page reads. */
  const API = '/demo/json/online_scheduler';
  const guardedCalls = [
    { method: 'GET', url: `${API}/services` },
    { method: 'GET', url: `${API}/packages` },
    { method: 'GET', url: `${API}/availability?from=2030-01-07&to=2030-01-08` },
    { method: 'GET', url: `${API}/time_available?from=2030-01-07T15:00:00Z&to=2030-01-07T18:00:00Z` },
    { method: 'GET', url: `${API}/validate_inspectors_services?inspectors=[101]` },
    { method: 'GET', url: `${API}/distance_on_datetime?datetime=2030-01-07T15:00:00Z` },
    { method: 'POST', url: `${API}/set_datetime`, payload: { datetime: null } },
    { method: 'POST', url: `${API}/set_inspectors`, payload: [101] },
    { method: 'POST', url: `${API}/set_postal_code`, payload: { postal_code: '43017' } },
  ] as const;
  const call = (token: string, request: (typeof guardedCalls)[number]) =>
    harness.app.inject({
      method: request.method,
      url: request.url,
      headers: { 'x-auth-token': token },
      ...('payload' in request ? { payload: request.payload as object } : {}),
    });

  it('keeps a confirmed order readable by its token after the session expires, for the thank-you page only', async () => {
    const token = await startDemoSession(harness.app);
    await confirmOrderOf(token);
    for (const request of guardedCalls) expect((await call(token, request)).statusCode, request.url).not.toBe(401);
    harness.clock.advance(8 * DAY_MS);
    const order = await officeCall(token, {}, '/demo/online-scheduler/order');
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ confirmed: true });
    expect((await officeCall(token)).statusCode).toBe(200);
    for (const request of guardedCalls)
      expect((await call(token, request)).statusCode, `${request.method} ${request.url}`).toBe(401);
  });

  it('refuses an expired session of an order not yet confirmed everywhere, the thank-you reads included', async () => {
    const token = await startDemoSession(harness.app);
    expect((await officeCall(token, {}, '/demo/online-scheduler/order')).statusCode).toBe(200);
    // A session ends at the instant it expires.
    harness.clock.advance((await sessionRow(token)).expiresAt.getTime() - harness.clock.now());
    for (const path of ['/demo/online-scheduler/order', '/demo/online-scheduler/office'])
      expect((await officeCall(token, {}, path)).statusCode).toBe(401);
    for (const request of guardedCalls)
      expect((await call(token, request)).statusCode, `${request.method} ${request.url}`).toBe(401);
  });

  it('slides the expiry forward with use: a week without a call ends a session, not a week after it began', async () => {
    const token = await startDemoSession(harness.app);
    const { expiresAt: firstExpiry } = await sessionRow(token);
    harness.clock.advance(6 * DAY_MS);
    expect((await officeCall(token)).statusCode).toBe(200);
    expect((await sessionRow(token)).expiresAt.getTime()).toBe(harness.clock.now() + 7 * DAY_MS);
    // Twelve days after it began, past its first expiry: still open, used six days ago.
    harness.clock.advance(6 * DAY_MS);
    expect(harness.clock.now()).toBeGreaterThan(firstExpiry.getTime());
    expect((await officeCall(token)).statusCode).toBe(200);
    harness.clock.advance(7 * DAY_MS - 1);
    expect((await officeCall(token)).statusCode).toBe(200);
    harness.clock.advance(7 * DAY_MS);
    expect((await officeCall(token)).statusCode).toBe(401);
  });

  it("refuses another company's token with 401", async () => {
    const rivalToken = await startDemoSession(harness.app, RIVAL_OFFICE, 'rival');
    expect((await officeCall(rivalToken)).statusCode).toBe(401);
    expect((await officeCall(rivalToken, {}, '/rival/online-scheduler/office')).statusCode).toBe(200);
  });

  it('refuses a token used for another office with 401', async () => {
    const token = await startDemoSession(harness.app);
    expect((await officeCall(token, { 'x-office-uuid': OTHER_OFFICE })).statusCode).toBe(401);
    const otherToken = await startDemoSession(harness.app, OTHER_OFFICE);
    expect((await officeCall(otherToken, { 'x-office-uuid': DEMO_OFFICE_UUID })).statusCode).toBe(401);
  });

  it('refuses a token in the query string, even a valid one', async () => {
    const token = await startDemoSession(harness.app);
    for (const name of ['t', 'token']) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/demo/online-scheduler/office?${name}=${token}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const both = await harness.app.inject({
      method: 'GET',
      url: `/demo/online-scheduler/office?t=${token}`,
      headers: { 'x-auth-token': token },
    });
    expect(both.statusCode).toBe(401);
  });

  it('changes nothing when it refuses', async () => {
    const before = await harness.database.db.select().from(t.sessions);
    await officeCall('garbage');
    await officeCall(undefined, {}, '/demo/json/online_scheduler/packages');
    const after = await harness.database.db.select().from(t.sessions);
    expect(after).toEqual(before);
  });
});
