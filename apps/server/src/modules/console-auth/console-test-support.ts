import type { ConsoleRole } from '@scheduler/contracts/console';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { ensureMember, ensureOrganization } from './console-auth.repository.ts';

/** The Origin the console's own pages send (test apps' base: PORT 3000 on localhost). */
export const CONSOLE_ORIGIN = 'http://localhost:3000';

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
export async function signedInMember(harness: TestApp, email: string, role: ConsoleRole, companyKey = 'demo', inspectorId: number | null = null): Promise<ConsolePerson> {
  const db = harness.database.db;
  const [company] = await db.select({ key: t.companies.key, name: t.companies.name }).from(t.companies).where(eq(t.companies.key, companyKey));
  if (!company) throw new Error(`no company ${companyKey}`);
  const organizationId = await ensureOrganization(db, company);
  const userId = await ensureMember(db, { email, name: email.split('@')[0]! }, organizationId, role, inspectorId);
  return signIn(harness, email, userId);
}

/** Signs an existing person in through a one-time link. */
export async function signIn(harness: TestApp, email: string, userId: string): Promise<ConsolePerson> {
  const link = new URL(await harness.app.consoleAuth().signInLinkFor(email));
  const response = await harness.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  if (response.statusCode !== 302) throw new Error(`sign-in link answered ${response.statusCode}: ${response.body}`);
  const cookie = cookieOf(response.headers['set-cookie']);
  return { userId, email, cookie, headers: { cookie, origin: CONSOLE_ORIGIN } };
}
