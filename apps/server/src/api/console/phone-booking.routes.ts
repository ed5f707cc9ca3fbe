import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeHoldBodySchema, officeHoldResponseSchema } from '@scheduler/contracts/scheduling';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { officeHold } from '../../modules/scheduling/scheduling.service.ts';
import { requireMember } from '../../modules/console-auth/console-access.ts';

const PREFIX = '/:company_key/json/online_scheduler';

/** The office booking by phone from the console (issue 25), in a wizard session it opened: it may hold times a visitor could not. */
export function phoneBookingRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { write } = ctx.access;
    const tags = ['scheduling'];

    app.post(
      `${PREFIX}/office_hold`,
      {
        // A session the office opened from the console (the wizard's write guard), and the office member signed in (issue 25).
        onRequest: [...write.onRequest, requireMember(ctx, 'orders.change')],
        config: write.config,
        schema: {
          tags,
          summary:
            'The office, booking by phone, holds any time: what the rules would refuse a visitor is answered as warnings until accepted',
          params: companyKeyParam,
          querystring: noQuery,
          body: officeHoldBodySchema,
          response: { 200: officeHoldResponseSchema, 409: officeHoldResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await officeHold(ctx.scheduling, sessionOf(request), request.body);
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
  };
}
