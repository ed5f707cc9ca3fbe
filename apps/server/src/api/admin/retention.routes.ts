import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retentionStatusSchema } from '@scheduler/contracts/retention';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { noQuery } from '../shared-schemas.ts';
import { retentionStatus } from '../../modules/retention/retention.service.ts';

/** The pruning job's policy and runs, for the operator (decision 0074); it spans every company. */
export function adminRetentionRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/admin/retention',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: "The pruning job's retention days, its last ten runs (progress, rows deleted per task) and the next",
          querystring: noQuery,
          response: { 200: retentionStatusSchema },
        },
      },
      async () => retentionStatus(ctx.db, { days: ctx.config.RETENTION_DAYS }),
    );
  };
}
