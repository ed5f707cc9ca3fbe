import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { funnelQuerySchema, funnelResponseSchema } from '@scheduler/contracts/analytics';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { companyKeyParam, FUNNEL_DESCRIPTION } from '../shared-schemas.ts';
import { companyFunnel } from '../../modules/analytics/analytics.service.ts';

/** The member's company's booking funnel (issue 27), from the events the wizard records. */
export function analyticsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/console/companies/:company_key/funnel',
      {
        onRequest: requireMember(ctx, 'funnel.read'),
        schema: {
          tags: ['console'],
          summary: "The company's booking funnel by day (owner, admin, office)",
          description: FUNNEL_DESCRIPTION,
          params: companyKeyParam,
          querystring: funnelQuerySchema,
          response: { 200: funnelResponseSchema },
        },
      },
      async (request) => companyFunnel(ctx.db, memberOf(request).companyKey, request.query),
    );
  };
}
