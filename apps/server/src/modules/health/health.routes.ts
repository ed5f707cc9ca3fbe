import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export function healthRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get('/healthz', { logLevel: 'warn', schema: { tags: ['operations'], summary: 'The process is up', response: { 200: statusSchema } } }, async () => ({ status: 'ok' as const }));
    app.get(
      '/readyz',
      { logLevel: 'warn', schema: { tags: ['operations'], summary: 'The database answers', response: { 200: statusSchema, 503: statusSchema } } },
      async (request, reply) => {
        try {
          await ctx.pingDatabase();
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
}
