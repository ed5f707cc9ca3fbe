import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicPeopleQuerySchema,
  publicPeopleResponseSchema,
  publicPersonParamsSchema,
  publicPersonSchema,
} from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { apiKeySecurity, noQuery } from '../shared-schemas.ts';
import { apiKeyCallerOf, requireApiKey } from '../../modules/api-keys/api-key-access.ts';
import { directoryPage, directoryPerson } from '../../modules/people/directory-api.service.ts';

const tags = ['public API'];

/** The company's directory through the public API (issue 46, decision 0087): its agents and contacts, read by an API key with directory:read. */
export function publicPeopleRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireApiKey(ctx, 'directory:read');

    app.get(
      '/api/v1/people',
      {
        onRequest,
        schema: {
          tags,
          security: apiKeySecurity('directory:read'),
          summary: "Lists the company's directory (scope directory:read): its agents, or its contacts, by id",
          description:
            'One `type` at a time, `limit` a page (at most 200), `next_cursor` for the next. Example: `GET /api/v1/people?type=contacts&limit=100`.',
          querystring: publicPeopleQuerySchema,
          response: { 200: publicPeopleResponseSchema },
        },
      },
      async (request) => directoryPage(ctx.db, apiKeyCallerOf(request).companyId, request.query),
    );
    app.get(
      '/api/v1/people/:id',
      {
        onRequest,
        schema: {
          tags,
          security: apiKeySecurity('directory:read'),
          summary: 'One person of the directory (scope directory:read), e.g. `agent_12` or `contact_5`',
          params: publicPersonParamsSchema,
          querystring: noQuery,
          response: { 200: publicPersonSchema },
        },
      },
      async (request) => directoryPerson(ctx.db, apiKeyCallerOf(request).companyId, request.params.id),
    );
  };
}
