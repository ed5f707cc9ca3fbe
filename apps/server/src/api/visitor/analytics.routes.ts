import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_EVENTS_PER_SESSION, recordEventsBodySchema } from '@scheduler/contracts/analytics';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { recordEvents } from '../../modules/analytics/analytics.service.ts';

/** The wizard's funnel events (issue 27): the visitor's session records them; the admin API and the console read the funnel. */
export function funnelEventRoutes(ctx: AppContext) {
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
  };
}
