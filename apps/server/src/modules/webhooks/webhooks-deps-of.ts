import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import type { WebhookDeps } from './webhooks-deps.ts';

/** The webhooks' deps from the app's context and the instance serving the routes (its log, its port for links). */
export function webhookDepsOf(ctx: AppContext, app: FastifyInstance): WebhookDeps {
  return {
    db: ctx.db,
    encryption: ctx.encryption,
    allowPrivate: ctx.config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    publicBaseUrl: () => publicBaseUrl(ctx.config, listeningPort(app, ctx.config.PORT)),
    now: () => new Date(ctx.clock()),
    log: app.log,
  };
}
