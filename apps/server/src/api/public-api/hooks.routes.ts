import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicHookBodySchema, publicHookListSchema, publicHookSchema } from '@scheduler/contracts/webhooks';
import type { AppContext } from '../../context.ts';
import { apiKeySecurity, noQuery } from '../shared-schemas.ts';
import { apiKeyCallerOf, requireApiKey } from '../../modules/api-keys/api-key-access.ts';
import { replyIdempotently } from '../../modules/api-keys/idempotency.service.ts';
import { hooksOfKey, subscribeHook, unsubscribeHook } from '../../modules/webhooks/endpoints.service.ts';
import { webhookDepsOf } from '../../modules/webhooks/webhooks-deps-of.ts';

const tags = ['public API'];

/**
 * REST hooks (issue 46): a company's other system, Zapier's REST hook triggers first, subscribes a
 * URL to one event and unsubscribes it, with an API key of scope webhooks:write. A subscription is
 * one of the company's webhook endpoints (decision 0086): signed, retried and logged as they are.
 * It belongs to the key that made it (decision 0104): only that key lists and deletes it through
 * the API, and revoking the key deletes it; the console's owners and admins see and delete them all.
 */
export function publicHookRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = webhookDepsOf(ctx, instance);
    const onRequest = requireApiKey(ctx, 'webhooks:write');

    app.post(
      '/api/v1/hooks',
      {
        onRequest,
        schema: {
          tags,
          security: apiKeySecurity('webhooks:write'),
          summary: 'Subscribes a URL to one event (scope webhooks:write): a REST hook, as Zapier subscribes',
          description:
            "Makes a webhook endpoint of the company for the event (listed on the console's Webhooks page), and answers its id and signing secret. " +
            'The hook belongs to this key: only this key lists or deletes it here, and it is deleted when the key is revoked. ' +
            'The URL must be https and resolve to a public address. Example: `{"target_url": "https://hooks.zapier.com/hooks/standard/1/abc/", "event": "order.confirmed"}`. ' +
            '409 when the company has its most endpoints. Takes an `Idempotency-Key`.',
          querystring: noQuery,
          body: publicHookBodySchema,
          response: { 201: publicHookSchema },
        },
      },
      async (request, reply) =>
        replyIdempotently(ctx.db, request, reply as FastifyReply, new Date(ctx.clock()), async (caller) => ({
          status: 201,
          body: await subscribeHook(deps, caller, request.body),
        })),
    );

    app.get(
      '/api/v1/hooks',
      {
        onRequest,
        schema: {
          tags,
          security: apiKeySecurity('webhooks:write'),
          summary: 'Lists the hooks this key subscribed (scope webhooks:write)',
          description:
            "Only this key's own subscriptions: not another key's, nor the endpoints made on the console's Webhooks page. No secrets.",
          querystring: noQuery,
          response: { 200: publicHookListSchema },
        },
      },
      async (request) => hooksOfKey(deps, apiKeyCallerOf(request)),
    );

    app.delete(
      '/api/v1/hooks/:id',
      {
        onRequest,
        schema: {
          tags,
          security: apiKeySecurity('webhooks:write'),
          summary:
            'Unsubscribes a REST hook (scope webhooks:write): its endpoint is deleted, nothing more is sent to it',
          description:
            "404 for an id that is not one of this key's hooks (another key's, the console's endpoints, another company's).",
          params: z.object({ id: z.uuid() }).strict(),
          querystring: noQuery,
          response: { 204: z.null().describe('Unsubscribed') },
        },
      },
      async (request, reply) => {
        await unsubscribeHook(deps, apiKeyCallerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
