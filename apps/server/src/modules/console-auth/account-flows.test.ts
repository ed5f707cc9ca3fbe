import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
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

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
/** The worker's configured base: links are written under it, never under the address a request came to. */
const MAIL_BASE = 'https://book.example.com';

describeOnEachDatabase('account e-mails: password reset and invitations', (factory) => {
  let harness: TestApp;
  let outbox: string;
  let worker: NotificationWorker;
  let organizationId: string;

  beforeAll(async () => {
    harness = await startTestApp(factory);
    outbox = mkdtempSync(join(tmpdir(), 'account-outbox-'));
    worker = testWorker(harness.database.db, outbox, { now: () => harness.clock.now() });
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000ee';
    for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
    expect(
      (
        await harness.app.inject({
          method: 'PUT',
          url: '/api/admin/companies/other',
          headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
          payload: other,
        })
      ).statusCode,
    ).toBe(200);
    await signedInMember(harness, 'seed@example.com', 'owner');
    await signedInMember(harness, 'other-seed@example.com', 'owner', 'other');
    organizationId = (await organizationOfCompanyKey(harness.database.db, 'demo'))!;
  });
  // Better Auth stamps tokens and invitations by the real clock: the app's stands at the instant
  // the server started (any date), so the two agree to within the test's run.
  beforeEach(() => harness.clock.reset());
  afterAll(async () => {
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  /** A request to Better Auth as the console's pages send it. */
  const auth = (path: string, payload: Record<string, unknown>, cookie?: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      remoteAddress: freshClientAddress(),
      headers: { origin: CONSOLE_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const me = (cookie: string) =>
    harness.app.inject({ method: 'GET', url: '/api/console/me', headers: { cookie, origin: CONSOLE_ORIGIN } });
  const accountJobs = async (to: string) =>
    (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email'))).filter(
      (job) => job.payload.to === to,
    );
  /** The outbox's e-mails to `to`, parsed. */
  async function mailTo(to: string) {
    const mails = await Promise.all(
      readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    return mails.filter((mail) => (Array.isArray(mail.to) ? '' : (mail.to?.text ?? '')).includes(to));
  }

  it('resets a forgotten password through one queued e-mail: old password and sessions gone, the token good once', async () => {
    const person = await signedInMember(harness, 'forgetful@example.com', 'owner');
    await chooseFirstPassword(harness, person, PASSWORD);
    const second = await passwordSignIn(harness, 'forgetful@example.com', PASSWORD);
    expect(second.statusCode).toBe(200);
    const sessions = [person.cookie, cookieOf(second.headers['set-cookie'])];
    for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(200);

    const asked = await auth('/request-password-reset', {
      email: 'forgetful@example.com',
      redirectTo: '/console/reset-password',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const jobs = await accountJobs('forgetful@example.com');
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job!.payload).toMatchObject({
      type: 'password_reset',
      to: 'forgetful@example.com',
      account_token: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/),
    });
    const [company] = await harness.database.db
      .select({ id: t.companies.id })
      .from(t.companies)
      .where(eq(t.companies.key, 'demo'));
    expect(job!.companyId).toBe(company!.id);
    expect(await authEvents(harness, person.userId, 'password_reset_requested')).toHaveLength(1);
    // Nobody by that address: the same answer, and nothing queued.
    const unknown = await auth('/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/console/reset-password',
    });
    expect(unknown.statusCode).toBe(200);
    expect(await accountJobs('nobody@example.com')).toEqual([]);

    const token = String(job!.payload.account_token);
    const short = await auth('/reset-password', { newPassword: 'short', token });
    expect(short.statusCode).toBe(400);
    const reset = await auth('/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await authEvents(harness, person.userId, 'password_reset')).toHaveLength(1);

    expect((await passwordSignIn(harness, 'forgetful@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await passwordSignIn(harness, 'forgetful@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const twice = await auth('/reset-password', { newPassword: 'yet another passphrase', token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: expect.any(String) });
    expect((await passwordSignIn(harness, 'forgetful@example.com', 'yet another passphrase')).statusCode).toBe(401);
    // Every session from before the reset is over.
    for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(401);

    // The worker sends it with a link under the configured base, and forgets the token once sent.
    await worker.runDue();
    const [mail] = await mailTo('forgetful@example.com');
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/Choose a new password/);
    expect(mail!.text).toContain(`${MAIL_BASE}/console/reset-password?token=${token}`);
    expect(mail!.text).not.toContain(CONSOLE_ORIGIN);
    const [sent] = await accountJobs('forgetful@example.com');
    expect(sent!.doneAt).not.toBeNull();
    expect(sent!.lastError).toBeNull();
    expect(sent!.payload).not.toHaveProperty('account_token');
    expect(sent!.payload).toMatchObject({ type: 'password_reset', to: 'forgetful@example.com' });
  });

  /** The owner of the demo, with a password, signed in with it; and their invitation of `email` as `role`. */
  async function invite(
    email: string,
    role: string,
  ): Promise<{ owner: ConsolePerson; ownerCookie: string; invitationId: string }> {
    const ownerEmail = `inviter-${email}`;
    const owner = await signedInMember(harness, ownerEmail, 'owner');
    await chooseFirstPassword(harness, owner, PASSWORD);
    const ownerCookie = cookieOf((await passwordSignIn(harness, ownerEmail, PASSWORD)).headers['set-cookie']);
    const invited = await auth('/organization/invite-member', { email, role, organizationId }, ownerCookie);
    expect(invited.statusCode, invited.body).toBe(200);
    const [invitation] = await harness.database.db
      .select()
      .from(t.authInvitations)
      .where(eq(t.authInvitations.email, email));
    expect(invitation).toMatchObject({ organizationId, role, status: 'pending' });
    return { owner, ownerCookie, invitationId: invitation!.id };
  }

  it('queues one invitation e-mail, sent with its link under the configured base and its token then dropped', async () => {
    const { owner, invitationId } = await invite('mailed@example.com', 'office');
    const jobs = await accountJobs('mailed@example.com');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toMatchObject({
      type: 'invitation',
      to: 'mailed@example.com',
      account_token: invitationId,
      role: 'office',
      inviter_name: 'inviter-mailed',
    });
    expect(await authEvents(harness, owner.userId, 'invited')).toEqual([
      expect.objectContaining({ organizationId, data: { role: 'office' } }),
    ]);

    await worker.runDue();
    const [mail] = await mailTo('mailed@example.com');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("inviter-mailed invited you to Scioto Valley Home Inspections' console");
    expect(mail!.text).toContain(`${MAIL_BASE}/console/accept-invitation/${invitationId}?email=mailed%40example.com`);
    expect(mail!.text).toContain('office staff');
    expect(mail!.text).not.toContain(CONSOLE_ORIGIN);
    const [sent] = await accountJobs('mailed@example.com');
    expect(sent!.doneAt).not.toBeNull();
    expect(sent!.lastError).toBeNull();
    expect(sent!.payload).not.toHaveProperty('account_token');
  });

  /** The account an invited person makes from the invitation's link (AcceptInvitationPage), from the console's origin. */
  const invitedAccount = (
    invitationId: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = { origin: CONSOLE_ORIGIN },
  ) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/console/invitations/${encodeURIComponent(invitationId)}/account`,
      remoteAddress: freshClientAddress(),
      headers,
      payload,
    });

  it("makes an invited person's account from the invitation's link, confirmed by it, and accepting makes them an office member", async () => {
    const { invitationId } = await invite('new@example.com', 'office');
    // Someone signing up on their own is not confirmed until they open the e-mailed link (onboarding.test.ts).
    const stranger = await auth('/sign-up/email', {
      email: 'stranger@example.com',
      password: PASSWORD,
      name: 'Stranger',
    });
    expect(stranger.statusCode, stranger.body).toBe(200);
    const [strangerRow] = await harness.database.db
      .select()
      .from(t.authUsers)
      .where(eq(t.authUsers.email, 'stranger@example.com'));
    expect(strangerRow!.emailVerified).toBe(false);
    expect((await accountJobs('stranger@example.com')).map((job) => [job.companyId, job.payload.type])).toEqual([
      [null, 'verify_email'],
    ]);

    // Without the console's Origin, and with an unknown invitation, nothing is made.
    expect((await invitedAccount(invitationId, { name: 'New Person', password: PASSWORD }, {})).statusCode).toBe(403);
    expect(
      (await invitedAccount('0f0f0f0f-0000-4000-8000-000000000000', { name: 'New Person', password: PASSWORD }))
        .statusCode,
    ).toBe(404);
    const tooLong = await invitedAccount(invitationId, { name: 'N'.repeat(101), password: PASSWORD });
    expect(tooLong.statusCode).toBe(400);
    expect(
      await harness.database.db.select().from(t.authUsers).where(eq(t.authUsers.email, 'new@example.com')),
    ).toEqual([]);

    const made = await invitedAccount(invitationId, { name: 'N'.repeat(100), password: PASSWORD });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ email: 'new@example.com' });
    const cookie = cookieOf((await passwordSignIn(harness, 'new@example.com', PASSWORD)).headers['set-cookie']);
    expect((await me(cookie)).json()).toMatchObject({
      user: { email: 'new@example.com', email_verified: true },
      memberships: [],
    });
    expect(await accountJobs('new@example.com')).toHaveLength(1); // the invitation, and no confirmation

    // The console's accept page makes this call once the account is made and signed in (AcceptInvitationPage).
    const accepted = await auth('/organization/accept-invitation', { invitationId }, cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({
      memberships: [{ company_key: 'demo', organization_id: organizationId, role: 'office', inspector_id: null }],
    });
    // As office staff, they read the company's orders.
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/console/companies/demo/orders',
          headers: { cookie, origin: CONSOLE_ORIGIN },
        })
      ).statusCode,
    ).toBe(200);
    // The invitation is used up: no second account is made from it.
    const [after] = await harness.database.db
      .select()
      .from(t.authInvitations)
      .where(eq(t.authInvitations.id, invitationId));
    expect(after!.status).toBe('accepted');
    expect((await invitedAccount(invitationId, { name: 'Again', password: PASSWORD })).statusCode).toBe(404);
  });

  it('refuses to remake a confirmed account from an invitation: its owner signs in to accept', async () => {
    const existing = await signedInMember(harness, 'already@example.com', 'office', 'other');
    await chooseFirstPassword(harness, existing, PASSWORD);
    const { invitationId } = await invite('already@example.com', 'office');
    const refused = await invitedAccount(invitationId, { name: 'Takeover', password: 'another passphrase' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await passwordSignIn(harness, 'already@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await passwordSignIn(harness, 'already@example.com', 'another passphrase')).statusCode).toBe(401);
  });

  it('ends the invitation hijack (issue 39): an account signed up with an invited address gets neither the invitation nor a confirmed address, and the mailbox owner takes it back', async () => {
    const { invitationId } = await invite('victim@example.com', 'admin');
    // The attacker knows the invited address, not the mailbox: they sign up with it.
    const signUp = await auth('/sign-up/email', {
      email: 'victim@example.com',
      password: 'attacker passphrase',
      name: 'Attacker',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // The answer says nothing of the invitation, and signs no one in.
    expect(signUp.json()).toMatchObject({ token: null, user: { email: 'victim@example.com', emailVerified: false } });
    expect(cookieOf(signUp.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    const attackerCookie = cookieOf(
      (await passwordSignIn(harness, 'victim@example.com', 'attacker passphrase')).headers['set-cookie'],
    );
    expect((await me(attackerCookie)).json()).toMatchObject({ user: { email_verified: false }, memberships: [] });
    // Better Auth's list of an address's invitations is not served; accepting needs the id, which only the e-mail has.
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/organization/list-user-invitations',
      headers: { cookie: attackerCookie },
    });
    expect(listed.statusCode).toBe(404);
    expect(listed.body).not.toContain(invitationId);
    const guessed = await auth(
      '/organization/accept-invitation',
      { invitationId: '0f0f0f0f-0000-4000-8000-000000000000' },
      attackerCookie,
    );
    expect(guessed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(attackerCookie)).json()).toMatchObject({ memberships: [] });

    // The mailbox's owner follows the invitation's link: the account is theirs, the attacker's way in gone.
    const reclaimed = await invitedAccount(invitationId, { name: 'Victim', password: NEW_PASSWORD });
    expect(reclaimed.statusCode, reclaimed.body).toBe(201);
    expect((await me(attackerCookie)).statusCode).toBe(401);
    expect((await passwordSignIn(harness, 'victim@example.com', 'attacker passphrase')).statusCode).toBe(401);
    const victimCookie = cookieOf(
      (await passwordSignIn(harness, 'victim@example.com', NEW_PASSWORD)).headers['set-cookie'],
    );
    expect((await auth('/organization/accept-invitation', { invitationId }, victimCookie)).statusCode).toBe(200);
    expect((await me(victimCookie)).json()).toMatchObject({
      user: { name: 'Victim', email_verified: true },
      memberships: [{ company_key: 'demo', role: 'admin' }],
    });
  });

  it('lets neither office staff nor an inspector invite anyone', async () => {
    for (const [email, role, inspector] of [
      ['clerk@example.com', 'office', null],
      ['inspector@example.com', 'inspector', 101],
    ] as const) {
      const member = await signedInMember(harness, email, role, 'demo', inspector);
      const refused = await auth(
        '/organization/invite-member',
        { email: `friend-of-${email}`, role: 'owner', organizationId },
        member.cookie,
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ message: expect.any(String) });
      expect(
        await harness.database.db
          .select()
          .from(t.authInvitations)
          .where(eq(t.authInvitations.email, `friend-of-${email}`)),
      ).toEqual([]);
      expect(await accountJobs(`friend-of-${email}`)).toEqual([]);
    }
  });

  it('lets an admin invite office staff but not an owner, and nobody invite into a company they are not in', async () => {
    const adminMember = await signedInMember(harness, 'second-in-command@example.com', 'admin');
    const asOwner = await auth(
      '/organization/invite-member',
      { email: 'would-be-owner@example.com', role: 'owner', organizationId },
      adminMember.cookie,
    );
    expect(asOwner.statusCode, asOwner.body).toBe(403);
    expect(await accountJobs('would-be-owner@example.com')).toEqual([]);
    const asOffice = await auth(
      '/organization/invite-member',
      { email: 'desk-hire@example.com', role: 'office', organizationId },
      adminMember.cookie,
    );
    expect(asOffice.statusCode, asOffice.body).toBe(200);
    expect(await accountJobs('desk-hire@example.com')).toHaveLength(1);
    // A role the console does not know is refused.
    const unknownRole = await auth(
      '/organization/invite-member',
      { email: 'odd@example.com', role: 'superuser', organizationId },
      adminMember.cookie,
    );
    expect(unknownRole.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknownRole.statusCode).toBeLessThan(500);
    expect(await accountJobs('odd@example.com')).toEqual([]);

    // The other company's organization: a demo owner is no member of it.
    const other = { id: (await organizationOfCompanyKey(harness.database.db, 'other'))! };
    const owner = await signedInMember(harness, 'demo-boss@example.com', 'owner');
    const foreign = await auth(
      '/organization/invite-member',
      { email: 'mole@example.com', role: 'office', organizationId: other!.id },
      owner.cookie,
    );
    // Better Auth answers it as its own refusal (not a member: 400 MEMBER_NOT_FOUND, or 403): nothing is made.
    expect([400, 403], foreign.body).toContain(foreign.statusCode);
    expect(
      await harness.database.db.select().from(t.authInvitations).where(eq(t.authInvitations.email, 'mole@example.com')),
    ).toEqual([]);
  });

  it('mails a one-time sign-in link on request, under the configured base, good once', async () => {
    const person = await signedInMember(harness, 'linker@example.com', 'inspector', 'demo', 102);
    const asked = await auth('/sign-in/magic-link', { email: 'linker@example.com', callbackURL: '/console' });
    expect(asked.statusCode, asked.body).toBe(200);
    const jobs = await accountJobs('linker@example.com');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toMatchObject({
      type: 'sign_in_link',
      to: 'linker@example.com',
      account_token: expect.any(String),
    });
    const token = String(jobs[0]!.payload.account_token);
    // Nobody by that address: nothing queued.
    expect(
      (await auth('/sign-in/magic-link', { email: 'ghost@example.com', callbackURL: '/console' })).statusCode,
    ).toBeLessThan(500);
    expect(await accountJobs('ghost@example.com')).toEqual([]);

    await worker.runDue();
    const [mail] = await mailTo('linker@example.com');
    expect(mail!.text).toContain(
      `${MAIL_BASE}/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fconsole&errorCallbackURL=%2Fconsole%2Fsign-in`,
    );
    const [sent] = await accountJobs('linker@example.com');
    expect(sent!.payload).not.toHaveProperty('account_token');

    const verify = () =>
      harness.app.inject({
        method: 'GET',
        url: `/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fconsole&errorCallbackURL=%2Fconsole%2Fsign-in`,
        remoteAddress: freshClientAddress(),
      });
    const first = await verify();
    expect(first.statusCode).toBe(302);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect((await me(cookie)).json()).toMatchObject({ user: { id: person.userId } });
    const second = await verify();
    expect(cookieOf(second.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    // Used: straight to the sign-in page, which says why (issue 41).
    expect(second.statusCode).toBe(302);
    expect(new URL(String(second.headers.location)).pathname).toBe('/console/sign-in');
    expect(new URL(String(second.headers.location)).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('writes the reset link under the configured base whatever redirect the request names', async () => {
    const person = await signedInMember(harness, 'redirected@example.com', 'office');
    await chooseFirstPassword(harness, person, PASSWORD);
    const asked = await auth('/request-password-reset', {
      email: 'redirected@example.com',
      redirectTo: 'https://evil.example/steal',
    });
    // Refused outright, or queued with our own link: never a link to the other site.
    expect(asked.statusCode).toBeLessThan(500);
    await worker.runDue();
    for (const mail of await mailTo('redirected@example.com')) {
      expect(mail.text).not.toContain('evil.example');
      expect(String(mail.html)).not.toContain('evil.example');
      expect(mail.text).toContain(`${MAIL_BASE}/console/reset-password?token=`);
    }
  });
});
