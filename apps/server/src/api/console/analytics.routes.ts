import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FUNNEL_MAX_DAYS, funnelQuerySchema, funnelResponseSchema, MAX_EVENTS_PER_SESSION, recordEventsBodySchema } from '@scheduler/contracts/analytics';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { companyFunnel, recordEvents } from '../../modules/analytics/analytics.service.ts';

const FUNNEL_DESCRIPTION =
  "Per active office (or the one `office` names), on the office's own calendar: the visitors' sessions started each day from `from` to `to` (days without any included, as zeros), " +
  'how many of them viewed each step of `step_order` (the steps in the order its visitors walk them), and how many were confirmed. ' +
  `The office's phone bookings are not counted. At most ${FUNNEL_MAX_DAYS} days.`;

/** The wizard's funnel events (issue 27): the visitor's session records them; the admin API and the console read the funnel. */
export function analyticsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const now = () => new Date(ctx.clock());

    app.post(
      '/:company_key/json/online_scheduler/events',
      {
        ...ctx.access.events,
        schema: {
          tags: ['analytics'],
          summary: `Records the wizard's funnel events for the session's order (no personal data); past ${MAX_EVENTS_PER_SESSION} a session, further ones are dropped`,
          params: companyKeyParam,
          querystring: noQuery,
          body: recordEventsBodySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await recordEvents(ctx.db, sessionOf(request), request.body.events, now());
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/admin/companies/:company_key/funnel',
      {
        onRequest: requireAdmin(ctx),
        schema: { tags: ['admin'], summary: "The company's booking funnel by day", description: FUNNEL_DESCRIPTION, params: companyKeyParam, querystring: funnelQuerySchema, response: { 200: funnelResponseSchema } },
      },
      async (request) => companyFunnel(ctx.db, request.params.company_key, request.query),
    );

    app.get(
      '/api/console/companies/:company_key/funnel',
      {
        onRequest: requireMember(ctx, 'funnel.read'),
        schema: {
          tags: ['console'],
          summary: "The company's booking funnel by day (owner, admin, office)",
          description: FUNNEL_DESCRIPTION,
          params: companyKeyParam,
          querystring: funnelQuerySchema,
          response: { 200: funnelResponseSchema },
        },
      },
      async (request) => companyFunnel(ctx.db, memberOf(request).companyKey, request.query),
    );
  };
}
