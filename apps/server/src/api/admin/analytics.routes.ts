import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { funnelQuerySchema, funnelResponseSchema } from '@scheduler/contracts/analytics';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, FUNNEL_DESCRIPTION } from '../shared-schemas.ts';
import { companyFunnel } from '../../modules/analytics/analytics.service.ts';

/** The booking funnel of any company (issue 27), for the operator's scripts; the console reads its own company's. */
export function adminAnalyticsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/admin/companies/:company_key/funnel',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: "The company's booking funnel by day",
          description: FUNNEL_DESCRIPTION,
          params: companyKeyParam,
          querystring: funnelQuerySchema,
          response: { 200: funnelResponseSchema },
        },
      },
      async (request) => companyFunnel(ctx.db, request.params.company_key, request.query),
    );
  };
}
