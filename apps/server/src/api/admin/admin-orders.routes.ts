import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderEventsResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
} from '@scheduler/contracts/confirm';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, inspectorParams, noQuery } from '../shared-schemas.ts';
import {
  issueCalendarFeed,
  listOrders,
  orderEvents,
  ordersCsv,
} from '../../modules/order-list/admin-orders.service.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });

/** Whether the client asked for CSV rather than JSON. */
function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/csv\b/i.test(accept);
}

export function adminOrderRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireAdmin(ctx);
    const tags = ['admin'];
    app.get(
      '/api/admin/companies/:company_key/orders',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "The company's confirmed orders by appointment date (office-local), paged; CSV with Accept: text/csv",
          description:
            "Each order's start is the UTC instant (`datetime`) and, on the office's clock, `local_date`, `local_time`, `utc_offset` and `zone_abbreviation` in `time_zone`; its end (start plus duration) likewise. " +
            'With `Accept: text/csv` the same page as CSV (RFC 4180, CRLF), one row per order: local date and time first, the zone as "EST (UTC-05:00)", the UTC instant as `datetime_utc`, ' +
            "the people's phones, the property's answers and the special note. A cell starting with = + - @, a tab or a carriage return is prefixed with ' so that no spreadsheet reads it as a formula.",
          params: companyKeyParam,
          querystring: adminOrdersQuerySchema,
          response: { 200: adminOrdersResponseSchema.or(z.string()) },
        },
      },
      async (request, reply) => {
        const page = await listOrders(ctx.db, request.params.company_key, request.query);
        if (!wantsCsv(request)) return page;
        return sendCsv(
          reply,
          ordersCsv(page),
          `orders-${request.params.company_key}-page-${page.page}.csv`,
          page.total,
        );
      },
    );
    app.get(
      '/api/admin/companies/:company_key/orders/:id/events',
      {
        onRequest,
        schema: {
          tags,
          summary: "An order's audit trail, oldest first",
          params: orderParams,
          querystring: noQuery,
          response: { 200: adminOrderEventsResponseSchema },
        },
      },
      async (request) => orderEvents(ctx.db, request.params.company_key, request.params.id),
    );
    app.post(
      '/api/admin/companies/:company_key/inspectors/:id/calendar-feed',
      {
        onRequest,
        schema: {
          tags,
          summary: "Issues the inspector's calendar-feed URL (a new secret; the previous URL stops working)",
          params: inspectorParams,
          querystring: noQuery,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => {
        const base = publicBaseUrl(ctx.config, listeningPort(request.server, ctx.config.PORT));
        return issueCalendarFeed(ctx.db, request.params.company_key, request.params.id, base);
      },
    );
  };
}
