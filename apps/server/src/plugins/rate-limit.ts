import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { hashToken } from '../modules/sessions/tokens.ts';
import { TOKEN_HEADER } from './session-auth.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counts live in memory, or in Redis when
 * REDIS_URL is set so that several instances share them.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'scheduler-rate-limit:' } : {}),
    // A Redis outage must not take the wizard down: count nothing rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, 'rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
}

/** Per client address: session creation. */
export function perAddressLimit(max: number) {
  return { max, timeWindow: '1 minute' };
}

/** Per session: searches. Falls back to the address when no token is sent (then auth refuses it anyway). */
export function perSessionLimit(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const token = request.headers[TOKEN_HEADER];
      return typeof token === 'string' ? `session:${hashToken(token)}` : `address:${request.ip}`;
    },
  };
}
