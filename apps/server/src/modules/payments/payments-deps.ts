import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { stripeOptionsOf } from './stripe-gateway.ts';

/**
 * The payments service's deps, from the app's context and the instance that serves the routes
 * (its log, and its port for the links when PUBLIC_URL is unset). The admin's, the console's and
 * the public payment routes each build their own: nothing in them is kept between calls.
 */
export function paymentsDeps(ctx: AppContext, app: FastifyInstance): PaymentsDeps {
  const changed = (orderId: string) => {
    // The database announces the change to every instance too; this one need not wait to hear it.
    ctx.changes.announce(changeKeys.order(orderId));
    ctx.notifications?.wake();
  };
  return {
    db: ctx.db,
    encryption: ctx.encryption,
    stripe: stripeOptionsOf(ctx.config),
    publicBaseUrl: () => publicBaseUrl(ctx.config, listeningPort(app, ctx.config.PORT)),
    now: () => new Date(ctx.clock()),
    log: app.log,
    onPaid: changed,
    onJobsQueued: () => ctx.notifications?.wake(),
    onOrderChanged: changed,
  };
}
