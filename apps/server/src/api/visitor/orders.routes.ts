import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderResponseSchema } from '@scheduler/contracts/order';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { getOrderForSession } from '../../modules/orders/orders.service.ts';

export function orderRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/:company_key/online-scheduler/order',
      {
        ...ctx.access.readAfterConfirmation,
        schema: {
          tags: ['session'],
          summary: 'The order of the session',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: orderResponseSchema },
        },
      },
      async (request) => getOrderForSession(ctx.db, sessionOf(request)),
    );
  };
}
