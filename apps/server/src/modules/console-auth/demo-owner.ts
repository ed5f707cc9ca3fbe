import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import type { ConsoleAuth } from './auth.ts';
import { ensureMember, hasSignInMethod, organizationOfCompany } from './console-auth.repository.ts';

/** The demo company's owner, made on first start (README: "Signing in to the console"). */
export const DEMO_OWNER = { email: 'owner@demo.example', name: 'Demo Owner' } as const;

/**
 * Makes the demo company's owner when missing, and while they have neither password nor passkey
 * returns a one-time sign-in link to print (each start prints a fresh one until they choose one).
 */
export async function demoOwnerSignInLink(db: Database, auth: ConsoleAuth, companyKey: string): Promise<string | null> {
  const [company] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, companyKey));
  if (!company) return null;
  const organizationId = await organizationOfCompany(db, company.id);
  const userId = await ensureMember(db, DEMO_OWNER, organizationId, 'owner');
  if (await hasSignInMethod(db, userId)) return null;
  return auth.signInLinkFor(DEMO_OWNER.email);
}
