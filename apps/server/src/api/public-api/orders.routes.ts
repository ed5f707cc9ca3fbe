import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentSlotSchema, MAX_AVAILABILITY_WINDOW_DAYS } from '@scheduler/contracts/scheduling';
import {
  publicAvailabilityQuerySchema,
  publicCancelBodySchema,
  publicNewAvailabilityQuerySchema,
  publicOrderCreateBodySchema,
  publicOrderUnavailableSchema,
  publicNewAvailabilitySchema,
  publicChangeResponseSchema,
  publicOrderParamsSchema,
  publicOrderSchema,
  publicOrdersQuerySchema,
  publicOrdersResponseSchema,
  publicPostHeadersSchema,
  publicRescheduleBodySchema,
} from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { apiKeySecurity, noQuery } from '../shared-schemas.ts';
import { apiKeyCallerOf, requireApiKey } from '../../modules/api-keys/api-key-access.ts';
import { replyIdempotently } from '../../modules/api-keys/idempotency.service.ts';
import { listOrdersForApi } from '../../modules/order-list/admin-orders.service.ts';
import {
  cancelBooking,
  manageDeps,
  orderScopeOf,
  rescheduleBooking,
} from '../../modules/booking-changes/manage.service.ts';
import { NotFoundError } from '../../errors.ts';
import { bookThroughApi, type ApiBookingDeps } from '../../modules/confirm/api-booking.service.ts';
import { configuredGeocoder, GeocodingService } from '../../modules/address/geocoding.service.ts';
import { pricingStoreOf } from '../../modules/pricing/pricing.store.ts';
import { confirmDepsOf } from '../confirm-deps.ts';
import { sendCompressible } from '../../http/precompressed.ts';
import {
  bookingOfficeOf,
  cartAvailability,
  moveAvailabilityJson,
} from '../../modules/scheduling/scheduling.service.ts';

const tags = ['public API'];
const ORDER_ID_EXAMPLE = '3f8e2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';

/**
 * The public API's orders (issue 46, decision 0087), for a company's own systems with an API key:
 * the key's company only (another company's order is 404), each route its scope. The changes go
 * through the office's own code (booking-changes), as the admin API's and the console's do.
 */
export function publicOrderRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = manageDeps(ctx);
    const now = () => new Date(ctx.clock());
    const bookingDeps: ApiBookingDeps = {
      confirm: confirmDepsOf(ctx, instance),
      pricing: { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) },
      address: {
        scheduling: ctx.scheduling,
        geocoding: new GeocodingService(ctx.scheduling.places, configuredGeocoder(ctx.config)),
      },
      sessionTtlDays: ctx.config.SESSION_TTL_DAYS,
    };
    /** The order as GET /api/v1/orders/{id} answers it. */
    const orderOf = async (companyKey: string, orderId: string) => {
      const { orders } = await listOrdersForApi(ctx.db, companyKey, { status: 'all', orderId, limit: 1 });
      const order = orders[0];
      if (!order) throw new NotFoundError('The order');
      return order;
    };

    app.get(
      '/api/v1/orders',
      {
        onRequest: requireApiKey(ctx, 'orders:read'),
        schema: {
          tags,
          security: apiKeySecurity('orders:read'),
          summary: 'Lists the orders (scope orders:read): by appointment, or with updated_since the ones changed since',
          description:
            'Booked and cancelled orders (never drafts), `limit` a page (at most 100) and `next_cursor` for the next. ' +
            'Filters: office-local dates `from`..`to` of the appointment, `inspector_id`, `status`. ' +
            'For polling (Zapier): `updated_since` answers the orders changed at or after that instant, newest changed first; ' +
            'keep the largest `updated_at` seen and ask again from it (an order may come again: de-duplicate by `id` and `updated_at`). ' +
            'Example: `GET /api/v1/orders?updated_since=2026-11-30T09:00:00Z&limit=50`.',
          querystring: publicOrdersQuerySchema,
          response: { 200: publicOrdersResponseSchema },
        },
      },
      async (request) => {
        const caller = apiKeyCallerOf(request);
        const q = request.query;
        return listOrdersForApi(ctx.db, caller.companyKey, {
          from: q.from,
          to: q.to,
          status: q.status,
          inspectorId: q.inspector_id,
          updatedSince: q.updated_since === undefined ? undefined : new Date(q.updated_since).toISOString(),
          cursor: q.cursor,
          limit: q.limit,
        });
      },
    );

    app.get(
      '/api/v1/orders/:id',
      {
        onRequest: requireApiKey(ctx, 'orders:read'),
        schema: {
          tags,
          security: apiKeySecurity('orders:read'),
          summary: 'One order as the console sees it (scope orders:read); another company\u2019s or a draft: 404',
          description: `Times on the office's clock and as UTC instants, people, property answers, services and total. Example: \`GET /api/v1/orders/${ORDER_ID_EXAMPLE}\`.`,
          params: publicOrderParamsSchema,
          querystring: noQuery,
          response: { 200: publicOrderSchema },
        },
      },
      async (request) => orderOf(apiKeyCallerOf(request).companyKey, request.params.id),
    );

    app.post(
      '/api/v1/orders',
      {
        onRequest: requireApiKey(ctx, 'orders:write'),
        schema: {
          tags,
          security: apiKeySecurity('orders:write'),
          summary:
            'Books a new order at a free time (scope orders:write), with the rules of the office\u2019s phone booking: 201 the order as GET answers it',
          description:
            'The `start` is a slot\u2019s `starts_at` from `GET /api/v1/availability` (and `inspector_ids` its `users`, or none for whoever it offers). ' +
            'Each part is checked as the wizard checks it (the cart rules, the address and its service area, the people and property answers the company requires): a 400 names the field, e.g. `client.email` or `property.sqft`. ' +
            'A time no longer free answers 409 `{"status": "unavailable", "appointments": [...]}` with the nearest free times. ' +
            'The client gets the confirmation e-mail unless `notify_client` is false; the order names the API key as who booked it. ' +
            'Idempotency-Key: a repeat answers as the first (the same order, never a second).',
          querystring: noQuery,
          headers: publicPostHeadersSchema,
          body: publicOrderCreateBodySchema,
          response: { 201: publicOrderSchema, 409: publicOrderUnavailableSchema },
        },
      },
      async (request, reply) =>
        replyIdempotently(ctx.db, request, reply as FastifyReply, now(), async (caller) => {
          const result = await bookThroughApi(
            bookingDeps,
            { companyId: caller.companyId, companyKey: caller.companyKey, keyName: caller.name },
            request.body,
            now(),
          );
          if (result.status === 'unavailable') return { status: 409, body: result };
          return { status: 201, body: await orderOf(caller.companyKey, result.orderId) };
        }),
    );

    app.get(
      '/api/v1/availability',
      {
        onRequest: requireApiKey(ctx, 'orders:read'),
        schema: {
          tags,
          security: apiKeySecurity('orders:read'),
          summary:
            'The free start times of a new booking (scope orders:read), as the wizard offers them for the same services',
          description:
            `Office-local dates \`from\`..\`to\` (at most ${MAX_AVAILABILITY_WINDOW_DAYS} days) of the \`office\` (may be left out when the company has one), ` +
            'for the `services` (uuids; none: the office\u2019s default length), near `postal_code`, by the `inspectors` named (ids). ' +
            'Each slot\u2019s `starts_at` is the `start` to book with `POST /api/v1/orders`. ' +
            'Example: `GET /api/v1/availability?from=2026-12-01&to=2026-12-07&postal_code=43229`.',
          querystring: publicNewAvailabilityQuerySchema,
          response: { 200: publicNewAvailabilitySchema },
        },
      },
      async (request) => {
        const caller = apiKeyCallerOf(request);
        const q = request.query;
        const office = await bookingOfficeOf(ctx.db, caller.companyId, q.office);
        const answer = await cartAvailability(
          ctx.scheduling,
          office,
          { serviceIds: q.services ?? [], packageIds: [], postalCode: q.postal_code ?? '' },
          { from: q.from, to: q.to, inspectors: q.inspectors },
          now(),
        );
        return {
          office: office.officeId,
          time_zone: answer.timeZone,
          duration_minutes: answer.durationMinutes,
          slots: answer.slots.map((slot) => ({ ...slot, starts_at: new Date(slot.timestamp * 1000).toISOString() })),
        };
      },
    );

    app.get(
      '/api/v1/orders/:id/availability',
      {
        onRequest: requireApiKey(ctx, 'orders:read'),
        schema: {
          tags,
          security: apiKeySecurity('orders:read'),
          summary:
            'The times a booking could move to (scope orders:read), in a window of office-local dates: its own length, services and address',
          description: `As the client's manage page offers them, at most ${MAX_AVAILABILITY_WINDOW_DAYS} days. Example: \`GET /api/v1/orders/${ORDER_ID_EXAMPLE}/availability?from=2026-12-01&to=2026-12-07\`; a slot's \`timestamp\` (Unix seconds) is the \`start\` to move to.`,
          params: publicOrderParamsSchema,
          querystring: publicAvailabilityQuerySchema,
          response: { 200: z.array(appointmentSlotSchema) },
        },
      },
      async (request, reply) => {
        const caller = apiKeyCallerOf(request);
        const scope = await orderScopeOf(ctx.db, caller.companyKey, request.params.id);
        return sendCompressible(
          request,
          reply as FastifyReply,
          await moveAvailabilityJson(ctx.scheduling, scope, request.query, now()),
          'application/json; charset=utf-8',
        );
      },
    );

    app.post(
      '/api/v1/orders/:id/reschedule',
      {
        onRequest: requireApiKey(ctx, 'orders:write'),
        schema: {
          tags,
          security: apiKeySecurity('orders:write'),
          summary: 'Moves a booking (scope orders:write), as the office does: the same policy and messages',
          description:
            'Body as the admin API\u2019s move, e.g. `{"start": "2026-12-02T14:00:00-05:00", "from_start": "2026-12-01T14:00:00-05:00"}`. ' +
            '409 change_refused, order_changed, same_time, or status `unavailable` with alternatives when the time is taken. Idempotency-Key: a repeat answers as the first.',
          params: publicOrderParamsSchema,
          querystring: noQuery,
          headers: publicPostHeadersSchema,
          body: publicRescheduleBodySchema,
          response: { 200: publicChangeResponseSchema, 409: publicChangeResponseSchema },
        },
      },
      async (request, reply) =>
        replyIdempotently(ctx.db, request, reply as FastifyReply, now(), async (caller) => {
          const scope = await orderScopeOf(ctx.db, caller.companyKey, request.params.id);
          const { start, from_start: fromStart, override } = request.body;
          const result = await rescheduleBooking(
            deps,
            scope,
            { kind: 'office', override },
            { start, fromStart: fromStart ?? null },
            now(),
          );
          return { status: result.status === 'ok' ? 200 : 409, body: result };
        }),
    );

    app.post(
      '/api/v1/orders/:id/cancel',
      {
        onRequest: requireApiKey(ctx, 'orders:write'),
        schema: {
          tags,
          security: apiKeySecurity('orders:write'),
          summary: 'Cancels a booking (scope orders:write), as the office does: the same policy, fee and messages',
          description:
            'Body as the admin API\u2019s cancellation, e.g. `{"reason": "The buyer withdrew", "waive_fee": true}`. Cancelling a cancelled order answers as the first. Idempotency-Key: a repeat answers as the first.',
          params: publicOrderParamsSchema,
          querystring: noQuery,
          headers: publicPostHeadersSchema,
          body: publicCancelBodySchema,
          response: { 200: publicChangeResponseSchema },
        },
      },
      async (request, reply) =>
        replyIdempotently(ctx.db, request, reply as FastifyReply, now(), async (caller) => {
          const scope = await orderScopeOf(ctx.db, caller.companyKey, request.params.id);
          const { reason, override, waive_fee: waiveFee } = request.body;
          const result = await cancelBooking(
            deps,
            scope,
            { kind: 'office', override },
            { reason, feeCents: null, waiveFee },
            now(),
          );
          return { status: 200, body: result };
        }),
    );
  };
}
