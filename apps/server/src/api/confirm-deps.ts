import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { listeningPort, publicBaseUrl } from '../http/public-url.ts';
import { paymentsDeps } from '../modules/payments/payments-deps.ts';
import { claimCouponUses, dropCoupons } from '../modules/pricing/pricing.service.ts';
import { pricingStoreOf } from '../modules/pricing/pricing.store.ts';
import type { ConfirmDeps } from '../modules/confirm/book-draft.ts';
import { engineOrderPricing } from '../modules/confirm/order-pricing.ts';

/**
 * Confirm's deps, from the app's context and the instance that serves the routes: the visitor's
 * confirm and the Stripe webhook that books an order paid at booking (decision 0085) build the same.
 */
export function confirmDepsOf(ctx: AppContext, instance: FastifyInstance): ConfirmDeps {
  const pricingDeps = { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
  const refOf = (order: { companyId: string; officeId: string; id: string }) => ({
    companyId: order.companyId,
    officeId: order.officeId,
    orderId: order.id,
  });
  return {
    store: ctx.scheduling,
    priceOrder: engineOrderPricing(pricingDeps),
    claimCoupons: (tx, order, now) => claimCouponUses(pricingDeps, refOf(order), order.couponCodes, now, tx),
    dropCoupons: (order, codes) => dropCoupons(pricingDeps, refOf(order), codes),
    publicBaseUrl: () => publicBaseUrl(ctx.config, listeningPort(instance, ctx.config.PORT)),
    onJobsEnqueued: () => ctx.notifications?.wake(),
    payments: paymentsDeps(ctx, instance),
  };
}
