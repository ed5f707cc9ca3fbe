import { passkeyClient } from '@better-auth/passkey/client';
import { magicLinkClient, organizationClient } from 'better-auth/client/plugins';
import type { Role } from 'better-auth/plugins/access';
import { createAuthClient } from 'better-auth/react';
import { CONSOLE_ROLES, type ConsoleRole } from '@scheduler/contracts/console';

/**
 * Better Auth's client for the console's sign-in, passkeys, sessions and team (decision 0044),
 * on this same origin so that its cookies are the console API's too.
 *
 * The organization plugin is told the company roles' names only, so that invitations and role
 * changes type-check as owner, admin, office or inspector; what each role may do is decided on
 * the server, never here.
 */
const roleNames = Object.fromEntries(CONSOLE_ROLES.map((role) => [role, {} as Role])) as Record<ConsoleRole, Role>;

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [organizationClient({ roles: roleNames }), magicLinkClient(), passkeyClient()],
  // Better Auth keeps the `fetch` it found when the client was made; this one looks it up on each
  // call, so the same client runs against whatever fetch the page has (each test stubs its own).
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

/** Better Auth's failure as its client returns it (never thrown): a status, maybe a code and message. */
export interface AuthFailure {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/** Reads a Better Auth call's `{ data, error }` answer: the data, or throws the error as an AuthError. */
export class AuthError extends Error {
  constructor(readonly failure: AuthFailure) {
    super(failure.message ?? `Sign-in service answered ${failure.status}`);
    this.name = 'AuthError';
  }
}

export async function authCall<T>(
  call: Promise<{ data: T; error: null } | { data: null; error: AuthFailure }>,
): Promise<T> {
  const result = await call;
  if (result.error) throw new AuthError(result.error);
  return result.data as T;
}

/** The minimum the server accepts (apps/server console-auth: MIN_PASSWORD_LENGTH). */
export const MIN_PASSWORD_LENGTH = 10;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * A Better Auth failure in words. Its codes are stable (INVALID_EMAIL_OR_PASSWORD, ...); its own
 * messages are English but terse, so the common ones get ours and the rest keep theirs.
 */
export function authFailureText(error: unknown): string {
  if (!(error instanceof AuthError)) return 'We could not reach the server. Check your connection and try again.';
  const { status, code, message } = error.failure;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'That e-mail address and password do not match. Check them and try again.';
    case 'INVALID_PASSWORD':
      return 'That is not your current password.';
    case 'INVALID_TOKEN':
      return 'This link has expired or was already used. Ask for a new one.';
    case 'PASSWORD_TOO_SHORT':
      return `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'There is already an account for this e-mail address: sign in instead.';
    case 'EMAIL_NOT_VERIFIED':
      return 'Please confirm your e-mail address first: we have sent you a link.';
  }
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return message ?? 'That did not work. Please try again.';
}
