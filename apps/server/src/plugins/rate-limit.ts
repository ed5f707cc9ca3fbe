import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

function rateLimited(after: string): AppError {
  return new AppError(429, 'rate_limited', `Too many requests. Please try again in ${after}.`);
}

/**
 * Counts live in memory, or in Redis when REDIS_URL is set so that several instances share them.
 * Route-level limits (`config.rateLimit`) count per route; the session buckets below are shared
 * by every route that uses them.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'scheduler-rate-limit:' } : {}),
    // A Redis outage must not take the wizard down: count nothing rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => rateLimited(context.after),
  });
}

/** Per client address: session creation. */
export function perAddressLimit(max: number) {
  return { max, timeWindow: '1 minute' };
}

/**
 * One bucket per client address, counted before anything else is read: what a request that
 * carries its credential in the URL (a manage link) draws on, so that guessing tokens is slow.
 */
export function perAddressBucket(app: FastifyInstance, name: string, max: number): onRequestAsyncHookHandler {
  return bucketHook(app, max, (request) => `${name}:address:${request.ip}`);
}

/**
 * One bucket per signed-in console person, for the routes that cost the company or the product
 * money per call (the geocoder: issue 39); it runs after the sign-in hook that names the person.
 */
export function perPersonBucket(app: FastifyInstance, name: string, max: number): onRequestAsyncHookHandler {
  return bucketHook(app, max, (request) => `${name}:person:${request.consoleUser?.id ?? `address:${request.ip}`}`);
}

/** The buckets a session draws on; each is one count per session per minute, whatever the route. */
export type SessionBucketName = 'search' | 'write' | 'events';

const ONE_MINUTE_MS = 60_000;

/**
 * One per-session bucket, shared by every route that takes from it: a hook that runs after the
 * session is known (it counts sessions, not addresses) and answers 429 with Retry-After once the
 * session has used up its minute.
 */
export function sessionBucket(app: FastifyInstance, name: SessionBucketName, max: number): onRequestAsyncHookHandler {
  return bucketHook(
    app,
    max,
    (request) =>
      `${name}:${request.schedulerSession?.sessionId ?? (request.manageLink ? `link:${request.manageLink.linkId}` : `address:${request.ip}`)}`,
  );
}

/** A hook taking one from the bucket `key` names, per minute, answering 429 with Retry-After once it is empty. */
function bucketHook(
  app: FastifyInstance,
  max: number,
  key: (request: FastifyRequest) => string,
): onRequestAsyncHookHandler {
  const take = app.createRateLimit({ max, timeWindow: ONE_MINUTE_MS, keyGenerator: key });
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const result = await take(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(`${result.ttlInSeconds} seconds`);
  };
}
