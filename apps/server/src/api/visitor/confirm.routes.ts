import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingPaymentReturnBodySchema,
  bookingPaymentReturnResponseSchema,
  bookingPaymentViewSchema,
  confirmBodySchema,
  confirmResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@scheduler/contracts/confirm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { confirmOrder, reviewAgreements } from '../../modules/confirm/confirm.service.ts';
import { reviewAgreementsSchema } from '@scheduler/contracts/agreements';
import { confirmDepsOf } from '../confirm-deps.ts';
import {
  bookingPaymentOfOrder,
  bookingPaymentView,
  cancelBookingPayment,
  completeBookingPayment,
} from '../../modules/confirm/booking-payment.service.ts';
import { TOKEN_HEADER } from '../../plugins/session-auth.ts';

/** The optional Idempotency-Key header: absent is fine, malformed is a 400 naming it. */
function idempotencyKeyOf(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(value) ? value[0] : value);
  if (!parsed.success)
    throw new AppError(
      400,
      'invalid_request',
      'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
      IDEMPOTENCY_KEY_HEADER,
    );
  return parsed.data;
}

export function confirmRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const deps = confirmDepsOf(ctx, instance);
    const now = () => deps.store.now();
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/:company_key/json/online_scheduler/review_agreements',
      {
        ...ctx.access.read,
        schema: {
          tags: ['confirm'],
          summary:
            'The agreements the review shows for the client to sign before Confirm (issue 43), filled with the order as it would be booked now; none unless the company signs at booking and the person booking is a client',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: reviewAgreementsSchema },
        },
      },
      async (request) => reviewAgreements(deps, sessionOf(request)),
    );
    app.post(
      '/:company_key/json/online_scheduler/confirm',
      {
        ...ctx.access.confirm,
        schema: {
          tags: ['confirm'],
          summary:
            "Confirms the order: its held time becomes the booking (idempotent; send an Idempotency-Key header to make retries safe). Where the company takes a payment at booking, answers Stripe's page to pay on first (payment_required)",
          params: companyKeyParam,
          querystring: noQuery,
          body: confirmBodySchema,
          response: { 200: confirmResponseSchema, 409: confirmResponseSchema },
        },
      },
      async (request, reply) => {
        const token = request.headers[TOKEN_HEADER];
        const result = await confirmOrder(
          deps,
          sessionOf(request),
          request.body,
          idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]),
          // Where a signature given on the review came from, as its evidence keeps it (issue 43).
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          now(),
          // Stripe sends a client who pays at booking back to the wizard's own address, token and all.
          typeof token === 'string' ? { token } : null,
        );
        return reply.status(result.status === 'unavailable' ? 409 : 200).send(result);
      },
    );
    app.get(
      '/:company_key/json/online_scheduler/booking_payment',
      {
        ...ctx.access.readAfterConfirmation,
        schema: {
          tags: ['confirm'],
          summary:
            'What the order pays at booking as it is now (a deposit or the whole total, tax included, or a card saved), and where its last payment at booking stands (decision 0085)',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: bookingPaymentViewSchema },
        },
      },
      async (request) => bookingPaymentView(deps, sessionOf(request), now()),
    );
    app.post(
      '/:company_key/json/online_scheduler/booking_payment/return',
      {
        ...ctx.access.confirm,
        schema: {
          tags: ['confirm'],
          summary:
            "The client came back from Stripe's page: the session is read from Stripe, and a paid one books the order (once, whether this or Stripe's webhook comes first)",
          params: companyKeyParam,
          querystring: noQuery,
          body: bookingPaymentReturnBodySchema,
          response: { 200: bookingPaymentReturnResponseSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const row = await bookingPaymentOfOrder(deps, session, request.body.session_id);
        return completeBookingPayment(deps, session.companyId, row.checkoutSessionId, now());
      },
    );
    app.post(
      '/:company_key/json/online_scheduler/booking_payment/cancel',
      {
        ...ctx.access.confirm,
        schema: {
          tags: ['confirm'],
          summary:
            "The client left Stripe's page without paying: the page is closed at Stripe, nothing is charged, and the time stays held the usual while",
          params: companyKeyParam,
          querystring: noQuery,
          body: z.object({}).strict(),
          response: { 200: bookingPaymentReturnResponseSchema },
        },
      },
      async (request) => cancelBookingPayment(deps, sessionOf(request), now()),
    );
  };
}
