import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarFeedQuerySchema } from '@scheduler/contracts/confirm';
import type { AppContext } from '../../context.ts';
import { inspectorParams } from '../shared-schemas.ts';
import { inspectorCalendar } from '../../modules/order-list/admin-orders.service.ts';

/** The inspector's calendar feed, the URL the admin API issues (admin/admin-orders.routes.ts): calendar apps fetch it. */
export function calendarFeedRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    // No admin token here: calendar apps send none. The URL's secret is the credential.
    app.get(
      '/api/admin/companies/:company_key/inspectors/:id/calendar.ics',
      {
        schema: {
          tags,
          summary: "The inspector's confirmed appointments as an iCalendar feed (subscribe by URL)",
          params: inspectorParams,
          querystring: calendarFeedQuerySchema,
        },
      },
      async (request, reply) => {
        const ics = await inspectorCalendar(
          ctx.db,
          request.params.company_key,
          request.params.id,
          request.query.secret,
          new Date(ctx.clock()),
        );
        return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
      },
    );
  };
}
