import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packageResponseSchema, serviceResponseSchema } from '@scheduler/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { listPackages, listServices } from '../../modules/pricing/catalogue.service.ts';
import { pricingStoreOf } from '../../modules/pricing/pricing.store.ts';

export function catalogueRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { read } = ctx.access;
    const deps = { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
    const now = () => new Date(ctx.clock());
    app.get(
      '/:company_key/json/online_scheduler/packages',
      {
        ...read,
        schema: {
          tags: ['catalogue'],
          summary: 'Packages with prices for the order',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: z.array(packageResponseSchema) },
        },
      },
      async (request) => listPackages(deps, sessionOf(request), now()),
    );
    app.get(
      '/:company_key/json/online_scheduler/services',
      {
        ...read,
        schema: {
          tags: ['catalogue'],
          summary: 'Services with prices for the order',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: z.array(serviceResponseSchema) },
        },
      },
      async (request) => listServices(deps, sessionOf(request), now()),
    );
  };
}
