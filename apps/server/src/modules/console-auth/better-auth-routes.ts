/**
 * The part of Better Auth's API the product serves (issue 39): each route the console's pages and
 * e-mailed links use, and nothing else. Better Auth has some sixty routes; those not listed here
 * (organization create, update and delete, slug checks, teams, roles, user deletion, e-mail
 * change, social sign-in, listing the invitations of an unproved address…) answer 404 like any
 * unknown path, so a new Better Auth release cannot open a door by adding one.
 *
 * Each is registered as a route of its own, so it is in the OpenAPI document and the tenant-wall
 * test that is generated from it (console-walls.test.ts) attacks it.
 */
export interface BetterAuthRoute {
  method: 'GET' | 'POST';
  /** Under /api/auth. */
  path: string;
  summary: string;
}

export const BETTER_AUTH_ROUTES: readonly BetterAuthRoute[] = [
  // Signing in and out.
  {
    method: 'POST',
    path: '/sign-in/email',
    summary:
      'Signs in with e-mail and password (5 a minute per address; an address with 10 failures in 15 minutes takes none)',
  },
  {
    method: 'POST',
    path: '/sign-in/magic-link',
    summary: 'E-mails a one-time sign-in link to an account (5 a minute per address; answers alike for any address)',
  },
  {
    method: 'GET',
    path: '/magic-link/verify',
    summary: 'Opens a one-time sign-in link (e-mailed, or printed by npm start for the first owner)',
  },
  { method: 'GET', path: '/passkey/generate-authenticate-options', summary: 'Starts a passkey sign-in' },
  { method: 'POST', path: '/passkey/verify-authentication', summary: 'Ends a passkey sign-in' },
  { method: 'POST', path: '/sign-out', summary: 'Signs out of this browser' },
  { method: 'GET', path: '/get-session', summary: 'The signed-in session, or null' },
  // Accounts.
  {
    method: 'POST',
    path: '/sign-up/email',
    summary: 'Makes an account (answers alike whether the address has one: the e-mailed link signs the person in)',
  },
  { method: 'GET', path: '/verify-email', summary: "Opens the link that confirms a sign-up's e-mail address" },
  { method: 'POST', path: '/send-verification-email', summary: "Sends a sign-up's confirmation link again" },
  {
    method: 'POST',
    path: '/request-password-reset',
    summary: 'E-mails a link to choose a new password (answers alike for any address)',
  },
  {
    method: 'POST',
    path: '/reset-password',
    summary: "Chooses a new password with a reset link's token; signs the account out everywhere",
  },
  { method: 'POST', path: '/change-password', summary: 'Changes the signed-in person’s password' },
  { method: 'GET', path: '/list-sessions', summary: "The signed-in person's sessions" },
  { method: 'POST', path: '/revoke-other-sessions', summary: 'Signs the person out of every other browser' },
  { method: 'GET', path: '/passkey/generate-register-options', summary: 'Starts adding a passkey' },
  { method: 'POST', path: '/passkey/verify-registration', summary: 'Ends adding a passkey' },
  { method: 'GET', path: '/passkey/list-user-passkeys', summary: "The signed-in person's passkeys" },
  { method: 'POST', path: '/passkey/delete-passkey', summary: 'Removes one of the signed-in person’s passkeys' },
  // The team (owner and admin; Better Auth's own role checks, with the organization's company fixed).
  {
    method: 'GET',
    path: '/organization/get-full-organization',
    summary: "A company's organization with its members and invitations (members only)",
  },
  { method: 'GET', path: '/organization/list-members', summary: "A company's members (members only)" },
  { method: 'GET', path: '/organization/list-invitations', summary: "A company's invitations (members only)" },
  {
    method: 'POST',
    path: '/organization/invite-member',
    summary: 'Invites an address to a company in a role (owner and admin; only an owner invites an owner)',
  },
  { method: 'POST', path: '/organization/cancel-invitation', summary: 'Cancels an invitation (owner and admin)' },
  {
    method: 'POST',
    path: '/organization/accept-invitation',
    summary: "Accepts an invitation by its id (which only the invitation's e-mail carries)",
  },
  {
    method: 'POST',
    path: '/organization/update-member-role',
    summary: "Changes a member's role (owner and admin; only an owner makes or unmakes an owner)",
  },
  {
    method: 'POST',
    path: '/organization/remove-member',
    summary: 'Removes a member (owner and admin; never the last owner)',
  },
];
