import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caldavConnectionInputSchema,
  calendarChoiceSchema,
  calendarConnectionSchema,
  calendarConnectionsQuerySchema,
  calendarConnectionsSchema,
  calendarConnectionWithCalendarsSchema,
} from '@scheduler/contracts/calendar-sync';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import {
  chooseCalendars,
  connectCaldav,
  connectionCalendars,
  disconnect,
  listConnections,
} from '../../modules/calendar-sync/calendar-sync.service.ts';
import { calendarSyncDepsOf } from '../../modules/calendar-sync/calendar-sync-deps-of.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const connectionParams = companyKeyParam.extend({ connection_id: z.uuid() });

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

    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: "An inspector's calendar connections",
          description:
            'An inspector member reads their own (inspector_id may be left out); owners and admins name the inspector.',
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
          params: connectionParams,
          querystring: noQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await disconnect(deps, memberOf(request), request.params.connection_id);
        return reply.code(204).send(null);
      },
    );
  };
}
