import type { FastifyInstance, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppContext } from '../context.ts';
import { admitWrite } from '../modules/sessions/sessions.service.ts';
import { requireManageLink } from '../modules/booking-changes/manage-access.ts';
import { requireSigningLink } from '../modules/agreements/signing-access.ts';
import { requireAgentSession } from '../modules/agents/agent-access.ts';
import { admitWhileDisabled } from '../modules/sessions/disabled-scheduler.ts';
import { perAddressBucket, sessionBucket } from './rate-limit.ts';
import { requireSession, sessionOf } from './session-auth.ts';
import type { VisitorAccess, VisitorAccessChains, VisitorAccessOptions } from './visitor-access-chains.ts';

export function visitorAccess(app: FastifyInstance, ctx: Omit<AppContext, 'access'>): VisitorAccessChains {
  const session = requireSession(ctx);
  // A disabled scheduler takes no visitor's write; its own staff, signed in to the console, may try it (issue 39).
  // An order's write reads its state and the company's setting in one statement.
  const admitOrderWrite: onRequestAsyncHookHandler = async (request) => {
    const visitor = sessionOf(request);
    const { schedulerEnabled } = await admitWrite(ctx.db, visitor);
    await admitWhileDisabled(ctx, request, {
      id: visitor.companyId,
      key: visitor.companyKey,
      enabled: schedulerEnabled,
    });
  };
  const admitWhileSchedulerDisabled: onRequestAsyncHookHandler = async (request) => {
    const visitor = sessionOf(request);
    await admitWhileDisabled(ctx, request, { id: visitor.companyId, key: visitor.companyKey });
  };
  // Each route gets its own copies: plugins add hooks to a route's list (compression does), and
  // a shared array would carry one route's additions into every other route.
  const chain = (
    access: VisitorAccess,
    hooks: readonly onRequestAsyncHookHandler[],
    leavesOrder = false,
  ): VisitorAccessOptions => ({
    get onRequest() {
      return [...hooks];
    },
    get config() {
      return leavesOrder ? { access, leavesOrder } : { access };
    },
  });
  // One bucket for every write, confirming included.
  const writeBucket = sessionBucket(app, 'write', ctx.config.WRITE_RATE_LIMIT);
  return {
    read: chain('read', [session]),
    readAfterConfirmation: chain('read', [requireSession(ctx, { allowConfirmedAfterExpiry: true })]),
    search: chain('search', [session, sessionBucket(app, 'search', ctx.config.SEARCH_RATE_LIMIT)]),
    write: chain('write', [session, writeBucket, admitOrderWrite]),
    // The confirm reads the order's state (its office active, whether confirmed) itself, in the statement it reads the order with.
    confirm: chain('write', [
      requireSession(ctx, { allowConfirmedAfterExpiry: true }),
      writeBucket,
      admitWhileSchedulerDisabled,
    ]),
    manageRead: chain('read', [perAddressBucket(app, 'manage', ctx.config.SEARCH_RATE_LIMIT), requireManageLink(ctx)]),
    manageWrite: chain('write', [
      perAddressBucket(app, 'manage-write', ctx.config.WRITE_RATE_LIMIT),
      requireManageLink(ctx),
      writeBucket,
    ]),
    // A signing link's (issue 43): the address's bucket before the token is looked up, as manage links.
    signRead: chain('read', [perAddressBucket(app, 'sign', ctx.config.SEARCH_RATE_LIMIT), requireSigningLink(ctx)]),
    signWrite: chain('write', [
      perAddressBucket(app, 'sign-write', ctx.config.WRITE_RATE_LIMIT),
      requireSigningLink(ctx),
    ]),
    // The agent portal's (issue 47): asking for a sign-in link, or using one, needs only the address's bucket
    // (the service counts requests per e-mail and per client too); the portal's reads and writes, the agent's session.
    agentSignIn: chain('write', [perAddressBucket(app, 'agent-sign-in', ctx.config.WRITE_RATE_LIMIT)]),
    agentRead: chain('read', [perAddressBucket(app, 'agent', ctx.config.SEARCH_RATE_LIMIT), requireAgentSession(ctx)]),
    agentWrite: chain('write', [
      perAddressBucket(app, 'agent-write', ctx.config.WRITE_RATE_LIMIT),
      requireAgentSession(ctx),
    ]),
    // A bucket of their own, as large as the write bucket: a chatty wizard's analytics must never
    // use up the writes a visitor needs to book (a 429 on confirm), nor the other way round.
    events: chain(
      'write',
      [
        requireSession(ctx, { allowConfirmedAfterExpiry: true }),
        sessionBucket(app, 'events', ctx.config.WRITE_RATE_LIMIT),
        admitWhileSchedulerDisabled,
      ],
      true,
    ),
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that are not a visitor's: the admin API checks its own bearer token, a payment provider's
 * webhook its signature, the console its signed-in member (console-access.ts), sign-in itself
 * is Better Auth's (its origin check and rate limit), the mail side's bounce reports check
 * MAIL_BOUNCE_SECRET (decision 0070), and the calendar providers' push notifications their
 * channel's token (decision 0096).
 */
export const NON_VISITOR_WRITES =
  /^\/api\/(admin\/|v1\/|payments\/[a-z]+\/webhook\/|console\/|auth\/|mail\/bounces$|hooks\/calendar\/[a-z]+$)/;

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Refuses, at start-up, any write route outside the admin API that was not registered with
 * `visitorAccess(...).write`: a new wizard write cannot skip the order's guard or the write bucket.
 */
export function requireWriteGuardOnEveryWrite(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!methodsOf(route).some((method) => WRITE_METHODS.has(method.toUpperCase()))) return;
    if (NON_VISITOR_WRITES.test(route.url)) return;
    if (route.config?.access !== 'write') {
      throw new Error(
        `${methodsOf(route).join(',')} ${route.url} writes without the visitor write guard: register it with visitorAccess(app, ctx).write.`,
      );
    }
  });
}
