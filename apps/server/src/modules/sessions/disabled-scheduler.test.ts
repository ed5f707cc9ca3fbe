import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ConsoleRole } from '@scheduler/contracts/console';
import * as t from '../../db/schema.ts';
import { NON_VISITOR_WRITES } from '../../plugins/visitor-access.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';

const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000e1';
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/**
 * The links' APIs: a booked client's own changes, under the company's booking-change policy, and
 * a signer's signature of their agreement (issue 43) — not the wizard's. Nor is the agents'
 * portal (decision 0092): an agent still sees and manages their inspections while the company's
 * online booking is off.
 */
const MANAGE_LINK_API = /^\/\{company_key\}\/json\/((manage|sign)\/\{token\}|agents)(\/|$)/;

/** Every visitor write of the route table, as the OpenAPI document (generated from it) lists them. */
async function visitorWrites(harness: TestApp): Promise<Array<{ method: string; url: string }>> {
  const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const writes: Array<{ method: string; url: string }> = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (NON_VISITOR_WRITES.test(path) || MANAGE_LINK_API.test(path)) continue;
    for (const method of Object.keys(operations)) {
      if (!WRITE_METHODS.has(method)) continue;
      const url = path.replace('{company_key}', 'demo');
      // A new kind of parameter needs a value here before its route can be tried.
      if (url.includes('{')) throw new Error(`no value for the parameters of ${path}`);
      writes.push({ method: method.toUpperCase(), url });
    }
  }
  return writes;
}

/**
 * Issue 39 item 16: a disabled scheduler was disabled only in the browser; with `?try=1` anyone
 * booked. Now the server refuses every visitor write and every new session while it is disabled,
 * unless the request comes from a member of the company who books for it, signed in.
 */
describeOnEachDatabase('a disabled scheduler', (factory) => {
  let harness: TestApp;
  let writes: Array<{ method: string; url: string }>;
  const people = new Map<string, ConsolePerson>();

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    // Another company, the demo under another key, whose members have nothing to do with the demo.
    await importDemoCopy(harness, 'other', OTHER_OFFICE);
    writes = await visitorWrites(harness);
  });
  beforeEach(() => setEnabled(true));
  afterAll(async () => harness.close());

  async function setEnabled(enabled: boolean): Promise<void> {
    await harness.database.db.update(t.companies).set({ schedulerEnabled: enabled }).where(eq(t.companies.key, 'demo'));
  }

  /** A console member, signed in once for the file. */
  async function member(role: ConsoleRole, companyKey = 'demo'): Promise<ConsolePerson> {
    const key = `${role}@${companyKey}`;
    if (!people.has(key))
      people.set(
        key,
        await signedInMember(
          harness,
          `${role}.${companyKey}@example.com`,
          role,
          companyKey,
          role === 'inspector' ? 101 : null,
        ),
      );
    return people.get(key)!;
  }

  const start = (headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, headers });
  const write = (route: { method: string; url: string }, token: string, headers: Record<string, string> = {}) =>
    harness.app.inject({
      method: route.method as 'POST',
      url: route.url,
      headers: { ...headers, 'x-auth-token': token },
      payload: {},
    });
  const mayTry = async (headers: Record<string, string> = {}) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: `/demo/json/online_scheduler/office_contact/${DEMO_OFFICE_UUID}`,
        headers,
      })
    ).json<{ enabled: boolean; may_try: boolean }>();
  const sessionCount = async () => (await harness.database.db.select({ id: t.sessions.id }).from(t.sessions)).length;
  const orderOf = (token: string) =>
    harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/order', headers: { 'x-auth-token': token } });

  it('lists the wizard\u2019s writes from the route table', () => {
    const urls = writes.map((route) => route.url);
    for (const name of [
      'set_datetime',
      'office_hold',
      'set_address',
      'set_clients',
      'apply_coupon',
      'set_property_info',
      'confirm',
      'manage_link',
      'events',
    ]) {
      expect(urls).toContain(`/demo/json/online_scheduler/${name}`);
    }
    expect(writes.length).toBeGreaterThanOrEqual(23);
  });

  it('refuses every visitor write of a session started before it was disabled, and changes nothing', async () => {
    const token = await startDemoSession(harness.app);
    const before = (await orderOf(token)).json();
    await setEnabled(false);
    for (const route of writes) {
      const refused = await write(route, token);
      expect(refused.statusCode, route.url).toBe(403);
      expect(refused.json(), route.url).toEqual({
        error: { code: 'scheduler_disabled', message: 'Sorry! Our Online Scheduling System is currently disabled.' },
      });
    }
    expect((await orderOf(token)).json()).toEqual(before);
    expect(await mayTry()).toMatchObject({ enabled: false, may_try: false });
    // With try=1 in the page's URL the server still answers the same.
    expect((await write(writes[0]!, token)).statusCode).toBe(403);
  });

  it('starts no session for a visitor: a browser is sent to the disabled page, an API client answered 403', async () => {
    await setEnabled(false);
    const sessions = await sessionCount();
    const browser = await start({ accept: 'text/html' });
    expect(browser.statusCode).toBe(302);
    const location = new URL(String(browser.headers.location), 'http://localhost');
    expect(location.pathname).toBe('/demo/online-scheduler');
    expect(Object.fromEntries(location.searchParams)).toEqual({ office: DEMO_OFFICE_UUID });
    const client = await start();
    expect(client.statusCode).toBe(403);
    expect(client.json().error.code).toBe('scheduler_disabled');
    expect(await sessionCount()).toBe(sessions);
  });

  it('stops the very next write when it is disabled, and lets the one after it is enabled again through', async () => {
    const token = await startDemoSession(harness.app);
    const setPostalCode = { method: 'POST', url: '/demo/json/online_scheduler/set_postal_code' };
    const send = () =>
      harness.app.inject({
        method: 'POST',
        url: setPostalCode.url,
        headers: { 'x-auth-token': token },
        payload: { postal_code: '43215' },
      });
    expect((await send()).statusCode).toBe(200);
    await setEnabled(false);
    expect((await send()).statusCode).toBe(403);
    await setEnabled(true);
    expect((await send()).statusCode).toBe(200);
  });

  it('refuses a member of another company, whatever their role, and an inspector of this one', async () => {
    const token = await startDemoSession(harness.app);
    await setEnabled(false);
    for (const person of [await member('owner', 'other'), await member('office', 'other'), await member('inspector')]) {
      const started = await start({ ...person.headers, accept: 'text/html' });
      expect(new URL(String(started.headers.location), 'http://localhost').searchParams.has('t')).toBe(false);
      expect(await mayTry(person.headers)).toMatchObject({ enabled: false, may_try: false });
      for (const route of writes)
        expect((await write(route, token, person.headers)).json().error?.code, `${person.email} ${route.url}`).toBe(
          'scheduler_disabled',
        );
    }
  });

  it("lets the company's owner, admin and office members try it: a session with try=1, and every write past the guard", async () => {
    await setEnabled(false);
    for (const role of ['owner', 'admin', 'office'] as const) {
      const person = await member(role);
      expect(await mayTry(person.headers)).toMatchObject({ enabled: false, may_try: true });
      const started = await start({ ...person.headers, accept: 'text/html' });
      expect(started.statusCode).toBe(302);
      const location = new URL(String(started.headers.location), 'http://localhost');
      expect(location.searchParams.get('try')).toBe('1');
      const token = location.searchParams.get('t')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Past the guard, each write meets its own checks: its body ({} here) or its order's state.
      for (const route of writes)
        expect((await write(route, token, person.headers)).json().error?.code, `${role} ${route.url}`).not.toBe(
          'scheduler_disabled',
        );
      const saved = await harness.app.inject({
        method: 'POST',
        url: '/demo/json/online_scheduler/set_postal_code',
        headers: { ...person.headers, 'x-auth-token': token },
        payload: { postal_code: '43215' },
      });
      expect(saved.statusCode).toBe(200);
      // The same session without the member's sign-in is a visitor's.
      expect((await write(writes[0]!, token)).json().error.code).toBe('scheduler_disabled');
    }
  });

  it('takes anyone while it is enabled, and says nobody needs to try it', async () => {
    const started = await start({ accept: 'text/html' });
    const location = new URL(String(started.headers.location), 'http://localhost');
    expect(location.searchParams.has('t')).toBe(true);
    expect(location.searchParams.has('try')).toBe(false);
    const token = location.searchParams.get('t')!;
    for (const route of writes)
      expect((await write(route, token)).json().error?.code, route.url).not.toBe('scheduler_disabled');
    expect(await mayTry()).toMatchObject({ enabled: true, may_try: false });
    expect(await mayTry((await member('owner')).headers)).toMatchObject({ enabled: true, may_try: false });
  });

  it("leaves a booked client's manage link to the company's booking-change policy", async () => {
    await setEnabled(false);
    const guessed = await harness.app.inject({
      method: 'POST',
      url: `/demo/json/manage/${'G'.repeat(43)}/cancel`,
      payload: {},
    });
    expect(guessed.json().error.code).toBe('manage_link_invalid');
  });
});
