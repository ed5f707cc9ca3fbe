import { randomBytes } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext, AppOptions } from './context.ts';
import { DataEncryption } from './crypto/data-encryption.ts';
import { listeningPort, publicBaseUrl } from './http/public-url.ts';
import { createConsoleAuth, type ConsoleAuth } from './modules/console-auth/auth.ts';
import { consoleAuthRoutes } from './api/console/console-auth.routes.ts';
import { consoleRoutes } from './api/console/console.routes.ts';
import { followUpRoutes } from './api/console/follow-ups.routes.ts';
import { privacyRoutes } from './api/console/privacy.routes.ts';
import { agreementsRoutes } from './api/console/agreements.routes.ts';
import { webhookRoutes } from './api/console/webhooks.routes.ts';
import { directoryReviewRoutes } from './api/console/directory-review.routes.ts';
import { calendarSyncRoutes } from './api/console/calendar-sync.routes.ts';
import { orderEditRoutes } from './api/console/order-edit.routes.ts';
import { ledgerRoutes } from './api/console/ledger.routes.ts';
import { configurationRoutes } from './api/console/configuration.routes.ts';
import { onboardingRoutes } from './api/console/onboarding.routes.ts';
import { analyticsRoutes } from './api/console/analytics.routes.ts';
import { reportRoutes } from './api/console/reports.routes.ts';
import { pricePreviewRoutes } from './api/console/price-preview.routes.ts';
import { phoneBookingRoutes } from './api/console/phone-booking.routes.ts';
import { apiKeyRoutes } from './api/console/api-keys.routes.ts';
import { publicOrderRoutes } from './api/public-api/orders.routes.ts';
import { publicPeopleRoutes } from './api/public-api/people.routes.ts';
import { publicHookRoutes } from './api/public-api/hooks.routes.ts';
import { agentPortalRoutes } from './api/agent-portal/agent-portal.routes.ts';
import { registerApiKeyUses } from './modules/api-keys/api-key-access.ts';
import { changeKeys } from './db/change-feed.ts';
import { SchedulingStore } from './modules/scheduling/scheduling.store.ts';
import { SessionStore } from './modules/sessions/sessions.store.ts';
import { bundledPostalCodes } from './modules/scheduling/postal-codes.ts';
import { addressRoutes } from './api/visitor/address.routes.ts';
import { adminRoutes } from './api/admin/companies.routes.ts';
import { catalogueRoutes } from './api/visitor/catalogue.routes.ts';
import { confirmRoutes } from './api/visitor/confirm.routes.ts';
import { adminOrderRoutes } from './api/admin/admin-orders.routes.ts';
import { adminAnalyticsRoutes } from './api/admin/analytics.routes.ts';
import { adminPaymentRoutes } from './api/admin/payments.routes.ts';
import { adminRetentionRoutes } from './api/admin/retention.routes.ts';
import { healthRoutes } from './api/public/health.routes.ts';
import { calendarFeedRoutes } from './api/public/calendar-feed.routes.ts';
import { publicPaymentRoutes } from './api/public/payments.routes.ts';
import { mailBounceRoutes } from './api/public/mail-bounces.routes.ts';
import { calendarPushRoutes } from './api/public/calendar-push.routes.ts';
import { officeRoutes } from './api/visitor/office.routes.ts';
import { embeddingOriginsOf } from './modules/office/office.service.ts';
import { orderRoutes } from './api/visitor/orders.routes.ts';
import { paymentRoutes } from './api/console/payments.routes.ts';
import { manageRoutes } from './api/manage-link/manage.routes.ts';
import { signingRoutes } from './api/manage-link/signing.routes.ts';
import { orderAgreementsRoutes } from './api/console/order-agreements.routes.ts';
import { manageLinkRoutes } from './api/visitor/manage-link.routes.ts';
import { funnelEventRoutes } from './api/visitor/analytics.routes.ts';
import { manageAdminRoutes } from './api/admin/manage-admin.routes.ts';
import { peopleRoutes } from './api/visitor/people.routes.ts';
import { pricingRoutes } from './api/visitor/pricing.routes.ts';
import { propertyRoutes } from './api/visitor/property.routes.ts';
import { schedulingRoutes } from './api/visitor/scheduling.routes.ts';
import { sessionRoutes } from './api/visitor/sessions.routes.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { serializeError } from './plugins/error-log.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerApiHeaders } from './plugins/security-headers.ts';
import { acceptableTextValidatorCompiler } from './plugins/validation.ts';
import { requireWriteGuardOnEveryWrite, visitorAccess } from './plugins/visitor-access.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerWeb } from './plugins/web.ts';
import { registerConsoleWeb } from './plugins/console-web.ts';
import { registerEmbedScript } from './plugins/embed-script.ts';
import { loadFirstLoad } from './modules/wizard-page/first-load.service.ts';
import { mayTryWhileDisabled } from './modules/sessions/disabled-scheduler.ts';

/** Request bodies of the wizard's calls are small; the admin import raises its own limit. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Logs say what happened, never who: no tokens, no query strings, no bodies. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: loggedPath(req.url),
      }),
    },
  };
}

/** A request's path as logged: no query string, and no pay or manage link's token (each opens an order). */
export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '')
    .replace(/^\/pay\/[^/]+/, '/pay/[redacted]')
    .replace(/^(\/[^/]+(?:\/json)?\/manage\/)[^/]+/, '$1[redacted]');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's sign-in (Better Auth). */
    consoleAuth: () => ConsoleAuth;
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp(
  appOptions: AppOptions,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: appOptions.config.TRUST_PROXY,
    frameworkErrors,
    clientErrorHandler,
    forceCloseConnections: 'idle',
    // While draining, a request that still arrives on an open connection is served (and its
    // connection closed after it) rather than refused with a body outside the error envelope.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  registerJsonBody(app);
  app.setValidatorCompiler(acceptableTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('schedulerSession', null);
  registerErrorHandler(app);
  registerApiHeaders(app, { publicUrl: appOptions.config.PUBLIC_URL });
  requireWriteGuardOnEveryWrite(app);
  // A wizard call that writes has committed by the time its reply is sent. The database announces
  // the change to every instance; saying so here too means this instance's caches never answer
  // the visitor's very next call from before their own write.
  app.addHook('onSend', async (request) => {
    if (request.schedulerSession && MUTATING_METHODS.has(request.method) && !request.routeOptions.config.leavesOrder)
      appOptions.changes.announce(changeKeys.order(request.schedulerSession.orderId));
  });
  // The wizard's JavaScript shrinks to a third; brotli at a middle quality keeps compression
  // cheap enough to do per response.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerRateLimit(app, appOptions.config.REDIS_URL);
  const clock = appOptions.clock ?? Date.now;
  const authSecret = appOptions.authSecret ?? appOptions.config.AUTH_SECRET ?? randomBytes(32).toString('base64url');
  let consoleAuth: ConsoleAuth | null = null;
  /** Made on first use: its links and origin checks need the listening address (PORT=0 in tests). */
  const lazyConsoleAuth = (): ConsoleAuth =>
    (consoleAuth ??= createConsoleAuth({
      db: appOptions.db,
      baseUrl: publicBaseUrl(appOptions.config, listeningPort(app, appOptions.config.PORT)),
      secret: authSecret,
      clock,
      wakeMail: () => appOptions.notifications?.wake(),
    }));
  const partial = {
    ...appOptions,
    clock,
    encryption: DataEncryption.fromConfig(appOptions.config),
    sessions: new SessionStore(appOptions.db, appOptions.changes, clock),
    scheduling: new SchedulingStore(appOptions.db, appOptions.changes, bundledPostalCodes, clock),
    consoleAuth: lazyConsoleAuth,
  };
  const ctx: AppContext = { ...partial, access: visitorAccess(app, partial) };
  registerApiKeyUses(app, ctx);
  // main.ts prints the first owner's sign-in link through it, and tests sign people in.
  app.decorate('consoleAuth', lazyConsoleAuth);

  await registerOpenApi(app);

  await registerWeb(app, {
    webDistDir: ctx.webDistDir,
    embeddingOrigins: (companyKey) => embeddingOriginsOf(ctx.db, companyKey),
    firstLoad: (page, request) => loadFirstLoad(ctx, page, (company) => mayTryWhileDisabled(ctx, request, company)),
  });
  await registerConsoleWeb(app, ctx.consoleDistDir ?? null);
  await registerEmbedScript(app, ctx.webDistDir);
  await app.register(healthRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(sessionRoutes(ctx));
  await app.register(officeRoutes(ctx));
  await app.register(orderRoutes(ctx));
  await app.register(catalogueRoutes(ctx));
  await app.register(schedulingRoutes(ctx));
  await app.register(phoneBookingRoutes(ctx));
  await app.register(addressRoutes(ctx));
  await app.register(peopleRoutes(ctx));
  await app.register(pricingRoutes(ctx));
  await app.register(pricePreviewRoutes(ctx));
  await app.register(propertyRoutes(ctx));
  await app.register(confirmRoutes(ctx));
  await app.register(adminOrderRoutes(ctx));
  await app.register(calendarFeedRoutes(ctx));
  await app.register(adminPaymentRoutes(ctx));
  await app.register(adminRetentionRoutes(ctx));
  await app.register(paymentRoutes(ctx));
  await app.register(publicPaymentRoutes(ctx));
  await app.register(mailBounceRoutes(ctx));
  await app.register(calendarPushRoutes(ctx));
  await app.register(manageLinkRoutes(ctx));
  await app.register(manageRoutes(ctx));
  await app.register(signingRoutes(ctx));
  await app.register(orderAgreementsRoutes(ctx));
  await app.register(manageAdminRoutes(ctx));
  await app.register(consoleAuthRoutes(ctx));
  await app.register(consoleRoutes(ctx));
  await app.register(followUpRoutes(ctx));
  await app.register(privacyRoutes(ctx));
  await app.register(agreementsRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(directoryReviewRoutes(ctx));
  await app.register(calendarSyncRoutes(ctx));
  await app.register(orderEditRoutes(ctx));
  await app.register(ledgerRoutes(ctx));
  await app.register(configurationRoutes(ctx));
  await app.register(onboardingRoutes(ctx));
  await app.register(funnelEventRoutes(ctx));
  await app.register(adminAnalyticsRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(apiKeyRoutes(ctx));
  await app.register(publicOrderRoutes(ctx));
  await app.register(publicPeopleRoutes(ctx));
  await app.register(publicHookRoutes(ctx));
  await app.register(agentPortalRoutes(ctx));
  return app;
}
