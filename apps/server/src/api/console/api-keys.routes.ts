import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySummarySchema,
} from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { apiKeysOf, createApiKey, revokeCompanyApiKey } from '../../modules/api-keys/api-keys.service.ts';
import { deleteHooksOfKey } from '../../modules/webhooks/endpoints.service.ts';

const keyParams = companyKeyParam.extend({ id: z.uuid() });

/** The company's API keys (issue 46, decision 0087), for its owners and admins. */
export function apiKeyRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireMember(ctx, 'integrations.manage');
    const tags = ['console'];
    const base = '/api/console/companies/:company_key/api-keys';
    const now = () => new Date(ctx.clock());

    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary:
            "The company's API keys: name, prefix, scopes, made by whom and when, last used, revoked (never a key)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: apiKeyListSchema },
        },
      },
      async (request) => apiKeysOf(ctx.db, memberOf(request)),
    );
    app.post(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Makes an API key (owner, admin): the answer shows the key this once; only its hash is kept',
          description: `At most 50 live keys a company (409 conflict).`,
          params: companyKeyParam,
          querystring: noQuery,
          body: apiKeyCreateBodySchema,
          response: { 201: apiKeyCreatedSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createApiKey(ctx.db, memberOf(request), request.body, now())),
    );
    app.post(
      `${base}/:id/revoke`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Revokes an API key (owner, admin): it answers 401 from the next request on',
          params: keyParams,
          querystring: noQuery,
          response: { 200: apiKeySummarySchema },
        },
      },
      async (request) => revokeCompanyApiKey(ctx.db, memberOf(request), request.params.id, now(), deleteHooksOfKey),
    );
  };
}
