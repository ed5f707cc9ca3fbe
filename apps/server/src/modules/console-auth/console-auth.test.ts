import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';
import { CLIENT_ADDRESS_HEADER, MIN_PASSWORD_LENGTH, SIGN_IN_ATTEMPTS_PER_MINUTE } from './auth.ts';
import { organizationOfCompanyKey } from './console-auth.repository.ts';
import {
  authEvents,
  chooseFirstPassword,
  CONSOLE_ORIGIN,
  cookieOf,
  freshClientAddress,
  passwordSignIn,
  signedInMember,
  type ConsolePerson,
} from './console-test-support.ts';

const MONDAY = '2027-03-01T14:00:00.000Z';
const PASSWORD = 'correct horse battery';

describeOnEachDatabase('console sign-in', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000ee';
    for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
    const imported = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/other',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: other,
    });
    expect(imported.statusCode).toBe(200);
    setClock(harness, MONDAY);
  });
  afterAll(async () => harness.close());

  const me = (person: Pick<ConsolePerson, 'headers'>) =>
    harness.app.inject({ method: 'GET', url: '/api/console/me', headers: person.headers });

  it('signs an owner in through a one-time link, and /me names their company and role', async () => {
    const owner = await signedInMember(harness, 'owner@example.com', 'owner');
    const answer = await me(owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      user: { email: 'owner@example.com' },
      memberships: [{ company_key: 'demo', role: 'owner', inspector_id: null }],
    });
  });

  it('answers 401 without a session', async () => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: '/api/console/me',
      headers: { origin: CONSOLE_ORIGIN },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('signs in once with a one-time link: its second use makes no session', async () => {
    await signedInMember(harness, 'once@example.com', 'office');
    const link = new URL(await harness.app.consoleAuth().signInLinkFor('once@example.com'));
    // The link is written under the product's base, not a request's.
    expect(link.origin).toBe(CONSOLE_ORIGIN);
    const url = `${link.pathname}${link.search}`;
    const first = await harness.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(302);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    expect((await me({ headers: { cookie } })).statusCode).toBe(200);

    const second = await harness.app.inject({ method: 'GET', url });
    const again = cookieOf(second.headers['set-cookie']);
    expect(again).not.toMatch(/session_token=[^;]+/);
    expect(String(second.headers.location ?? '')).toMatch(/error/i);
    expect((await me({ headers: { cookie: again } })).statusCode).toBe(401);
    // A made-up token signs nobody in either.
    const forged = await harness.app.inject({
      method: 'GET',
      url: `${link.pathname}?token=${'x'.repeat(32)}&callbackURL=%2Fconsole`,
    });
    expect(cookieOf(forged.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
  });

  it('answers a wrong password 401 and records the failure; a right one signs in and is recorded', async () => {
    const person = await signedInMember(harness, 'pat@example.com', 'office');
    await chooseFirstPassword(harness, person, PASSWORD);
    const before = (await authEvents(harness, person.userId, 'signed_in')).length;

    const wrong = await passwordSignIn(harness, 'pat@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(cookieOf(wrong.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    const failures = await authEvents(harness, person.userId, 'sign_in_failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.data).toMatchObject({ path: '/sign-in/email', status: 401 });
    // No password in the trail.
    expect(JSON.stringify(await authEvents(harness, null))).not.toContain('not the password at all');
    // An unknown address fails the same way, recorded without a person.
    const unknown = await passwordSignIn(harness, 'nobody@example.com', 'not the password at all');
    expect(unknown.statusCode).toBe(401);
    expect(
      (await authEvents(harness, null, 'sign_in_failed')).filter((event) => event.userId === null).length,
    ).toBeGreaterThanOrEqual(1);

    const right = await passwordSignIn(harness, 'pat@example.com', PASSWORD);
    expect(right.statusCode).toBe(200);
    const cookie = cookieOf(right.headers['set-cookie']);
    expect((await me({ headers: { cookie } })).json()).toMatchObject({ user: { email: 'pat@example.com' } });
    const signedIn = await authEvents(harness, person.userId, 'signed_in');
    expect(signedIn).toHaveLength(before + 1);
    expect(signedIn.at(-1)!.createdAt.toISOString()).toBe(new Date(harness.clock.now()).toISOString());
    expect(await authEvents(harness, person.userId, 'sign_in_failed')).toHaveLength(1);
  });

  it(`answers the ${SIGN_IN_ATTEMPTS_PER_MINUTE + 1}th sign-in of a minute from one address 429, whatever address header the client sends`, async () => {
    const person = await signedInMember(harness, 'limited@example.com', 'office');
    await chooseFirstPassword(harness, person, PASSWORD);
    const address = freshClientAddress();
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS_PER_MINUTE; attempt++) {
      // Each claims another address: the bridge puts the real one in its place.
      const answer = await passwordSignIn(harness, 'limited@example.com', `wrong password ${attempt}`, address, {
        [CLIENT_ADDRESS_HEADER]: `192.0.2.${attempt}`,
      });
      expect(answer.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await passwordSignIn(harness, 'limited@example.com', PASSWORD, address, {
      [CLIENT_ADDRESS_HEADER]: '198.51.100.77',
      'x-forwarded-for': '198.51.100.78',
    });
    expect(limited.statusCode).toBe(429);
    expect(cookieOf(limited.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    const plain = await passwordSignIn(harness, 'limited@example.com', PASSWORD, address);
    expect(plain.statusCode).toBe(429);
    // Only the failures were recorded as such; the refusals are not counted against the account.
    expect(await authEvents(harness, person.userId, 'sign_in_failed')).toHaveLength(SIGN_IN_ATTEMPTS_PER_MINUTE);
    // Another address is not concerned.
    expect((await passwordSignIn(harness, 'limited@example.com', PASSWORD, freshClientAddress())).statusCode).toBe(200);
  });

  it("lets an owner sign a member out of every browser: the member's next request is 401", async () => {
    const owner = await signedInMember(harness, 'boss@example.com', 'owner');
    const clerk = await signedInMember(harness, 'clerk@example.com', 'office');
    await chooseFirstPassword(harness, clerk, PASSWORD);
    const elsewhere = cookieOf((await passwordSignIn(harness, 'clerk@example.com', PASSWORD)).headers['set-cookie']);
    expect((await me(clerk)).statusCode).toBe(200);
    expect((await me({ headers: { cookie: elsewhere } })).statusCode).toBe(200);

    const signOut = (by: ConsolePerson, userId: string, company = 'demo') =>
      harness.app.inject({
        method: 'POST',
        url: `/api/console/companies/${company}/members/${userId}/sign-out`,
        headers: by.headers,
        payload: {},
      });
    const done = await signOut(owner, clerk.userId);
    expect(done.statusCode).toBe(200);
    expect(done.json().revoked).toBeGreaterThanOrEqual(2);
    expect((await me(clerk)).statusCode).toBe(401);
    expect((await me({ headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect(
      await harness.database.db.select().from(t.authSessions).where(eq(t.authSessions.userId, clerk.userId)),
    ).toEqual([]);
    expect(await authEvents(harness, clerk.userId, 'sessions_revoked')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ by: owner.userId }) }),
    ]);
    // The owner's own session is untouched.
    expect((await me(owner)).statusCode).toBe(200);

    // An admin may not; nor an office member; an owner may not reach into another company's people.
    const adminMember = await signedInMember(harness, 'admin@example.com', 'admin');
    const victim = await signedInMember(harness, 'victim@example.com', 'inspector', 'demo', 103);
    const byAdmin = await signOut(adminMember, victim.userId);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ error: { code: 'forbidden' } });
    const desk = await signedInMember(harness, 'desk@example.com', 'office');
    expect((await signOut(desk, victim.userId)).statusCode).toBe(403);
    // The signed-out clerk's old cookie can do nothing at all.
    expect((await signOut(clerk, victim.userId)).statusCode).toBe(401);
    expect((await me(victim)).statusCode).toBe(200);

    const stranger = await signedInMember(harness, 'stranger@example.com', 'owner', 'other');
    const foreign = await signOut(owner, stranger.userId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await signOut(owner, stranger.userId, 'other')).statusCode).toBe(403);
    expect((await me(stranger)).statusCode).toBe(200);
    expect((await signOut(owner, 'no-such-user')).statusCode).toBe(404);
  });

  it('sets a first password for a person who signs in by link, then refuses to set another', async () => {
    const person = await signedInMember(harness, 'linkonly@example.com', 'inspector', 'demo', 104);
    const choose = (new_password: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/console/me/password',
        headers: person.headers,
        payload: { new_password },
      });
    // The account page asks whether there is a password to change, or a first one to choose (issue 41).
    const hasPassword = async () =>
      (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: person.headers })).json<{
        user: { has_password: boolean };
      }>().user.has_password;
    expect(await hasPassword()).toBe(false);
    const short = await choose('x'.repeat(MIN_PASSWORD_LENGTH - 1));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { field: 'new_password' } });
    expect(
      (await passwordSignIn(harness, 'linkonly@example.com', 'x'.repeat(MIN_PASSWORD_LENGTH - 1))).statusCode,
    ).toBe(401);
    const extra = await harness.app.inject({
      method: 'POST',
      url: '/api/console/me/password',
      headers: person.headers,
      payload: { new_password: PASSWORD, admin: true },
    });
    expect(extra.statusCode).toBe(400);

    const chosen = await choose('y'.repeat(MIN_PASSWORD_LENGTH));
    expect(chosen.statusCode).toBe(204);
    expect(await authEvents(harness, person.userId, 'password_set')).toHaveLength(1);
    expect(await hasPassword()).toBe(true);
    const signIn = await passwordSignIn(harness, 'linkonly@example.com', 'y'.repeat(MIN_PASSWORD_LENGTH));
    expect(signIn.statusCode).toBe(200);

    const again = await choose('z'.repeat(MIN_PASSWORD_LENGTH + 5));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' } });
    expect(
      (await passwordSignIn(harness, 'linkonly@example.com', 'z'.repeat(MIN_PASSWORD_LENGTH + 5))).statusCode,
    ).toBe(401);
    expect((await passwordSignIn(harness, 'linkonly@example.com', 'y'.repeat(MIN_PASSWORD_LENGTH))).statusCode).toBe(
      200,
    );
  });

  it("refuses a Better Auth write from another origin even with the person's cookie (CSRF), and takes it from the console's own", async () => {
    const person = await signedInMember(harness, 'csrf@example.com', 'owner');
    const organization = { id: (await organizationOfCompanyKey(harness.database.db, 'demo'))! };
    const write = (path: string, origin: string, payload: Record<string, unknown>) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        remoteAddress: freshClientAddress(),
        headers: { cookie: person.cookie, origin },
        payload,
      });
    const invite = await write('/organization/invite-member', 'https://evil.example', {
      email: 'planted@example.com',
      role: 'owner',
      organizationId: organization!.id,
    });
    expect(invite.statusCode, invite.body).toBe(403);
    expect(
      await harness.database.db
        .select()
        .from(t.authInvitations)
        .where(eq(t.authInvitations.email, 'planted@example.com')),
    ).toEqual([]);
    const signOut = await write('/sign-out', 'https://evil.example', {});
    expect(signOut.statusCode, signOut.body).toBe(403);
    expect((await me(person)).statusCode).toBe(200);
    // A console write with no Origin at all (a text/plain form POST) is refused too (issue 39).
    const [somebody] = await harness.database.db
      .select({ id: t.authUsers.id })
      .from(t.authUsers)
      .where(eq(t.authUsers.email, 'owner@example.com'));
    const noOrigin = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/members/${somebody!.id}/sign-out`,
      headers: { cookie: person.cookie, 'content-type': 'text/plain' },
      payload: '',
    });
    expect(noOrigin.statusCode, noOrigin.body).toBe(403);
    const noOriginJson = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/members/${somebody!.id}/sign-out`,
      headers: { cookie: person.cookie },
    });
    expect(noOriginJson.statusCode, noOriginJson.body).toBe(403);
    expect(await authEvents(harness, somebody!.id, 'sessions_revoked')).toEqual([]);
    // From the console's own pages, the same sign-out ends the session.
    expect((await write('/sign-out', CONSOLE_ORIGIN, {})).statusCode).toBe(200);
    expect((await me(person)).statusCode).toBe(401);
  });
});
