import { createHmac, randomUUID } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink, organization } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { accountEmailJob, accountLink, type AccountEmailPayload } from '../notifications/account-messages.ts';
import { PRODUCT_ACCOUNT_MESSAGES } from '../notifications/account-messages.ts';
import { CONSOLE_ROLES, PERSON_NAME_MAX, type ConsoleRole } from '@scheduler/contracts/console';
import { can } from '@scheduler/domain/permissions';
import {
  companyIdOfOrganization,
  failedSignInsSince,
  firstCompanyOfUser,
  markEmailVerified,
  recordAuthEvent,
  userIdByEmail,
} from './console-auth.repository.ts';

/**
 * The console's sign-in (issue 25, decision 0044): Better Auth with its Drizzle adapter on our
 * database, so sessions live beside everything else and every instance sees the same ones.
 *
 * - E-mail and password, hashed with scrypt (memory-hard; Better Auth's default); passkeys
 *   (WebAuthn); one-time sign-in links (the first owner's, printed by `npm start`).
 * - A company has one organization (Better Auth's word), made with it and tied to it by the
 *   company's immutable id (auth_organizations.company_id, which Better Auth does not know of, so
 *   it can neither make one nor move one); a person's role in it is one of owner, admin, office,
 *   inspector. Only the routes listed in better-auth-routes.ts reach Better Auth from outside:
 *   not its organization create, update or delete (issue 39, decision 0048).
 * - Sign-in is rate-limited per client address in the database (so instances count together), and
 *   every sign-in, failed sign-in and reset is written to auth_audit_events.
 * - Cookies are HttpOnly and SameSite=Lax; Better Auth refuses a state-changing request whose
 *   Origin is not ours (CSRF).
 */

/**
 * auth_organizations as Better Auth is shown it: without `company_id`, which ties an organization
 * to its company and is written only when the company is made (company-document.repository.ts).
 * Better Auth may read and update the rest; an organization it tried to make would lack the
 * company and fail the column's NOT NULL, on top of the hooks below refusing it.
 */
const organizationsAsBetterAuthSeesThem = pgTable('auth_organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The header the Fastify bridge sets to the client's address as Fastify determined it (TRUST_PROXY). */
export const CLIENT_ADDRESS_HEADER = 'x-scheduler-client-address';

export const AUTH_BASE_PATH = '/api/auth';

/** Link lifetimes, in seconds (account-messages.ts says them in words). */
const RESET_TOKEN_SECONDS = 3_600;
const INVITATION_SECONDS = 7 * 86_400;
const SIGN_IN_LINK_SECONDS = 86_400;
const VERIFY_EMAIL_SECONDS = 86_400;
const SESSION_SECONDS = 7 * 86_400;

/** Attempts per minute per client address. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 5;

export const MIN_PASSWORD_LENGTH = 10;

/** Failed sign-ins to one account, from anywhere, before it takes no more for the window. */
export const ACCOUNT_FAILURES_ALLOWED = 10;
export const ACCOUNT_LOCK_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-ins to this account. Try again in 15 minutes, or choose a new password from "Forgot your password?".';

/**
 * The roles as Better Auth's access control knows them. Better Auth checks only its own
 * statements (who may invite, change members, delete the company); what a role may do in the
 * console is decided by the permissions table (`@scheduler/domain/permissions`, decision 0052),
 * and these statements are derived from it: a role that manages the team holds Better Auth's
 * member and invitation statements. No role holds the organization's update or delete: a
 * company's organization is neither changed nor deleted through Better Auth (its routes are not
 * served, and the organization hooks below refuse them).
 */
const statements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;
const accessControl = createAccessControl(statements);
function betterAuthRole(role: ConsoleRole) {
  const runsTeam = can(role, 'team.manage');
  return accessControl.newRole({
    organization: [],
    member: runsTeam ? ['create', 'update', 'delete'] : [],
    invitation: runsTeam ? ['create', 'cancel'] : [],
    team: [],
    ac: ['read'],
  });
}
const roles = Object.fromEntries(CONSOLE_ROLES.map((role) => [role, betterAuthRole(role)])) as Record<
  ConsoleRole,
  ReturnType<typeof betterAuthRole>
>;

export interface ConsoleAuthOptions {
  db: Database;
  /** The product's base URL (PUBLIC_URL, or the listening address). */
  baseUrl: string;
  /** BETTER_AUTH_SECRET: signs cookies; at least 32 characters. */
  secret: string;
  clock: () => number;
  /** Wakes the e-mail worker once an account e-mail is queued. */
  wakeMail?: () => void;
}

/**
 * An account e-mail, written as from the company it concerns. A person in no company gets the
 * e-mails about signing in only from a company they belong to; the confirmation of a sign-up's
 * address, which comes before any company, is written as from the product (`companyId` null).
 */
async function queueAccountEmail(
  options: ConsoleAuthOptions,
  companyId: string | null,
  payload: AccountEmailPayload,
): Promise<void> {
  if (!companyId && !PRODUCT_ACCOUNT_MESSAGES.has(payload.type)) return;
  await enqueueJobs(options.db, [accountEmailJob(companyId, payload, new Date(options.clock()))]);
  options.wakeMail?.();
}

/**
 * What a failed sign-in is counted under: the address typed, as a keyed hash (the audit trail
 * holds no e-mail address), whether or not an account has it, so that the lock answers alike for
 * both and tells no one which addresses have accounts (issue 39).
 */
export function signInAccountKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`sign-in:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 32);
}

/** Paths whose refusals are failed sign-ins, for the audit trail. */
const SIGN_IN_PATHS = new Set([
  '/sign-in/email',
  '/sign-in/magic-link',
  '/magic-link/verify',
  '/passkey/verify-authentication',
]);

export function createConsoleAuth(options: ConsoleAuthOptions) {
  const { db } = options;
  /** Sign-in links being made for printing, by e-mail address: each takes the link's token. */
  const printedLinks = new Map<string, (token: string) => void>();
  const secure = options.baseUrl.startsWith('https://');
  const auth = betterAuth({
    appName: 'Online Scheduler',
    baseURL: options.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [new URL(options.baseUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: t.authUsers,
        session: t.authSessions,
        account: t.authAccounts,
        verification: t.authVerifications,
        organization: organizationsAsBetterAuthSeesThem,
        member: t.authMembers,
        invitation: t.authInvitations,
        passkey: t.authPasskeys,
        rateLimit: t.authRateLimits,
      },
    }),
    telemetry: { enabled: false },
    logger: { disabled: true },
    session: { expiresIn: SESSION_SECONDS, updateAge: 86_400 },
    emailAndPassword: {
      enabled: true,
      // Anyone may sign up (issue 26): a person about to found a company. An invited person's
      // account is made from the invitation's link instead (invitation-account.ts).
      disableSignUp: false,
      // A sign-up signs no one in and answers alike whether the address has an account or not
      // (issue 39): the e-mailed link signs the person in (autoSignInAfterVerification), and an
      // address that has an account is told so by e-mail instead.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await queueAccountEmail(options, null, { type: 'account_exists', to: user.email });
        await recordAuthEvent(db, { at: new Date(options.clock()), userId: user.id, type: 'sign_up_existing' });
      },
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await queueAccountEmail(options, await firstCompanyOfUser(db, user.id), {
          type: 'password_reset',
          to: user.email,
          account_token: token,
        });
        await recordAuthEvent(db, { at: new Date(options.clock()), userId: user.id, type: 'password_reset_requested' });
      },
      onPasswordReset: async ({ user }) => {
        await recordAuthEvent(db, { at: new Date(options.clock()), userId: user.id, type: 'password_reset' });
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: SIGN_IN_ATTEMPTS_PER_MINUTE },
        '/sign-in/magic-link': { window: 60, max: SIGN_IN_ATTEMPTS_PER_MINUTE },
        '/passkey/verify-authentication': { window: 60, max: SIGN_IN_ATTEMPTS_PER_MINUTE },
        '/request-password-reset': { window: 60, max: 3 },
        '/sign-up/email': { window: 60, max: 3 },
      },
    },
    advanced: {
      // Better Auth skips its Origin check (CSRF) when it thinks it runs in tests (TEST or
      // NODE_ENV=test): ours must hold everywhere, the tests included.
      disableOriginCheck: false,
      useSecureCookies: secure,
      cookiePrefix: 'scheduler',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    emailVerification: {
      // Every sign-up gets the link; opening it confirms the address and signs the person in (a
      // sign-up itself signs no one in). An invited person's address is proved by the invitation's
      // link (invitation-account.ts, and afterAcceptInvitation below).
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (user.emailVerified) return;
        await queueAccountEmail(options, null, { type: 'verify_email', to: user.email, account_token: token });
        await recordAuthEvent(db, { at: new Date(options.clock()), userId: user.id, type: 'verification_sent' });
      },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await recordAuthEvent(db, { at: new Date(options.clock()), userId: session.userId, type: 'signed_in' });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
        const now = new Date(options.clock());
        // A person's name goes into e-mail subjects and every list of the team: bounded like any input.
        if ((ctx.path === '/sign-up/email' || ctx.path === '/update-user') && ctx.body && 'name' in ctx.body) {
          const name = typeof ctx.body.name === 'string' ? ctx.body.name.trim() : '';
          if (name.length < 1 || name.length > PERSON_NAME_MAX)
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_NAME',
              message: `Enter a name of 1 to ${PERSON_NAME_MAX} characters.`,
            });
        }
        // The per-address limit does not stop guesses at one account from many addresses: past
        // ACCOUNT_FAILURES_ALLOWED failed sign-ins in the window (since the account's last reset or
        // sign-in), the address typed takes none until the window ends, whether it has an account or not.
        if (ctx.path === '/sign-in/email' && email) {
          const account = signInAccountKey(options.secret, email);
          const userId = await userIdByEmail(db, email);
          if (
            (await failedSignInsSince(db, account, userId, new Date(now.getTime() - ACCOUNT_LOCK_WINDOW_MS))) >=
            ACCOUNT_FAILURES_ALLOWED
          ) {
            await recordAuthEvent(db, {
              at: new Date(options.clock()),
              userId,
              type: 'sign_in_locked',
              data: { account },
            });
            throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LOCKED_MESSAGE });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned as { statusCode?: number; status?: unknown } | undefined;
        const status =
          returned && typeof returned === 'object' && 'statusCode' in returned ? returned.statusCode : undefined;
        if (SIGN_IN_PATHS.has(ctx.path) && typeof status === 'number' && status >= 400 && status !== 429) {
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
          const userId = email ? await userIdByEmail(db, email) : null;
          await recordAuthEvent(db, {
            at: new Date(options.clock()),
            userId,
            type: 'sign_in_failed',
            data: { path: ctx.path, status, ...(email ? { account: signInAccountKey(options.secret, email) } : {}) },
          });
        }
      }),
    },
    plugins: [
      organization({
        ac: accessControl,
        roles,
        allowUserToCreateOrganization: false,
        creatorRole: 'owner',
        invitationExpiresIn: INVITATION_SECONDS,
        cancelPendingInvitationsOnReInvite: true,
        // Accepting needs the invitation's id, which only its e-mail carries: a random UUID (122
        // bits), as opaque as Better Auth's own. Better Auth asks for a verified address instead
        // whenever ids are generated otherwise than its way; the invitation proves the address.
        requireEmailVerificationOnInvitation: false,
        organizationHooks: {
          // A company's organization is made with the company and lives as long as it (issue 39):
          // Better Auth's own create, update and delete are not served (better-auth-routes.ts), and
          // refused here as well should a server-side call ever reach them.
          beforeCreateOrganization: async () => {
            throw new APIError('FORBIDDEN', { message: 'A company is made by signing up, not here.' });
          },
          beforeUpdateOrganization: async () => {
            throw new APIError('FORBIDDEN', { message: "A company's name is changed in its configuration." });
          },
          beforeDeleteOrganization: async () => {
            throw new APIError('FORBIDDEN', { message: 'A company cannot be deleted here.' });
          },
          // The invitation's id travels only in the e-mail sent to the address: accepting it proves the mailbox.
          afterAcceptInvitation: async ({ user }) => {
            await markEmailVerified(db, user.id);
          },
        },
        schema: { member: { additionalFields: { inspectorId: { type: 'number', required: false, input: false } } } },
        sendInvitationEmail: async (data) => {
          await queueAccountEmail(options, await companyIdOfOrganization(db, data.organization.id), {
            type: 'invitation',
            to: data.email,
            account_token: data.id,
            company_name: data.organization.name,
            inviter_name: data.inviter.user.name,
            role: data.role,
          });
          await recordAuthEvent(db, {
            at: new Date(options.clock()),
            userId: data.inviter.user.id,
            organizationId: data.organization.id,
            type: 'invited',
            data: { role: data.role },
          });
        },
      }),
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        disableSignUp: true,
        sendMagicLink: async ({ email, token }) => {
          // A link asked for by `npm start` is printed, not mailed (signInLinkFor).
          const printed = printedLinks.get(email.toLowerCase());
          if (printed) return printed(token);
          const userId = await userIdByEmail(db, email);
          if (!userId) return;
          await queueAccountEmail(options, await firstCompanyOfUser(db, userId), {
            type: 'sign_in_link',
            to: email,
            account_token: token,
          });
        },
      }),
      passkey({
        rpID: new URL(options.baseUrl).hostname,
        rpName: 'Online Scheduler',
        origin: new URL(options.baseUrl).origin,
      }),
    ],
  });

  /** A one-time sign-in link for an existing person, to print rather than mail (`npm start`'s first owner). */
  async function signInLinkFor(email: string): Promise<string> {
    const key = email.toLowerCase();
    const token = new Promise<string>((resolve) => printedLinks.set(key, resolve));
    try {
      await auth.api.signInMagicLink({ body: { email: key, callbackURL: '/console' }, headers: new Headers() });
      const link = accountLink({ type: 'sign_in_link', to: key, account_token: await token }, options.baseUrl);
      if (!link) throw new Error('sign-in link token has an unexpected shape');
      return link;
    } finally {
      printedLinks.delete(key);
    }
  }

  return { auth, signInLinkFor, baseUrl: options.baseUrl };
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
