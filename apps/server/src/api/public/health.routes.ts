import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { RETRY_AFTER_SECONDS } from '../../http/unavailable.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * Probes give up after a couple of seconds; /readyz answers before that whatever the database
 * does, because a probe that times out says less than a 503 and ties up the prober. Within 1.5 s
 * (issue 21), with room for a busy event loop.
 */
export const READINESS_DEADLINE_MS = 1_200;

/** Settles as `work` does, or rejects once `ms` have passed; `work` itself runs on and its result is ignored. */
function withinDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function healthRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/healthz',
      {
        logLevel: 'warn',
        schema: { tags: ['operations'], summary: 'The process is up', response: { 200: statusSchema } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['operations'],
          summary: 'The database answers',
          response: { 200: statusSchema, 503: statusSchema },
        },
      },
      async (request, reply) => {
        try {
          await withinDeadline(ctx.pingDatabase(), READINESS_DEADLINE_MS);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ reason: error instanceof Error ? error.message : 'unknown' }, 'database not reachable');
          return reply
            .status(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({ status: 'unavailable' as const });
        }
      },
    );
  };
}
