/**
 * A signed-in owner of a company's console, made as `npm start` makes the demo's owner and as the
 * server's tests sign members in (console-test-support.ts): the product's ensureMember, then its
 * one-time sign-in link followed over HTTP, whose answer sets the session cookie.
 */
import type { Database } from '../../apps/server/src/db/connection.ts';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../../apps/server/src/modules/console-auth/console-auth.repository.ts';

/** The Cookie header of a signed-in owner of `companyKey`. */
export async function signedInOwner(
  signInLinkFor: (email: string) => Promise<string>,
  db: Database,
  base: string,
  companyKey: string,
): Promise<string> {
  const organizationId = await organizationOfCompanyKey(db, companyKey);
  if (!organizationId) throw new Error(`no company ${companyKey}`);
  const email = `owner@${companyKey}.bench.example.com`;
  await ensureMember(db, { email, name: `Owner of ${companyKey}` }, organizationId, 'owner');
  const link = new URL(await signInLinkFor(email));
  const response = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  if (response.status !== 302)
    throw new Error(`the sign-in link answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the sign-in link set no cookie');
  return cookie;
}
