import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Action } from '@scheduler/domain/permissions';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { CLIENT_ADDRESS_HEADER } from './auth.ts';
import { membershipIn, membershipInCompany } from './console-auth.repository.ts';
import type { Executor } from '../../db/connection.ts';
import { memberCan, type ConsoleMember } from './console-member.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person's membership of the company the route names (console routes only). */
    consoleMember: ConsoleMember | null;
    /** The signed-in person (console routes only). */
    consoleUser: SignedInUser | null;
  }
}

/** The request's headers as a Fetch Headers, with the client's address as Fastify determined it (TRUST_PROXY). */
export function fetchHeadersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === CLIENT_ADDRESS_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A console write must come from the console's own pages (CSRF): browsers send Origin with every
 * POST, PUT, PATCH and DELETE they make from a page, so a write without one, or from another
 * origin, did not come from the console's pages and is refused, as Better Auth's routes refuse it
 * (issue 39: a `text/plain` form POST with no Origin signed a member out).
 */
function assertSameOrigin(ctx: AppContext, request: FastifyRequest): void {
  if (!WRITE_METHODS.has(request.method)) return;
  if (request.headers.origin !== new URL(ctx.consoleAuth().baseUrl).origin) {
    throw new AppError(403, 'forbidden', 'This request did not come from the console.');
  }
}

/** A console write that needs no sign-in (an invited person making their account): from the console's pages only. */
export function requireConsoleOrigin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => assertSameOrigin(ctx, request);
}

/** A signed-in person; `emailVerified`: they opened the link e-mailed to them (or were invited, which proves it). */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/** The signed-in person, or 401. */
export async function signedInUser(ctx: AppContext, request: FastifyRequest): Promise<SignedInUser> {
  const session = await ctx.consoleAuth().auth.api.getSession({ headers: fetchHeadersOf(request) });
  if (!session) throw new AppError(401, 'unauthenticated', 'Please sign in.');
  return {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
  };
}

/** Any signed-in person (the routes about oneself: /api/console/me). */
export function requireSignedIn(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    // Who first (401 to nobody), then whether the write came from the console's pages (403).
    const user = await signedInUser(ctx, request);
    assertSameOrigin(ctx, request);
    request.consoleUser = user;
  };
}

/**
 * A member of the company the route's `company_key` names, whose role may do `action` (to some
 * row: the service narrows an inspector to their own) by the permissions table (decision 0052).
 * Another company's key is 403 whatever the person's role elsewhere: a membership opens one
 * company's data only.
 */
export function requireMember(ctx: AppContext, action: Action): onRequestAsyncHookHandler {
  return async (request) => {
    const user = await signedInUser(ctx, request);
    assertSameOrigin(ctx, request);
    const companyKey = (request.params as { company_key?: unknown }).company_key;
    const member = typeof companyKey === 'string' ? await membershipIn(ctx.db, user.id, companyKey) : null;
    if (!member) throw new AppError(403, 'forbidden', "You don't have access to this company.");
    if (!memberCan(member, action)) throw new AppError(403, 'forbidden', "Your role doesn't allow this.");
    request.consoleUser = user;
    request.consoleMember = member;
  };
}

/**
 * Whether the request's sign-in would still be admitted as the same member (a long-lived stream
 * asks again): its session not revoked or expired, and the person's place in the company, their
 * role and inspector, unchanged.
 */
export async function stillSameMember(
  ctx: AppContext,
  request: FastifyRequest,
  member: ConsoleMember,
): Promise<boolean> {
  const now = await signedInMembership(ctx, request, member.companyKey);
  return (
    now !== null &&
    now.userId === member.userId &&
    now.role === member.role &&
    now.inspectorId === member.inspectorId &&
    now.inspectorsSeeAllOrders === member.inspectorsSeeAllOrders &&
    now.officeSeesPayments === member.officeSeesPayments
  );
}

/**
 * The membership of the company with this key of the person signed in to the console in this
 * browser, or null (nobody signed in, or not its member): for a visitor's route that lets the
 * company's own staff do more (trying a disabled scheduler). Only the sign-in is read of `ctx`.
 */
export async function signedInMembership(
  ctx: Pick<AppContext, 'db' | 'consoleAuth'>,
  request: FastifyRequest,
  companyKey: string,
): Promise<ConsoleMember | null> {
  const session = await ctx.consoleAuth().auth.api.getSession({ headers: fetchHeadersOf(request) });
  if (!session) return null;
  return membershipIn(ctx.db, session.user.id, companyKey);
}

/** The member a route's hook admitted (requireMember ran first). */
export function memberOf(request: FastifyRequest): ConsoleMember {
  if (!request.consoleMember) throw new Error('console route without requireMember');
  return request.consoleMember;
}

/**
 * The person's membership of the company with this id (immutable, never its key), or null: how
 * other modules check a member they are given (a task's owner), through this module's own query.
 */
export function memberOfCompany(db: Executor, userId: string, companyId: string): Promise<ConsoleMember | null> {
  return membershipInCompany(db, userId, companyId);
}
