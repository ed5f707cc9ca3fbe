import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { apiKeyOfToken, recordApiKeyUse, type ApiKeyCaller } from './api-keys.service.ts';
import { KeyRateLimiter } from './key-rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that opened the request (the public API's routes only); null elsewhere. */
    apiKeyCaller: ApiKeyCaller | null;
  }
}

const limiters = new WeakMap<AppContext, KeyRateLimiter>();
function limiterOf(ctx: AppContext): KeyRateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) limiters.set(ctx, (limiter = new KeyRateLimiter(ctx.config.API_KEY_RATE_LIMIT, ctx.clock)));
  return limiter;
}

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/**
 * The public API's guard (api/public-api/): an API key as the bearer token (never the operator's
 * admin token, nor a console session), not revoked, holding `scope`, within its rate limit. The
 * key's company is the one every read and write of the route is confined to (`apiKeyCallerOf`).
 * Every request a key opened is recorded once answered (`registerApiKeyUses`), refused or not.
 */
export function requireApiKey(ctx: AppContext, scope: ApiKeyScope): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const caller = await apiKeyOfToken(ctx.db, bearerOf(request));
    request.apiKeyCaller = caller;
    if (caller.revoked) throw new AppError(401, 'unauthorized', 'This API key was revoked.');
    const bucket = limiterOf(ctx).take(caller.keyId);
    reply.header('ratelimit-limit', String(bucket.limit));
    reply.header('ratelimit-remaining', String(bucket.remaining));
    reply.header('ratelimit-reset', String(bucket.resetSeconds));
    if (!bucket.allowed) {
      reply.header('retry-after', String(bucket.retryAfterSeconds));
      throw new AppError(
        429,
        'rate_limited',
        `This API key made more than ${bucket.limit} requests a minute. Please try again in ${bucket.retryAfterSeconds} seconds.`,
      );
    }
    if (!caller.scopes.includes(scope))
      throw new AppError(403, 'insufficient_scope', `This API key lacks the scope this request needs: ${scope}.`);
  };
}

/** The key the route's guard accepted. */
export function apiKeyCallerOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKeyCaller) throw new Error('requireApiKey must run before apiKeyCallerOf');
  return request.apiKeyCaller;
}

/** Records each use of a key once its answer is sent: the key, the method, the route's pattern and the status. */
export function registerApiKeyUses(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock'>): void {
  app.decorateRequest('apiKeyCaller', null);
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiKeyCaller;
    if (!caller) return;
    try {
      await recordApiKeyUse(
        ctx.db,
        caller,
        { method: request.method, route: request.routeOptions.url ?? 'unknown', status: reply.statusCode },
        new Date(ctx.clock()),
      );
    } catch (error) {
      request.log.error({ code: 'api_key_use_not_recorded', err: error }, 'api key use not recorded');
    }
  });
}
