import { randomUUID } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink, organization } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { accountEmailJob, accountLink, enqueueJobs, type AccountEmailPayload } from '../notifications/notifications.service.ts';
import { companyIdOfOrganization, failedSignInsSince, firstCompanyOfUser, hasPendingInvitation, recordAuthEvent, userIdByEmail } from './console-auth.repository.ts';

/**
 * The console's sign-in (issue 25, decision 0044): Better Auth with its Drizzle adapter on our
 * database, so sessions live beside everything else and every instance sees the same ones.
 *
 * - E-mail and password, hashed with scrypt (memory-hard; Better Auth's default); passkeys
 *   (WebAuthn); one-time sign-in links (the first owner's, printed by `npm start`).
 * - A company is an organization whose slug is the company's key; a person's role in it is one of
 *   owner, admin, office, inspector. Nobody creates organizations through Better Auth's API:
 *   companies are made by the import and by a sign-up (POST /api/console/companies), which make
 *   their organization.
 * - Sign-in is rate-limited per client address in the database (so instances count together), and
 *   every sign-in, failed sign-in and reset is written to auth_audit_events.
 * - Cookies are HttpOnly and SameSite=Lax; Better Auth refuses a state-changing request whose
 *   Origin is not ours (CSRF).
 */

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
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-ins to this account. Try again in 15 minutes, or choose a new password from "Forgot your password?".';

/**
 * The roles as Better Auth's access control knows them. Better Auth checks only its own
 * statements (who may invite, change members, delete the company); what a role may do in the
 * console is decided by the console's routes (console-access.ts).
 */
const statements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;
const accessControl = createAccessControl(statements);
const roles = {
  owner: accessControl.newRole({ organization: ['update', 'delete'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'], team: [], ac: ['read'] }),
  admin: accessControl.newRole({ organization: ['update'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'], team: [], ac: ['read'] }),
  office: accessControl.newRole({ organization: [], member: [], invitation: [], team: [], ac: ['read'] }),
  inspector: accessControl.newRole({ organization: [], member: [], invitation: [], team: [], ac: ['read'] }),
};

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
async function queueAccountEmail(options: ConsoleAuthOptions, companyId: string | null, payload: AccountEmailPayload): Promise<void> {
  if (!companyId && payload.type !== 'verify_email') return;
  await enqueueJobs(options.db, [accountEmailJob(companyId, payload, new Date(options.clock()))]);
  options.wakeMail?.();
}

/** Paths whose refusals are failed sign-ins, for the audit trail. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/magic-link', '/magic-link/verify', '/passkey/verify-authentication']);

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
        organization: t.authOrganizations,
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
      // Anyone may sign up (issue 26): a person founding a company, or one accepting an invitation.
      // Signing up signs them in, but founding a company waits for the confirmed address.
      disableSignUp: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await queueAccountEmail(options, await firstCompanyOfUser(db, user.id), { type: 'password_reset', to: user.email, account_token: token });
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
      // An invited person's address is proven by the invitation (the hook below marks it); the
      // e-mail goes to those who signed up on their own.
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
      user: {
        create: {
          // The invitation e-mail reached this address: it needs no second confirmation.
          before: async (user) => ({ data: { ...user, emailVerified: user.emailVerified || (await hasPendingInvitation(db, user.email, new Date(options.clock()))) } }),
        },
      },
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
        // The per-address limit does not stop guesses at one account from many addresses: past
        // ACCOUNT_FAILURES_ALLOWED failed sign-ins in the window, the account takes none until it ends.
        if (ctx.path === '/sign-in/email' && email) {
          const userId = await userIdByEmail(db, email);
          if (userId && (await failedSignInsSince(db, userId, new Date(now.getTime() - ACCOUNT_LOCK_WINDOW_MS))) >= ACCOUNT_FAILURES_ALLOWED) {
            await recordAuthEvent(db, { at: new Date(options.clock()), userId, type: 'sign_in_locked' });
            throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LOCKED_MESSAGE });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned as { statusCode?: number; status?: unknown } | undefined;
        const status = returned && typeof returned === 'object' && 'statusCode' in returned ? returned.statusCode : undefined;
        if (SIGN_IN_PATHS.has(ctx.path) && typeof status === 'number' && status >= 400 && status !== 429) {
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
          const userId = email ? await userIdByEmail(db, email) : null;
          await recordAuthEvent(db, { at: new Date(options.clock()), userId, type: 'sign_in_failed', data: { path: ctx.path, status } });
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
          await recordAuthEvent(db, { at: new Date(options.clock()), userId: data.inviter.user.id, organizationId: data.organization.id, type: 'invited', data: { role: data.role } });
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
          await queueAccountEmail(options, await firstCompanyOfUser(db, userId), { type: 'sign_in_link', to: email, account_token: token });
        },
      }),
      passkey({ rpID: new URL(options.baseUrl).hostname, rpName: 'Online Scheduler', origin: new URL(options.baseUrl).origin }),
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
