import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import { CALENDAR_POLL_MS, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { oauthClientsOf, withOAuthProviders } from './oauth-providers.ts';
import { pushBaseUrlOf } from './push-channels.ts';
import { defaultProviders, type ProviderRegistry } from './provider-registry.ts';

/** The calendar sync's deps from the app's context and the instance serving the routes. */
export function calendarSyncDepsOf(
  ctx: AppContext,
  app: FastifyInstance,
  providers: ProviderRegistry = defaultProviders,
): CalendarSyncDeps {
  const oauth = oauthClientsOf(ctx.config, ctx.clock);
  const base = () => publicBaseUrl(ctx.config, listeningPort(app, ctx.config.PORT));
  return {
    db: ctx.db,
    encryption: ctx.encryption,
    providers: withOAuthProviders(providers, ctx.config, ctx.clock, oauth),
    oauth,
    publicBaseUrl: base,
    pushBaseUrl: () => pushBaseUrlOf(base()),
    now: () => new Date(ctx.clock()),
    pollMs: CALENDAR_POLL_MS,
    log: app.log,
  };
}
