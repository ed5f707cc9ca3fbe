import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  manageAvailabilityQuerySchema,
  manageCancelBodySchema,
  manageChangeResponseSchema,
  manageContactResponseSchema,
  manageHoldBodySchema,
  manageHoldResponseSchema,
  manageOrderViewSchema,
  manageRescheduleBodySchema,
  manageTokenSchema,
} from '@scheduler/contracts/manage';
import { appointmentSlotSchema } from '@scheduler/contracts/scheduling';
import type { AppContext } from '../../context.ts';
import { sendCompressible } from '../../http/precompressed.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { moveAvailabilityJson } from '../../modules/scheduling/scheduling.service.ts';
import { manageLinkOf } from '../../modules/booking-changes/manage-access.ts';
import {
  cancelBooking,
  holdNewTime,
  manageContact,
  manageDeps,
  manageView,
  rescheduleBooking,
} from '../../modules/booking-changes/manage.service.ts';
import { keepAnswersPrivate } from '../../plugins/private-answers.ts';
import { NotFoundError } from '../../errors.ts';
import { sendPdf, withSha256 } from '../../http/pdf-reply.ts';
import { receiptPdfOrNotFound } from '../../modules/payments/receipt.service.ts';

const PREFIX = '/:company_key/json/manage/:token';
const params = companyKeyParam.extend({ token: manageTokenSchema });

/** The manage page's API (issue 24): the token in the path is the credential; the order it opens is the only one it reaches. */
export function manageRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = manageDeps(ctx);
    const { manageRead, manageWrite } = ctx.access;
    const tags = ['manage'];
    const now = () => new Date(ctx.clock());
    // No page the API answers may pass the token on.
    keepAnswersPrivate(instance);

    app.get(
      PREFIX,
      {
        ...manageRead,
        schema: {
          tags,
          summary: 'The booked order a manage link opens, and what the policy allows now',
          params,
          querystring: noQuery,
          response: { 200: manageOrderViewSchema },
        },
      },
      async (request) => {
        const link = manageLinkOf(request);
        return manageView(ctx.db, link, now(), link.role);
      },
    );
    app.get(
      `${PREFIX}/receipts/:entry_id/pdf`,
      {
        ...manageRead,
        schema: {
          tags,
          summary: "The PDF receipt of one of the order's payments or refunds, from a client's manage link",
          description: "404 on an agent's or a contact's link, for an entry of another order, and for a voided one.",
          params: params.extend({ entry_id: z.uuid() }),
          querystring: noQuery,
        },
      },
      async (request, reply) => {
        const link = manageLinkOf(request);
        // The money is the client's: an agent's or a contact's link opens no receipt (decision 0082).
        if (link.role !== 'client') throw new NotFoundError('The receipt');
        const key = { companyId: link.companyId, orderId: link.orderId };
        return sendPdf(reply, withSha256(await receiptPdfOrNotFound(ctx.db, key, request.params.entry_id)));
      },
    );
    app.get(
      '/:company_key/json/manage_contact',
      {
        schema: {
          tags,
          summary:
            "Who to call when a manage link is not valid any more: the company the URL names and its offices' phones (no token)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: manageContactResponseSchema },
        },
      },
      async (request) => manageContact(ctx.db, request.params.company_key),
    );
    app.get(
      `${PREFIX}/availability`,
      {
        ...manageRead,
        schema: {
          tags,
          summary:
            'The times the booking could move to, in a window of office-local dates (its own length, cart and address)',
          params,
          querystring: manageAvailabilityQuerySchema,
          response: { 200: z.array(appointmentSlotSchema) },
        },
      },
      async (request, reply) =>
        sendCompressible(
          request,
          reply as FastifyReply,
          await moveAvailabilityJson(ctx.scheduling, manageLinkOf(request), request.query, now()),
          'application/json; charset=utf-8',
        ),
    );
    app.post(
      `${PREFIX}/hold`,
      {
        ...manageWrite,
        schema: {
          tags,
          summary: 'Holds a new time for the booking while the move is confirmed; says who would inspect then',
          description:
            '409 change_refused when the policy does not allow moving it now; 409 with status unavailable and alternatives when the time is not free.',
          params,
          querystring: noQuery,
          body: manageHoldBodySchema,
          response: { 200: manageHoldResponseSchema, 409: manageHoldResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await holdNewTime(deps, manageLinkOf(request), request.body.start, now());
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
    app.post(
      `${PREFIX}/reschedule`,
      {
        ...manageWrite,
        schema: {
          tags,
          summary:
            'Moves the booking to a new time, in one transaction (the old time is released only when the new one is booked)',
          description:
            '409 change_refused (the policy refuses now), 409 fee_changed (fee_cents is not what moving costs now), 409 order_changed (from_start is not the booking\u2019s start: it was moved meanwhile), 409 same_time (start is the booking\u2019s own time: nothing changes), 409 with status unavailable and alternatives (the time was taken). The same move repeated answers 200 and changes nothing.',
          params,
          querystring: noQuery,
          body: manageRescheduleBodySchema,
          response: { 200: manageChangeResponseSchema, 409: manageChangeResponseSchema },
        },
      },
      async (request, reply) => {
        const link = manageLinkOf(request);
        const result = await rescheduleBooking(
          deps,
          link,
          { kind: 'visitor', linkId: link.linkId, role: link.role },
          { start: request.body.start, fromStart: request.body.from_start, feeCents: request.body.fee_cents },
          now(),
        );
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
    app.post(
      `${PREFIX}/cancel`,
      {
        ...manageWrite,
        schema: {
          tags,
          summary:
            'Cancels the booking: its time is released at once; a late-cancellation fee the policy sets is recorded',
          description:
            '409 change_refused (the policy refuses now), 409 fee_changed (fee_cents is not what cancelling costs now). Cancelling a cancelled booking answers 200 and changes nothing.',
          params,
          querystring: noQuery,
          body: manageCancelBodySchema,
          response: { 200: manageChangeResponseSchema },
        },
      },
      async (request) => {
        const link = manageLinkOf(request);
        return cancelBooking(
          deps,
          link,
          { kind: 'visitor', linkId: link.linkId, role: link.role },
          { reason: request.body.reason, feeCents: request.body.fee_cents },
          now(),
        );
      },
    );
  };
}
