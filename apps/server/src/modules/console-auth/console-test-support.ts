import type { ConsoleRole } from '@scheduler/contracts/console';
import type { NewCompanyBody } from '@scheduler/contracts/onboarding';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { ensureMember, organizationOfCompanyKey } from './console-auth.repository.ts';

/** The Origin the console's own pages send (test apps' base: PORT 3000 on localhost). */
export const CONSOLE_ORIGIN = 'http://localhost:3000';

let nextAddress = 0;
/** A client address no other request of the test run came from: Better Auth's per-address limits start afresh. */
export function freshClientAddress(): string {
  nextAddress++;
  return `10.${100 + Math.floor(nextAddress / 62_500)}.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

/** A person of the console, signed in: their cookie, ready for `inject`. */
export interface ConsolePerson {
  userId: string;
  email: string;
  cookie: string;
  headers: Record<string, string>;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * A member of `companyKey` with `role`, signed in through the one-time sign-in link `npm start`
 * prints (the same path as the first owner's), so every test's session is a real one.
 */
export async function signedInMember(
  harness: TestApp,
  email: string,
  role: ConsoleRole,
  companyKey = 'demo',
  inspectorId: number | null = null,
): Promise<ConsolePerson> {
  const db = harness.database.db;
  const organizationId = await organizationOfCompanyKey(db, companyKey);
  if (!organizationId) throw new Error(`no company ${companyKey}`);
  const userId = await ensureMember(db, { email, name: email.split('@')[0]! }, organizationId, role, inspectorId);
  return signIn(harness, email, userId);
}

/** Signs an existing person in through a one-time link. */
export async function signIn(harness: TestApp, email: string, userId: string): Promise<ConsolePerson> {
  const link = new URL(await harness.app.consoleAuth().signInLinkFor(email));
  // Each person from an address of their own: Better Auth limits link sign-ins per address (5 a minute).
  const response = await harness.app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    remoteAddress: freshClientAddress(),
  });
  if (response.statusCode !== 302) throw new Error(`sign-in link answered ${response.statusCode}: ${response.body}`);
  const cookie = cookieOf(response.headers['set-cookie']);
  return { userId, email, cookie, headers: { cookie, origin: CONSOLE_ORIGIN } };
}

/** Better Auth's e-mail and password sign-in, as the console's page sends it, from `remoteAddress`. */
export function passwordSignIn(
  harness: TestApp,
  email: string,
  password: string,
  remoteAddress = freshClientAddress(),
  headers: Record<string, string> = {},
) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: CONSOLE_ORIGIN, ...headers },
    payload: { email, password },
  });
}

/** A signed-in person chooses their first password (the console's own route); throws unless it is taken. */
export async function chooseFirstPassword(harness: TestApp, person: ConsolePerson, password: string): Promise<void> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/console/me/password',
    headers: person.headers,
    payload: { new_password: password },
  });
  if (response.statusCode !== 204)
    throw new Error(`choosing a password answered ${response.statusCode}: ${response.body}`);
}

/** The auth audit events of a person (or of every person), oldest first. */
export async function authEvents(harness: TestApp, userId: string | null, type?: string) {
  const rows = await harness.database.db.select().from(t.authAuditEvents).orderBy(t.authAuditEvents.id);
  return rows.filter((row) => (userId === null || row.userId === userId) && (type === undefined || row.type === type));
}

/** What the sign-up page sends for a company with this key. */
export const newCompanyBody = (key: string): NewCompanyBody => ({
  company: { name: `Inspections ${key}`, key },
  office: {
    address1: '4200 Sawmill Rd',
    city: 'Columbus',
    state: 'oh',
    postal_code: '43220',
    latitude: 40.05,
    longitude: -83.07,
    time_zone: 'America/New_York',
    phone: '614-555-0100',
  },
  inspector: {
    first: 'Fran',
    last: 'Founder',
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    start: '08:00',
    end: '17:00',
    radius_miles: 30,
  },
  service: { name: 'Home inspection', price_cents: 42_500, duration_minutes: 180 },
});

/**
 * A stranger who signed up and confirmed their address, signed in with their password: anyone on
 * the internet may be one (the confirmation link itself is onboarding.test.ts's to test).
 */
export async function confirmedStranger(
  harness: TestApp,
  email: string,
  password = 'a long enough passphrase',
): Promise<ConsolePerson> {
  const signUp = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: freshClientAddress(),
    headers: { origin: CONSOLE_ORIGIN },
    payload: { email, password, name: email.split('@')[0]! },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
  await harness.database.db.update(t.authUsers).set({ emailVerified: true }).where(eq(t.authUsers.email, email));
  const signedIn = await passwordSignIn(harness, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in answered ${signedIn.statusCode}: ${signedIn.body}`);
  const cookie = cookieOf(signedIn.headers['set-cookie']);
  const [user] = await harness.database.db
    .select({ id: t.authUsers.id })
    .from(t.authUsers)
    .where(eq(t.authUsers.email, email));
  return { userId: user!.id, email, cookie, headers: { cookie, origin: CONSOLE_ORIGIN } };
}

/** The person founds a company with this key through the console's sign-up route; throws unless it is made. */
export async function foundCompany(harness: TestApp, person: ConsolePerson, key: string): Promise<void> {
  const created = await harness.app.inject({
    method: 'POST',
    url: '/api/console/companies',
    headers: person.headers,
    payload: newCompanyBody(key),
  });
  if (created.statusCode !== 201) throw new Error(`founding ${key} answered ${created.statusCode}: ${created.body}`);
}
