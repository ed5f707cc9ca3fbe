import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caldavConnectionInputSchema,
  calendarChoiceSchema,
  calendarConnectionSchema,
  calendarConnectionsQuerySchema,
  calendarConnectionsSchema,
  calendarConnectionWithCalendarsSchema,
  calendarDisconnectQuerySchema,
  calendarOAuthStartSchema,
  CALENDAR_OAUTH_PROVIDERS,
  type CalendarOAuthResult,
} from '@scheduler/contracts/calendar-sync';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  memberOf,
  memberOfCompany,
  requireMember,
  requireSignedIn,
} from '../../modules/console-auth/console-access.ts';
import {
  chooseCalendars,
  completeOAuth,
  connectCaldav,
  openCallbackState,
  startOAuth,
  connectionCalendars,
  disconnect,
  listConnections,
} from '../../modules/calendar-sync/calendar-sync.service.ts';
import { calendarSyncDepsOf } from '../../modules/calendar-sync/calendar-sync-deps-of.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const connectionParams = companyKeyParam.extend({ connection_id: z.uuid() });
const oauthStartParams = companyKeyParam.extend({
  inspector_id: z.coerce.number().int().min(1).max(2_147_483_647),
  provider: z.enum(CALENDAR_OAUTH_PROVIDERS),
});
const oauthCallbackParams = z.object({ provider: z.enum(CALENDAR_OAUTH_PROVIDERS) }).strict();
/** What the provider appends to the redirect URI (RFC 6749 §4.1.2): a code and our state, or an error. */
const oauthCallbackQuery = z
  .object({
    code: z.string().min(1).max(4_096).optional(),
    state: z.string().min(1).max(4_096).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2_000).optional(),
    // Microsoft and Google add these; nothing reads them.
    scope: z.string().max(4_096).optional(),
    session_state: z.string().max(200).optional(),
    authuser: z.string().max(20).optional(),
    prompt: z.string().max(50).optional(),
    hd: z.string().max(300).optional(),
  })
  .strict();

const REFUSAL_PAGES = {
  invalid: {
    status: 400,
    code: 'calendar_oauth_state_invalid',
    title: 'This calendar link is not valid',
    text: 'The link back from the calendar provider was altered or is not ours. Open your account page and connect again.',
  },
  expired: {
    status: 400,
    code: 'calendar_oauth_state_expired',
    title: 'This calendar link has expired',
    text: 'More than 15 minutes passed since you started connecting. Open your account page and connect again.',
  },
  signed_out: {
    status: 401,
    code: 'unauthenticated',
    title: 'Sign in to finish connecting',
    text: 'Sign in to the console as the user who started connecting this calendar, then connect again from your account page.',
  },
  not_yours: {
    status: 403,
    code: 'forbidden',
    title: 'Connected as someone else',
    text: 'This calendar connection was started by another console user. Sign in as that user, or start again from your own account page.',
  },
} as const;

/**
 * A callback that cannot be tied to the member who started it: a short page for the browser
 * (which followed a redirect and reads no JSON), the error envelope for anything else.
 */
function refuseCallback(request: FastifyRequest, reply: FastifyReply, kind: keyof typeof REFUSAL_PAGES) {
  const page = REFUSAL_PAGES[kind];
  if (!(request.headers.accept ?? '').includes('text/html'))
    return reply.code(page.status).send({ error: { code: page.code, message: page.text } });
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><main><h1>${page.title}</h1><p>${page.text}</p><p><a href="/console/">Open the console</a></p></main></body></html>`;
  return reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(html);
}

/**
 * An inspector's own calendars (issue 45, decision 0089): connect a CalDAV account, choose the
 * busy calendars and the one that takes bookings, see how fresh its busy times are, disconnect.
 * `calendars.manage`: the inspector their own, owners and admins anyone's; the member's company only.
 */
export function calendarSyncRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = calendarSyncDepsOf(ctx, instance);
    const tags = ['console'];
    const base = '/api/console/companies/:company_key/calendar-connections';
    const onRequest = requireMember(ctx, 'calendars.manage');
    const queuedJobs = () => ctx.notifications?.wake();
    // The callback's guard: a signed-in console user; signed out, a browser is told so in a page.
    const signedIn = requireSignedIn(ctx);
    const callbackGuard: onRequestAsyncHookHandler = async function (request, reply) {
      try {
        await signedIn.call(this, request, reply);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) return refuseCallback(request, reply, 'signed_out');
        throw error;
      }
    };

    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: "An inspector's calendar connections",
          description:
            "An inspector member reads their own (inspector_id may be left out); owners and admins name the inspector, or leave it out for the whole company's.",
          params: companyKeyParam,
          querystring: calendarConnectionsQuerySchema,
          response: { 200: calendarConnectionsSchema },
        },
      },
      async (request) => listConnections(deps, memberOf(request), request.query.inspector_id),
    );

    app.post(
      `${base}/caldav`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Connects (or reconnects) an inspector's CalDAV account",
          description:
            'The credentials are tried first: 400 calendar_auth_failed when the server refuses them, 400 calendar_unreachable when no CalDAV calendars answer. 409 calendars_not_configured without DATA_ENCRYPTION_KEY.',
          params: companyKeyParam,
          querystring: noQuery,
          body: caldavConnectionInputSchema,
          response: { 201: calendarConnectionWithCalendarsSchema },
        },
      },
      async (request, reply) => {
        const connection = await connectCaldav(deps, memberOf(request), request.body);
        queuedJobs();
        return reply.code(201).send(connection);
      },
    );

    app.get(
      `${base}/:connection_id/calendars`,
      {
        onRequest,
        schema: {
          tags,
          summary: "The connected account's calendars, to choose among",
          params: connectionParams,
          querystring: noQuery,
          response: { 200: calendarConnectionWithCalendarsSchema },
        },
      },
      async (request) => connectionCalendars(deps, memberOf(request), request.params.connection_id),
    );

    app.put(
      `${base}/:connection_id`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Chooses the busy calendars and the one that takes bookings',
          params: connectionParams,
          querystring: noQuery,
          body: calendarChoiceSchema,
          response: { 200: calendarConnectionSchema },
        },
      },
      async (request) => {
        const connection = await chooseCalendars(deps, memberOf(request), request.params.connection_id, request.body);
        queuedJobs();
        return connection;
      },
    );

    app.delete(
      `${base}/:connection_id`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Disconnects the calendar: its credentials and busy times are removed',
          description:
            'remove_events=true also deletes, through the job queue, the booking events the scheduler wrote in that calendar (and nothing else there); without it they stay.',
          params: connectionParams,
          querystring: calendarDisconnectQuerySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { removing } = await disconnect(
          deps,
          memberOf(request),
          request.params.connection_id,
          request.query.remove_events === 'true',
        );
        if (removing > 0) queuedJobs();
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/console/companies/:company_key/inspectors/:inspector_id/calendar-connections/oauth/:provider',
      {
        onRequest,
        schema: {
          tags,
          summary: "Starts connecting an inspector's Google Calendar or Microsoft 365",
          description:
            "The provider's consent address to send the browser to, with a sealed state (15 minutes, this member only) and a PKCE challenge; the provider sends the browser back to /api/console/calendar-oauth/{provider}/callback. 409 calendars_not_configured when the provider's client or DATA_ENCRYPTION_KEY is not set.",
          params: oauthStartParams,
          querystring: noQuery,
          response: { 200: calendarOAuthStartSchema },
        },
      },
      async (request) => startOAuth(deps, memberOf(request), request.params.inspector_id, request.params.provider),
    );

    app.get(
      '/api/console/calendar-oauth/:provider/callback',
      {
        onRequest: callbackGuard,
        schema: {
          tags,
          summary: "Where Google or Microsoft sends the inspector's browser back after consent",
          description:
            "Signed in as the console user who started the connection: the code is exchanged, the account's primary calendar made busy and the one taking bookings, its first read queued, and the browser sent to the Account page (the Inspectors page, with `&inspector=<id>`, for an owner or admin who connected another inspector's) with `?calendar=<result>&provider=<provider>` (connected, denied, refused, unavailable, no_calendars, not_configured, forbidden). A state altered (400 calendar_oauth_state_invalid), too old (400 calendar_oauth_state_expired) another user's (403), or no session (401) is a page for a browser, the error envelope otherwise.",
          params: oauthCallbackParams,
          querystring: oauthCallbackQuery,
        },
      },
      async (request, reply) => {
        const { code, state: sealed, error } = request.query;
        if (!sealed) return refuseCallback(request, reply, 'invalid');
        const opened = openCallbackState(deps, sealed);
        if (!opened.ok) return refuseCallback(request, reply, opened.reason);
        const { state } = opened;
        if (state.provider !== request.params.provider) return refuseCallback(request, reply, 'invalid');
        const user = request.consoleUser;
        if (!user || user.id !== state.userId) return refuseCallback(request, reply, 'not_yours');
        const member = await memberOfCompany(ctx.db, user.id, state.companyId);
        if (!member) return refuseCallback(request, reply, 'not_yours');
        let result: CalendarOAuthResult;
        if (error !== undefined || code === undefined) result = error === 'access_denied' ? 'denied' : 'refused';
        else result = await completeOAuth(deps, member, state, code);
        if (result === 'connected') queuedJobs();
        const query = new URLSearchParams({ calendar: result, provider: state.provider });
        // An owner or admin who connected another inspector's calendar goes back to the Inspectors page, at them.
        const forOther = member.inspectorId !== state.inspectorId;
        if (forOther) query.set('inspector', String(state.inspectorId));
        const page = forOther ? 'inspectors' : 'account';
        return reply.redirect(`/console/${encodeURIComponent(member.companyKey)}/${page}?${query.toString()}`, 303);
      },
    );
  };
}
