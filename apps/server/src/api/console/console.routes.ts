import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleCancelBodySchema,
  consoleChangeResponseSchema,
  consoleMoveAvailabilityQuerySchema,
  consoleInspectorsSchema,
  consoleOrderDetailSchema,
  consolePhoneBookingBodySchema,
  consolePhoneBookingResponseSchema,
  consoleOrdersCsvQuerySchema,
  consoleOrdersQuerySchema,
  consoleOrdersResponseSchema,
  consoleRescheduleBodySchema,
  consoleResendResponseSchema,
  consoleScheduleQuerySchema,
  consoleScheduleSchema,
  consoleTimeOffBodySchema,
  consoleTimeOffConflictSchema,
  consoleTimeOffListSchema,
  consoleTimeOffQuerySchema,
  consoleTimeOffSchema,
} from '@scheduler/contracts/console';
import { appointmentSlotSchema } from '@scheduler/contracts/scheduling';
import type { AppContext } from '../../context.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { sendCompressible } from '../../http/precompressed.ts';
import { memberOf, requireMember, stillSameMember } from '../../modules/console-auth/console-access.ts';
import type { ConsoleMember } from '../../modules/console-auth/console-member.ts';
import {
  cancelBooking,
  manageDeps,
  rescheduleBooking,
  type ChangeActor,
} from '../../modules/booking-changes/manage.service.ts';
import { moveAvailabilityJson } from '../../modules/scheduling/scheduling.service.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import {
  consoleOrderDetail,
  consoleOrders,
  consoleOrdersCsv,
  readableOrder,
} from '../../modules/order-list/console-orders.service.ts';
import { resendOrderMessage } from '../../modules/order-list/message-resend.ts';
import { companyInspectors, officeSchedule } from '../../modules/schedule/console-schedule.service.ts';
import { startPhoneBooking } from '../../modules/schedule/phone-booking.service.ts';
import {
  addTimeOff,
  removeTimeOff,
  TimeOffConflictError,
  timeOffList,
} from '../../modules/schedule/console-time-off.service.ts';
import { streamScheduleEvents } from '../../modules/schedule/schedule-events.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });
const messageParams = orderParams.extend({ message_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

function officeActor(member: ConsoleMember, override: boolean): ChangeActor {
  return { kind: 'office', override, member: { userId: member.userId, name: member.userName } };
}

/**
 * The console's bookings (issue 25): the office's schedule, its orders, an order's page, and the
 * office's reschedule and cancel on a client's behalf (the manage page's rules; owner, admin and
 * office may override the policy, which the audit event records with their name).
 */
export function consoleRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const base = '/api/console/companies/:company_key';
    const deps = manageDeps(ctx);
    const streams = new Set<{ end(): void }>();
    instance.addHook('preClose', async () => {
      for (const stream of streams) stream.end();
    });

    app.get(
      `${base}/schedule`,
      {
        onRequest: requireMember(ctx, 'schedule.read'),
        schema: {
          tags,
          summary: "An office's day, week or month: per inspector, working hours, bookings and live holds",
          params: companyKeyParam,
          querystring: consoleScheduleQuerySchema,
          response: { 200: consoleScheduleSchema },
        },
      },
      // Each booking placed as the engine places it, for the day's map.
      async (request) =>
        officeSchedule(ctx.db, memberOf(request), request.query, now(), (order) => ctx.scheduling.placeOf(order)),
    );

    app.post(
      `${base}/phone-bookings`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary:
            "Starts a wizard session for the office to book a caller (the console's phone-booking form drives it with the token; the wizard opens it at url): the same steps and prices, any time the office accepts, the order recording who booked it",
          params: companyKeyParam,
          querystring: noQuery,
          body: consolePhoneBookingBodySchema,
          response: { 201: consolePhoneBookingResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await startPhoneBooking(ctx, memberOf(request), request.body.office_uuid, now())),
    );

    app.get(
      `${base}/time-off`,
      {
        onRequest: requireMember(ctx, 'time_off.read'),
        schema: {
          tags,
          summary: "Inspectors' time off touching a range of dates (an inspector: their own)",
          params: companyKeyParam,
          querystring: consoleTimeOffQuerySchema,
          response: { 200: consoleTimeOffListSchema },
        },
      },
      async (request) => timeOffList(ctx.db, memberOf(request), request.query),
    );

    app.post(
      `${base}/time-off`,
      {
        onRequest: requireMember(ctx, 'time_off.manage'),
        schema: {
          tags,
          summary:
            "Blocks an inspector's time (once or weekly, all day or between times); the wizard stops offering it at once",
          description:
            'Over booked inspections ahead it is refused with 409 time_off_conflicts listing them, unless accept_conflicts (the bookings stay). An inspector may block only their own time.',
          params: companyKeyParam,
          querystring: noQuery,
          body: consoleTimeOffBodySchema,
          response: { 201: consoleTimeOffSchema, 409: consoleTimeOffConflictSchema },
        },
      },
      async (request, reply) => {
        try {
          return reply.status(201).send(await addTimeOff(ctx.db, memberOf(request), request.body, now()));
        } catch (error) {
          if (!(error instanceof TimeOffConflictError)) throw error;
          return reply
            .status(409)
            .send({ error: { code: error.code, message: error.message }, conflicts: error.conflicts });
        }
      },
    );

    app.delete(
      `${base}/time-off/:id`,
      {
        onRequest: requireMember(ctx, 'time_off.manage'),
        schema: {
          tags,
          summary: 'Gives blocked time back',
          params: orderParams,
          querystring: noQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeTimeOff(ctx.db, memberOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/inspectors`,
      {
        onRequest: requireMember(ctx, 'schedule.read'),
        schema: {
          tags,
          summary: "The company's working inspectors, by office (an inspector: themself)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: consoleInspectorsSchema },
        },
      },
      async (request) => companyInspectors(ctx.db, memberOf(request)),
    );

    app.get(
      `${base}/events`,
      {
        onRequest: requireMember(ctx, 'schedule.read'),
        schema: {
          tags,
          summary:
            'A text/event-stream: `schedule` whenever a booking, hold or cancellation of the company changes; `ping` every 25 s',
          params: companyKeyParam,
          querystring: noQuery,
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        return streamScheduleEvents(request, reply, ctx.changes, member.companyId, streams, () =>
          stillSameMember(ctx, request, member),
        );
      },
    );

    app.get(
      `${base}/orders`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: "The company's orders, filtered and paged (an inspector: their own)",
          params: companyKeyParam,
          querystring: consoleOrdersQuerySchema,
          response: { 200: consoleOrdersResponseSchema },
        },
      },
      async (request) => consoleOrders(ctx.db, memberOf(request), request.query),
    );

    app.get(
      `${base}/orders.csv`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary:
            'The same page of orders as CSV, or with all=true every order the filters match, streamed (RFC 4180; cells that a spreadsheet would read as formulas are neutralised)',
          params: companyKeyParam,
          querystring: consoleOrdersCsvQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const csv = await consoleOrdersCsv(ctx.db, memberOf(request), request.query);
        return sendCsv(reply, csv.csv, csv.fileName, csv.total);
      },
    );

    app.get(
      `${base}/orders/:id`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: 'Everything an order holds, its audit trail and its messages',
          params: orderParams,
          querystring: noQuery,
          response: { 200: consoleOrderDetailSchema },
        },
      },
      async (request) => consoleOrderDetail(ctx.db, memberOf(request), request.params.id, now()),
    );

    app.get(
      `${base}/orders/:id/availability`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary: 'Times the booking could move to (its own length, cart and address)',
          params: orderParams,
          querystring: consoleMoveAvailabilityQuerySchema,
          response: { 200: z.array(appointmentSlotSchema) },
        },
      },
      async (request, reply) => {
        const scope = await readableOrder(ctx.db, memberOf(request), request.params.id);
        return sendCompressible(
          request,
          reply,
          await moveAvailabilityJson(ctx.scheduling, scope, request.query, now()),
          'application/json; charset=utf-8',
        );
      },
    );

    app.post(
      `${base}/orders/:id/reschedule`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary:
            "Moves a booking on the client's behalf, keeping its inspectors unless inspector_ids names others (override: past the policy, recorded with who did it)",
          params: orderParams,
          querystring: noQuery,
          body: consoleRescheduleBodySchema,
          response: { 200: consoleChangeResponseSchema, 409: consoleChangeResponseSchema },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const scope = await readableOrder(ctx.db, member, request.params.id);
        const { start, from_start: fromStart, override, inspector_ids: inspectorIds } = request.body;
        const result = await rescheduleBooking(
          deps,
          scope,
          officeActor(member, override),
          // The booking keeps its inspectors unless the office picked others (issue 41).
          { start, fromStart: fromStart ?? null, inspectors: inspectorIds ?? 'own' },
          now(),
        );
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );

    app.post(
      `${base}/orders/:id/cancel`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary: "Cancels a booking on the client's behalf (override, waive_fee: recorded with who did it)",
          params: orderParams,
          querystring: noQuery,
          body: consoleCancelBodySchema,
          response: { 200: consoleChangeResponseSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const scope = await readableOrder(ctx.db, member, request.params.id);
        const { reason, override, waive_fee: waiveFee } = request.body;
        return cancelBooking(deps, scope, officeActor(member, override), { reason, feeCents: null, waiveFee }, now());
      },
    );

    app.post(
      `${base}/orders/:id/messages/:message_id/resend`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary: "Sends one of the order's e-mails again to the person it went to (recorded with who did it)",
          params: messageParams,
          querystring: noQuery,
          response: { 200: consoleResendResponseSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const scope = await readableOrder(ctx.db, member, request.params.id);
        return resendOrderMessage(
          ctx.db,
          scope,
          request.params.message_id,
          { userId: member.userId, name: member.userName },
          now(),
          () => ctx.notifications?.wake(),
        );
      },
    );
  };
}
