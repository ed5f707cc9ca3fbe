import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmBodySchema,
  confirmResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@scheduler/contracts/confirm';
import type { AppContext } from '../../context.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import { AppError } from '../../errors.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { claimCouponUses, dropCoupons } from '../../modules/pricing/pricing.service.ts';
import { pricingStoreOf } from '../../modules/pricing/pricing.store.ts';
import { confirmOrder, reviewAgreements, type ConfirmDeps } from '../../modules/confirm/confirm.service.ts';
import { reviewAgreementsSchema } from '@scheduler/contracts/agreements';
import { engineOrderPricing } from '../../modules/confirm/order-pricing.ts';

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
  const pricingDeps = { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
  const refOf = (order: { companyId: string; officeId: string; id: string }) => ({
    companyId: order.companyId,
    officeId: order.officeId,
    orderId: order.id,
  });
  return async (instance: FastifyInstance) => {
    const deps: ConfirmDeps = {
      store: ctx.scheduling,
      priceOrder: engineOrderPricing(pricingDeps),
      claimCoupons: (tx, order, now) => claimCouponUses(pricingDeps, refOf(order), order.couponCodes, now, tx),
      dropCoupons: (order, codes) => dropCoupons(pricingDeps, refOf(order), codes),
      publicBaseUrl: () => publicBaseUrl(ctx.config, listeningPort(instance, ctx.config.PORT)),
      onJobsEnqueued: () => ctx.notifications?.wake(),
    };
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
            'Confirms the order: its held time becomes the booking (idempotent; send an Idempotency-Key header to make retries safe)',
          params: companyKeyParam,
          querystring: noQuery,
          body: confirmBodySchema,
          response: { 200: confirmResponseSchema, 409: confirmResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await confirmOrder(
          deps,
          sessionOf(request),
          request.body,
          idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]),
          // Where a signature given on the review came from, as its evidence keeps it (issue 43).
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        );
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
  };
}
