import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_COMPANIES_CREATED_PER_PERSON } from '@scheduler/contracts/onboarding';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  CONSOLE_ORIGIN,
  cookieOf,
  freshClientAddress,
  newCompanyBody,
  passwordSignIn,
  signedInMember,
} from '../console-auth/console-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { GEOCODE_LOOKUPS_PER_MINUTE } from '../../api/console/onboarding.routes.ts';
import { timeZoneAt } from './onboarding.service.ts';

const PASSWORD = 'a long enough passphrase';

const newCompany = newCompanyBody;

describe('timeZoneAt', () => {
  it('names the zone of a place from its coordinates, across zone lines', () => {
    expect(timeZoneAt(39.96, -83.0)).toBe('America/New_York');
    expect(timeZoneAt(41.88, -87.63)).toBe('America/Chicago');
    expect(timeZoneAt(33.45, -112.07)).toBe('America/Phoenix');
    expect(timeZoneAt(21.31, -157.86)).toBe('Pacific/Honolulu');
  });
});

describeOnEachDatabase('a company signing itself up', (factory) => {
  let harness: TestApp;
  let outbox: string;
  let worker: NotificationWorker;

  beforeAll(async () => {
    harness = await startTestApp(factory);
    outbox = mkdtempSync(join(tmpdir(), 'onboarding-outbox-'));
    worker = testWorker(harness.database.db, outbox, { now: () => harness.clock.now() });
  });
  // Better Auth signs its tokens by the real clock: the app's is kept beside it.
  beforeEach(() => harness.clock.reset());
  afterAll(async () => {
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const auth = (path: string, payload: Record<string, unknown>) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      remoteAddress: freshClientAddress(),
      headers: { origin: CONSOLE_ORIGIN },
      payload,
    });
  const create = (cookie: string, body: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/console/companies',
      headers: { cookie, origin: CONSOLE_ORIGIN },
      payload: body as Record<string, unknown>,
    });
  const geocode = (cookie: string, address: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/console/geocode?${new URLSearchParams({ address }).toString()}`,
      headers: { cookie, origin: CONSOLE_ORIGIN },
    });

  /** Signs a new person up as the sign-up page does: the answer signs no one in (the e-mailed link does). */
  async function signUp(email: string, name = 'Fran Founder') {
    const response = await auth('/sign-up/email', {
      email,
      password: PASSWORD,
      name,
      callbackURL: '/console/new-company',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(cookieOf(response.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    return response;
  }

  /** The link of the confirmation e-mail sent to `to`, as the worker wrote it. */
  async function confirmationLink(to: string): Promise<URL> {
    await worker.runDue();
    const mails = await Promise.all(
      readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    const mail = mails.find((m) => (Array.isArray(m.to) ? '' : (m.to?.text ?? '')).includes(to));
    expect(mail?.subject).toBe('Confirm your e-mail address to set up your scheduler');
    const link = /https:\/\/book\.example\.com\/api\/auth\/verify-email\?\S+/.exec(mail!.text ?? '')?.[0];
    expect(link).toBeTruthy();
    return new URL(link!);
  }

  async function confirmedFounder(email: string): Promise<string> {
    await signUp(email);
    const link = await confirmationLink(email);
    const opened = await harness.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      remoteAddress: freshClientAddress(),
    });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toBe('/console/new-company');
    return cookieOf(opened.headers['set-cookie']);
  }

  it('confirms the address by the e-mailed link, then makes the company with its owner, its defaults and a working scheduler link', async () => {
    await signUp('fran@example.com');
    // Signed in with the password before opening the link: not confirmed, no company yet.
    const early = cookieOf((await passwordSignIn(harness, 'fran@example.com', PASSWORD)).headers['set-cookie']);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: { cookie: early } })).json(),
    ).toMatchObject({ user: { email: 'fran@example.com', email_verified: false }, memberships: [] });
    const refused = await create(early, newCompany('fran-inspects'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'email_not_verified' } });

    const cookie = await confirmedFounder('fran2@example.com');
    const created = await create(cookie, newCompany('fran-inspects'));
    expect(created.statusCode, created.body).toBe(201);
    const { company_key, scheduler_url } = created.json();
    expect(company_key).toBe('fran-inspects');
    expect(scheduler_url).toMatch(/^http:\/\/localhost:3000\/fran-inspects\/online-scheduler\/[0-9a-f-]{36}$/);

    const me = (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: { cookie } })).json();
    expect(me.memberships).toEqual([
      expect.objectContaining({
        company_key: 'fran-inspects',
        company_name: 'Inspections fran-inspects',
        role: 'owner',
      }),
    ]);
    const configuration = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/console/companies/fran-inspects/configuration',
        headers: { cookie },
      })
    ).json();
    const document = configuration.document;
    expect(configuration.version).toMatchObject({ version: 1, source: 'console', saved_by: 'Fran Founder' });
    expect(document.offices).toEqual([
      expect.objectContaining({
        name: 'Inspections fran-inspects',
        state: 'OH',
        time_zone: 'America/New_York',
        // The founder's sign-in address is not the office's public one (issue 41); the office's copy still goes to it.
        email: '',
        phone: '614-555-0100',
      }),
    ]);
    expect(document.notifications.office_email).toBe('fran2@example.com');
    expect(document.inspectors[0]).toMatchObject({
      first: 'Fran',
      last: 'Founder',
      max_drive_miles: 30,
      weekly_hours: { mon: [{ start: '08:00', end: '17:00' }], sat: [], sun: [] },
    });
    expect(document.services).toEqual([
      expect.objectContaining({ name: 'Home inspection', price_cents: 42_500, duration_minutes: 180 }),
    ]);
    expect(document.inspectors[0].services).toEqual([document.services[0].uuid]);
    expect(document.states).toHaveLength(56);

    // The link works at once: it opens a visitor's session of the new company's office, whose contact the wizard shows.
    const officeUuid = new URL(scheduler_url).pathname.split('/').pop()!;
    expect(officeUuid).toBe(document.offices[0].uuid);
    const landing = await harness.app.inject({ method: 'GET', url: new URL(scheduler_url).pathname });
    expect(landing.statusCode, landing.body).toBeLessThan(400);
    const contact = await harness.app.inject({
      method: 'GET',
      url: `/fran-inspects/json/online_scheduler/office_contact/${officeUuid}`,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.body).toContain('614-555-0100');
    const [event] = await harness.database.db
      .select()
      .from(t.authAuditEvents)
      .where(eq(t.authAuditEvents.type, 'company_founded'));
    expect(event).toBeTruthy();
  });

  it('answers a sign-up with a taken address as for a new one, and tells the account by e-mail instead (issue 39)', async () => {
    const first = await signUp('twice@example.com');
    const again = await signUp('twice@example.com', 'Someone Else');
    expect(again.statusCode).toBe(first.statusCode);
    // The same shape, each with an id of its own; nothing says which address had an account.
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(again.json()).toMatchObject({
      token: null,
      user: { email: 'twice@example.com', emailVerified: false, name: 'Someone Else' },
    });
    expect(
      await harness.database.db.select().from(t.authUsers).where(eq(t.authUsers.email, 'twice@example.com')),
    ).toHaveLength(1);
    const jobs = (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email'))).filter(
      (job) => job.payload.to === 'twice@example.com',
    );
    expect(jobs.map((job) => [job.companyId, job.payload.type])).toEqual([
      [null, 'verify_email'],
      [null, 'account_exists'],
    ]);
    await worker.runDue();
    const mails = await Promise.all(
      readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    const exists = mails.find((mail) => mail.subject === 'You already have an account with Online Scheduler');
    expect(exists?.text).toContain('https://book.example.com/console/sign-in?email=twice%40example.com');
  });

  it('bounds a person’s name at sign-up: 100 characters taken, 101 refused with nothing made', async () => {
    await signUp('long-name@example.com', 'N'.repeat(100));
    const tooLong = await auth('/sign-up/email', {
      email: 'longer-name@example.com',
      password: PASSWORD,
      name: 'N'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    const blank = await auth('/sign-up/email', { email: 'blank-name@example.com', password: PASSWORD, name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(
      await harness.database.db.select().from(t.authUsers).where(eq(t.authUsers.email, 'longer-name@example.com')),
    ).toEqual([]);
  });

  it('refuses a key the product uses for itself (issue 39), naming the field; an ordinary key beside it is taken', async () => {
    const cookie = await confirmedFounder('reserved@example.com');
    for (const key of ['console', 'pay', 'api', 'embed', 'admin', 'healthz', 'manage']) {
      const refused = await create(cookie, newCompany(key));
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json()).toMatchObject({ error: { field: 'company.key' } });
    }
    expect((await create(cookie, newCompany('console-inspections'))).statusCode).toBe(201);
  });

  it('refuses a key another company has, naming the field, and bad input with the field named; nothing is made', async () => {
    const cookie = await confirmedFounder('taken@example.com');
    const taken = await create(cookie, newCompany('demo'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'company_key_taken', field: 'company.key' } });
    const badKey = await create(cookie, newCompany('Not A Key'));
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain('company.key');
    const lateEnd = await create(cookie, {
      ...newCompany('late-end'),
      inspector: { ...newCompany('x').inspector, start: '17:00', end: '17:00' },
    });
    expect(lateEnd.statusCode).toBe(400);
    expect(lateEnd.body).toContain('inspector.end');
    const badZone = await create(cookie, {
      ...newCompany('bad-zone'),
      office: { ...newCompany('x').office, time_zone: 'Mars/Olympus' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toMatchObject({ error: { field: 'office.time_zone' } });
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: { cookie } })).json().memberships,
    ).toEqual([]);
  });

  it(`lets one person found ${MAX_COMPANIES_CREATED_PER_PERSON} companies and no more`, async () => {
    const cookie = await confirmedFounder('serial@example.com');
    for (let n = 1; n <= MAX_COMPANIES_CREATED_PER_PERSON; n++)
      expect((await create(cookie, newCompany(`serial-${n}`))).statusCode).toBe(201);
    const more = await create(cookie, newCompany('serial-more'));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: { code: 'too_many_companies' } });
  });

  it('keeps a founded company to its owner: another company’s member cannot read it', async () => {
    const cookie = await confirmedFounder('walls@example.com');
    expect((await create(cookie, newCompany('walled'))).statusCode).toBe(201);
    const stranger = await signedInMember(harness, 'demo-owner-walls@example.com', 'owner');
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/console/companies/walled/configuration',
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('places an address with its time zone for a signed-in person only, and says when nobody can', async () => {
    const member = await signedInMember(harness, 'placer@example.com', 'owner');
    const found = await geocode(member.cookie, '4200 Sawmill Rd, Columbus, OH 43220');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      city: 'Columbus',
      state: 'OH',
      postal_code: '43220',
      time_zone: 'America/New_York',
    });
    const nowhere = await geocode(member.cookie, '1 Nowhere Lane 00000');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toMatchObject({ error: { code: 'address_not_found', field: 'address' } });
    expect((await geocode(member.cookie, 'ab')).statusCode).toBe(400);
    expect((await harness.app.inject({ method: 'GET', url: '/api/console/geocode?address=43220' })).statusCode).toBe(
      401,
    );
  });

  it(`answers ${GEOCODE_LOOKUPS_PER_MINUTE} look-ups a minute per person, then 429; another person is not concerned (issue 39)`, async () => {
    const busy = await signedInMember(harness, 'busy-placer@example.com', 'owner');
    for (let lookup = 1; lookup <= GEOCODE_LOOKUPS_PER_MINUTE; lookup++)
      expect((await geocode(busy.cookie, '4200 Sawmill Rd, Columbus, OH 43220')).statusCode, `look-up ${lookup}`).toBe(
        200,
      );
    const over = await geocode(busy.cookie, '4200 Sawmill Rd, Columbus, OH 43220');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const calm = await signedInMember(harness, 'calm-placer@example.com', 'owner');
    expect((await geocode(calm.cookie, '4200 Sawmill Rd, Columbus, OH 43220')).statusCode).toBe(200);
  });
});
