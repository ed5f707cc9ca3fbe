import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AGENT_SIGN_IN_SENT_MESSAGE } from '@scheduler/contracts/agent-portal';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import * as t from '../../db/schema.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { ACCOUNT_EMAIL_JOB } from '../notifications/account-messages.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, importDemoCopy, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import {
  AGENT_LINK_LIFETIME_MS,
  AGENT_SIGN_IN_PER_ADDRESS,
  AGENT_SIGN_IN_PER_CLIENT,
  AGENT_SIGN_IN_WINDOW_MS,
} from './agents.service.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const OTHER = { key: 'agents-other', officeUuid: 'c0000000-0000-4000-8000-0000000000b7' };
const SHARED = { key: 'agents-shared', officeUuid: 'c0000000-0000-4000-8000-0000000000b8' };
/** The demo directory's agents 201, 202 and 203 (the other companies are copies: the same ids and addresses). */
const JESSICA = 'jessica.moreno@olentangyrealtygroup.com';
const BRIAN = 'brian.kowalski@shortnorthproperties.com';
const ALICIA = 'alicia.grant@sciotorealtypartners.com';
const DAY_MS = 24 * 60 * 60_000;

describeOnEachDatabase('the agent portal: sign-in links, sessions and the inspections an agent is on', (factory) => {
  let harness: TestApp;
  const db = () => harness.database.db;
  let ip = 0;
  /** Each test asks from its own client address, so the per-client limit is the test's own. */
  const freshIp = () => `198.51.100.${++ip}`;

  async function companyId(key: string): Promise<string> {
    const [row] = await db().select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, key));
    return row!.id;
  }

  function askForLink(email: string, remoteAddress: string, key = 'demo') {
    return harness.app.inject({
      method: 'POST',
      url: `/${key}/json/agents/sign-in`,
      payload: { email },
      remoteAddress,
    });
  }

  /** The token of the latest sign-in link queued for `email` at company `key`, or null. */
  async function latestToken(email: string, key = 'demo'): Promise<string | null> {
    const jobs = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, ACCOUNT_EMAIL_JOB), eq(t.jobs.companyId, await companyId(key))))
      .orderBy(desc(t.jobs.id));
    const mine = jobs.find((row) => row.payload.type === 'agent_sign_in_link' && row.payload.to === email);
    return typeof mine?.payload.account_token === 'string' ? mine.payload.account_token : null;
  }

  function useLink(token: string, key = 'demo') {
    return harness.app.inject({
      method: 'POST',
      url: `/${key}/json/agents/session`,
      payload: { token },
      remoteAddress: freshIp(),
    });
  }

  /** Signs `email` in at company `key` through a fresh link; answers the session's cookie. */
  async function signIn(email: string, key = 'demo'): Promise<string> {
    expect((await askForLink(email, freshIp(), key)).statusCode).toBe(202);
    const opened = await useLink((await latestToken(email, key))!, key);
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^agent_session=[A-Za-z0-9_-]{43}$/);
    return cookie;
  }

  function get(url: string, cookie: string) {
    return harness.app.inject({ method: 'GET', url, headers: { cookie } });
  }

  /** A booked order of company `key` at `datetime`, with a client and the agents named. */
  async function bookedOrder(
    key: string,
    officeId: string,
    datetime: string,
    client: string,
    agents: Array<{ id: number; role: 'buyers_agent' | 'sellers_agent' }>,
    status: 'confirmed' | 'cancelled' | 'draft' = 'confirmed',
  ): Promise<string> {
    const company = await companyId(key);
    const [order] = await db()
      .insert(t.orders)
      .values({
        companyId: company,
        officeId,
        status,
        datetime: new Date(datetime),
        address1: '1 Test Street',
        city: 'Columbus',
      })
      .returning({ id: t.orders.id });
    const [first, last] = client.split(' ');
    await db()
      .insert(t.orderParties)
      .values([
        {
          companyId: company,
          orderId: order!.id,
          role: 'client',
          position: 0,
          person: { first, last, email: `${first!.toLowerCase()}@example.com` },
        },
        ...agents.map((agent, position) => ({
          companyId: company,
          orderId: order!.id,
          role: agent.role,
          position,
          agentId: agent.id,
          person: { first: 'Agent', last: String(agent.id) },
        })),
      ]);
    return order!.id;
  }

  const orders: Record<string, string> = {};
  /** Each test past the first ones at its own hour of the Monday: the rate limits' windows are the test's own. */
  const atHour = (hours: number) => setClock(harness, new Date(Date.parse(MONDAY) + hours * 60 * 60_000).toISOString());

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, OTHER);
    // A third company whose directory has two agents with Brian's address (today's data may have it).
    await importDemoCopy(harness, SHARED.key, SHARED.officeUuid, (copy) => {
      copy.agents = copy.agents.map((agent: Record<string, unknown>) =>
        agent.id === 201 ? { ...agent, email: BRIAN.toUpperCase() } : agent,
      );
    });
    const now = Date.parse(MONDAY);
    const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
    orders.jessicaUpcoming = await bookedOrder('demo', DEMO_OFFICE_UUID, at(3), 'Dana Buyer', [
      { id: 201, role: 'buyers_agent' },
    ]);
    orders.jessicaLater = await bookedOrder(
      'demo',
      DEMO_OFFICE_UUID,
      at(10),
      'Erin Seller',
      [{ id: 201, role: 'sellers_agent' }],
      'cancelled',
    );
    orders.jessicaPast = await bookedOrder('demo', DEMO_OFFICE_UUID, at(-20), 'Frank Past', [
      { id: 201, role: 'sellers_agent' },
    ]);
    orders.jessicaDraft = await bookedOrder(
      'demo',
      DEMO_OFFICE_UUID,
      at(4),
      'Gina Draft',
      [{ id: 201, role: 'buyers_agent' }],
      'draft',
    );
    orders.jessicaLongAgo = await bookedOrder('demo', DEMO_OFFICE_UUID, at(-800), 'Hal Ancient', [
      { id: 201, role: 'buyers_agent' },
    ]);
    orders.brian = await bookedOrder('demo', DEMO_OFFICE_UUID, at(5), 'Ivy Other', [{ id: 202, role: 'buyers_agent' }]);
    orders.otherCompany = await bookedOrder(OTHER.key, OTHER.officeUuid, at(2), 'Jack Twin', [
      { id: 201, role: 'buyers_agent' },
    ]);
  });
  afterAll(async () => harness?.close());

  it('answers an unknown e-mail exactly as a known one, and e-mails a link only to the known one', async () => {
    const known = await askForLink(JESSICA, freshIp());
    const unknown = await askForLink('nobody.here@example.com', freshIp());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: AGENT_SIGN_IN_SENT_MESSAGE });
    expect(await latestToken(JESSICA)).not.toBeNull();
    expect(await latestToken('nobody.here@example.com')).toBeNull();
    // Another company's agent is unknown here: the same answer, and nothing queued at the demo.
    const elsewhere = await askForLink('someone@agents-other.example', freshIp(), OTHER.key);
    expect(elsewhere.body).toBe(known.body);
  });

  it('sends the link by e-mail, one use: a second use is refused', async () => {
    const client = freshIp();
    expect((await askForLink(ALICIA, client)).statusCode).toBe(202);
    const queued = await latestToken(ALICIA);
    const outbox = mkdtempSync(join(tmpdir(), 'agent-links-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
      const mails = readdirSync(outbox).map((name) =>
        readFileSync(join(outbox, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replaceAll('=3D', '='),
      );
      const mail = mails.find((text) => text.includes(ALICIA) && text.includes('agent portal'));
      expect(mail).toBeDefined();
      expect(mail).toContain('agent portal once, within 15 minutes');
      const token = /agents\/sign-in#token=([A-Za-z0-9_-]{43})/.exec(mail!)?.[1];
      expect(token).toBe(queued);
      expect((await useLink(token!)).statusCode).toBe(200);
      const again = await useLink(token!);
      expect(again.statusCode).toBe(401);
      expect(again.json().error.code).toBe('unauthenticated');
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('takes a link at 15:00 minutes and refuses one at 15:01 on the app clock', async () => {
    expect((await askForLink(BRIAN, freshIp())).statusCode).toBe(202);
    const onTime = (await latestToken(BRIAN))!;
    harness.clock.advance(AGENT_LINK_LIFETIME_MS);
    expect((await useLink(onTime)).statusCode).toBe(200);

    expect((await askForLink(BRIAN, freshIp())).statusCode).toBe(202);
    const late = (await latestToken(BRIAN))!;
    harness.clock.advance(AGENT_LINK_LIFETIME_MS + 1000);
    expect((await useLink(late)).statusCode).toBe(401);
  });

  it('limits requests per address at its limit, known or not, and per client', async () => {
    for (const email of ['limit.unknown@example.com', BRIAN]) {
      setClock(harness, new Date(Date.parse(MONDAY) + 40 * DAY_MS).toISOString());
      const answers = [];
      for (let i = 0; i < AGENT_SIGN_IN_PER_ADDRESS + 1; i++)
        answers.push((await askForLink(email, freshIp())).statusCode);
      expect(answers.slice(0, AGENT_SIGN_IN_PER_ADDRESS).every((status) => status === 202)).toBe(true);
      expect(answers[AGENT_SIGN_IN_PER_ADDRESS], email).toBe(429);
      // Once the window has passed, the address may ask again.
      harness.clock.advance(AGENT_SIGN_IN_WINDOW_MS);
      expect((await askForLink(email, freshIp())).statusCode).toBe(202);
    }
    const client = freshIp();
    for (let i = 0; i < AGENT_SIGN_IN_PER_CLIENT; i++)
      expect((await askForLink(`client-${i}@example.com`, client)).statusCode).toBe(202);
    const over = await askForLink('client-over@example.com', client);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
  });

  it('refuses to guess between two directory agents sharing an address, with the same answer', async () => {
    const shared = await askForLink(BRIAN.toUpperCase(), freshIp(), SHARED.key);
    const single = await askForLink(JESSICA, freshIp(), 'demo');
    expect(shared.statusCode).toBe(202);
    expect(shared.body).toBe(single.body);
    expect(await latestToken(BRIAN, SHARED.key)).toBeNull();
    expect(await latestToken(BRIAN.toUpperCase(), SHARED.key)).toBeNull();
    const [request] = await db()
      .select({ outcome: t.agentSignInRequests.outcome })
      .from(t.agentSignInRequests)
      .where(eq(t.agentSignInRequests.companyId, await companyId(SHARED.key)))
      .orderBy(desc(t.agentSignInRequests.id))
      .limit(1);
    expect(request?.outcome).toBe('ambiguous');
  });

  it("lists only the agent's own booked orders of this company, upcoming and past, in the office's zone, by keyset", async () => {
    atHour(1);
    const cookie = await signIn(JESSICA);
    const upcoming = await get('/demo/json/agents/orders?when=upcoming', cookie);
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const page = upcoming.json();
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([orders.jessicaUpcoming, orders.jessicaLater]);
    expect(page.orders[0]).toMatchObject({
      status: 'confirmed',
      client_name: 'Dana Buyer',
      role: 'buyers_agent',
      time_zone: 'America/New_York',
      payment_status: 'unpaid',
      agreement_status: null,
    });
    expect(page.orders[1]).toMatchObject({ status: 'cancelled', role: 'sellers_agent', client_name: 'Erin Seller' });
    expect(page.next).toBeNull();
    // The past, within two years: the 800-day-old inspection is outside the window.
    const past = (await get('/demo/json/agents/orders?when=past', cookie)).json();
    expect(past.orders.map((o: { id: string }) => o.id)).toEqual([orders.jessicaPast]);

    const first = (await get('/demo/json/agents/orders?when=upcoming&limit=1', cookie)).json();
    expect(first.orders.map((o: { id: string }) => o.id)).toEqual([orders.jessicaUpcoming]);
    const second = (await get(`/demo/json/agents/orders?when=upcoming&limit=1&after=${first.next}`, cookie)).json();
    expect(second.orders.map((o: { id: string }) => o.id)).toEqual([orders.jessicaLater]);
    expect(second.next).toBeNull();

    const clients = (await get('/demo/json/agents/clients', cookie)).json();
    expect(clients.clients.map((c: { first: string }) => c.first)).toEqual(['Erin', 'Dana', 'Frank']);

    expect((await get('/demo/json/agents/orders?limit=51', cookie)).statusCode).toBe(400);
    expect((await get('/demo/json/agents/orders?limit=50', cookie)).statusCode).toBe(200);
  });

  it("offers the cart of the agent's latest booking of this company confirmed within a year, and nobody else's", async () => {
    atHour(6);
    const now = Date.parse(MONDAY) + 6 * 60 * 60_000;
    const sessions: Record<string, string> = {};
    const cart = async (key = 'demo') => {
      sessions[key] ??= await signIn(JESSICA, key);
      const answer = await get(`/${key}/json/agents/usual-cart`, sessions[key]);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const booked = (id: string, confirmedAt: number | null, packageIds: number[], serviceIds: string[]) =>
      db()
        .update(t.orders)
        .set({ confirmedAt: confirmedAt === null ? null : new Date(confirmedAt), packageIds, serviceIds })
        .where(eq(t.orders.id, id));
    const service = (n: number) => `a1c0ffee-0000-4000-8000-${String(n).padStart(12, '0')}`;
    // None confirmed yet: nothing to offer.
    expect(await cart()).toEqual({ package: null, services: [] });
    await booked(orders.jessicaPast!, now - 365 * DAY_MS, [1], [service(1)]);
    await booked(orders.jessicaUpcoming!, now - 2 * DAY_MS, [], [service(1), service(6)]);
    // Later ones that are not hers, not booked, or not this company's.
    await booked(orders.jessicaLater!, now - DAY_MS, [], [service(2)]);
    await booked(orders.jessicaDraft!, now - DAY_MS, [], [service(3)]);
    await booked(orders.brian!, now - 60_000, [], [service(4)]);
    await booked(orders.otherCompany!, now, [], [service(5)]);
    expect(await cart()).toEqual({ package: null, services: [service(1), service(6)] });
    // A year back to the millisecond is within the year; one more is not.
    await booked(orders.jessicaUpcoming!, null, [], [service(1), service(6)]);
    expect(await cart()).toEqual({ package: 1, services: [service(1)] });
    await booked(orders.jessicaPast!, now - 365 * DAY_MS - 1, [1], [service(1)]);
    expect(await cart()).toEqual({ package: null, services: [] });
    // At most 20 services: a 21st is left out.
    const many = Array.from({ length: 21 }, (_, n) => service(100 + n));
    await booked(orders.jessicaPast!, now - DAY_MS, [], many);
    expect((await cart()).services).toEqual(many.slice(0, 20));
    // At the other company, only its own order; without a session, nothing.
    expect(await cart(OTHER.key)).toEqual({ package: null, services: [service(5)] });
    expect((await harness.app.inject({ method: 'GET', url: '/demo/json/agents/usual-cart' })).statusCode).toBe(401);
    // Put back as the other tests booked them.
    for (const id of [
      orders.jessicaPast,
      orders.jessicaUpcoming,
      orders.jessicaLater,
      orders.jessicaDraft,
      orders.brian,
    ])
      await booked(id!, null, [], []);
    await booked(orders.otherCompany!, null, [], []);
  });

  it("makes an agent's manage link only for their own upcoming booked inspections of this company", async () => {
    atHour(5);
    const cookie = await signIn(JESSICA);
    const ask = (orderId: string, key = 'demo', session = cookie) =>
      harness.app.inject({
        method: 'POST',
        url: `/${key}/json/agents/orders/${orderId}/manage-link`,
        headers: { cookie: session },
      });
    const listed = (await get('/demo/json/agents/orders', cookie)).json();
    expect(listed.orders.map((o: { manageable: boolean }) => o.manageable)).toEqual([true, false]);
    const made = await ask(orders.jessicaUpcoming!);
    expect(made.statusCode, made.body).toBe(200);
    const token = /\/demo\/manage\/([A-Za-z0-9_-]{43})$/.exec(made.json().url)?.[1];
    expect(token).toBeDefined();
    const opened = await harness.app.inject({ method: 'GET', url: `/demo/json/manage/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const [link] = await db()
      .select({ role: t.orderManageLinks.role, recipient: t.orderManageLinks.recipient })
      .from(t.orderManageLinks)
      .where(eq(t.orderManageLinks.tokenHash, createHash('sha256').update(token!).digest('hex')));
    expect(link).toEqual({ role: 'agent', recipient: JESSICA });
    // Another agent's, a cancelled one, a past one, a draft, another company's: none.
    for (const other of [
      orders.brian,
      orders.jessicaLater,
      orders.jessicaPast,
      orders.jessicaDraft,
      orders.otherCompany,
    ])
      expect((await ask(other!)).statusCode).toBe(404);
    expect((await ask(orders.otherCompany!, OTHER.key)).statusCode).toBe(401);
  });

  it("walls companies: company A's session opens nothing at B, and at B the agent sees only B's orders", async () => {
    atHour(2);
    const atDemo = await signIn(JESSICA);
    expect((await get(`/${OTHER.key}/json/agents/orders`, atDemo)).statusCode).toBe(401);
    expect((await get(`/${OTHER.key}/json/agents/me`, atDemo)).statusCode).toBe(401);
    // A's link cannot open a session at B either.
    expect((await askForLink(JESSICA, freshIp())).statusCode).toBe(202);
    expect((await useLink((await latestToken(JESSICA))!, OTHER.key)).statusCode).toBe(401);

    const atOther = await signIn(JESSICA, OTHER.key);
    const seen = (await get(`/${OTHER.key}/json/agents/orders`, atOther)).json();
    expect(seen.orders.map((o: { id: string }) => o.id)).toEqual([orders.otherCompany]);
    expect((await get(`/${OTHER.key}/json/agents/orders?when=past`, atOther)).json().orders).toEqual([]);
    const clients = (await get(`/${OTHER.key}/json/agents/clients`, atOther)).json();
    expect(clients.clients.map((c: { first: string }) => c.first)).toEqual(['Jack']);
  });

  it('refuses a removed agent at once, and a signed-out session', async () => {
    atHour(3);
    const cookie = await signIn(ALICIA);
    expect((await get('/demo/json/agents/me', cookie)).statusCode).toBe(200);
    const document = demoDocument() as Record<string, any>;
    document.agents = document.agents.filter((agent: { id: number }) => agent.id !== 203);
    const imported = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: document,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await get('/demo/json/agents/me', cookie)).statusCode).toBe(401);
    expect((await get('/demo/json/agents/orders', cookie)).statusCode).toBe(401);

    const jessica = await signIn(JESSICA);
    const out = await harness.app.inject({
      method: 'DELETE',
      url: '/demo/json/agents/session',
      headers: { cookie: jessica },
    });
    expect(out.statusCode).toBe(204);
    expect((await get('/demo/json/agents/me', jessica)).statusCode).toBe(401);
  });

  it('lets the agent change their phone, agency and texts within bounds, unless the office keeps the details', async () => {
    atHour(4);
    const cookie = await signIn(BRIAN);
    const patch = (payload: Record<string, unknown>, key = 'demo', session = cookie) =>
      harness.app.inject({ method: 'PATCH', url: `/${key}/json/agents/me`, headers: { cookie: session }, payload });
    const update = { mobile_phone: '(614) 555-0199', agency: 'A'.repeat(120), receives_sms: true };
    const saved = await patch(update);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mobile_phone: '(614) 555-0199', agency: 'A'.repeat(120), receives_sms: true });
    const tooLong = await patch({ ...update, agency: 'A'.repeat(121) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.field).toContain('agency');

    // The office keeps agents' details: the texts choice still goes, a phone change does not.
    const document = demoDocument() as Record<string, any>;
    document.settings = [...document.settings, { key: PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO, value: true }];
    await importDemoCopy(harness, OTHER.key, OTHER.officeUuid, (copy) => {
      copy.settings = document.settings;
    });
    const other = await signIn(BRIAN, OTHER.key);
    const me = (await get(`/${OTHER.key}/json/agents/me`, other)).json();
    expect(me.editing_allowed).toBe(false);
    const same = { mobile_phone: me.mobile_phone, agency: me.agency, receives_sms: true };
    expect((await patch(same, OTHER.key, other)).statusCode).toBe(200);
    const refused = await patch({ ...same, mobile_phone: '(614) 555-0100' }, OTHER.key, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.field).toBe('mobile_phone');
  });
});
