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
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, inspectorParams, noQuery } from '../shared-schemas.ts';
import {
  issueCalendarFeed,
  listOrders,
  orderEvents,
  ordersCsvExport,
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
            'Soonest first, ties by id. Paged by `cursor` (each page gives `next_cursor` and `previous_cursor`; a keyset, decision 0071) or, for the clients that use them, by `page` number. ' +
            'With `Accept: text/csv` and `all=true`, every order the filters match, streamed; without `all`, the page asked for. ' +
            "Each order's start is the UTC instant (`datetime`) and, on the office's clock, `local_date`, `local_time`, `utc_offset` and `zone_abbreviation` in `time_zone`; its end (start plus duration) likewise. " +
            'With `Accept: text/csv` the same page as CSV (RFC 4180, CRLF), one row per order: local date and time first, the zone as "EST (UTC-05:00)", the UTC instant as `datetime_utc`, ' +
            "the people's phones, the property's answers and the special note. A cell starting with = + - @, a tab or a carriage return is prefixed with ' so that no spreadsheet reads it as a formula.",
          params: companyKeyParam,
          querystring: adminOrdersQuerySchema,
          response: { 200: adminOrdersResponseSchema.or(z.string()) },
        },
      },
      async (request, reply) => {
        if (!wantsCsv(request)) {
          if (request.query.all)
            throw new AppError(400, 'invalid_request', '"all" is for a CSV download (Accept: text/csv).', 'all');
          return listOrders(ctx.db, request.params.company_key, request.query);
        }
        const csv = await ordersCsvExport(ctx.db, request.params.company_key, request.query);
        return sendCsv(reply, csv.csv, csv.fileName, csv.total);
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
