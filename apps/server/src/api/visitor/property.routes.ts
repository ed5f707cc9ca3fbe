import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setPropertyInfoBodySchema, setPropertyInfoResponseSchema } from '@scheduler/contracts/property';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { type PricingDeps } from '../../modules/pricing/pricing.service.ts';
import { pricingStoreOf } from '../../modules/pricing/pricing.store.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { setPropertyInfo } from '../../modules/property/property.service.ts';

export function propertyRoutes(ctx: AppContext) {
  const deps: PricingDeps = { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/:company_key/json/online_scheduler/set_property_info',
      {
        ...ctx.access.write,
        schema: {
          tags: ['property'],
          summary: "Saves the property step's answers (spec 3.3, 5.6)",
          params: companyKeyParam,
          querystring: noQuery,
          body: setPropertyInfoBodySchema,
          response: { 200: setPropertyInfoResponseSchema },
        },
      },
      async (request) => setPropertyInfo(deps, sessionOf(request), request.body, new Date(ctx.clock())),
    );
  };
}
