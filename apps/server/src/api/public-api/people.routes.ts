import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicPeopleQuerySchema,
  publicPeopleResponseSchema,
  publicPersonParamsSchema,
  publicPersonSchema,
  publicPersonWriteParamsSchema,
  publicPersonWriteSchema,
} from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { apiKeySecurity, noQuery } from '../shared-schemas.ts';
import { apiKeyCallerOf, requireApiKey } from '../../modules/api-keys/api-key-access.ts';
import { replyIdempotently } from '../../modules/api-keys/idempotency.service.ts';
import { directoryPage, directoryPerson } from '../../modules/people/directory-api.service.ts';
import { upsertDirectoryPerson } from '../../modules/people/directory-writes.service.ts';

const tags = ['public API'];

/**
 * The company's directory through the public API (issue 46, decisions 0087 and 0091): its agents
 * and contacts, read by an API key with directory:read, written by one with directory:write.
 */
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
    app.put(
      '/api/v1/people/:id',
      {
        onRequest: requireApiKey(ctx, 'directory:write'),
        schema: {
          tags,
          security: apiKeySecurity('directory:write'),
          summary:
            'Creates or changes one person of the directory (scope directory:write), by our id or by your own (`ext_<your id>`)',
          description:
            'The whole person: a field left out is blank (a contact\u2019s `contact_type_id` is required). ' +
            '`{id}` is `agent_12` / `contact_5` (a person of the directory: 404 when there is none) or `ext_<your id>` ' +
            '(1 to 64 letters, digits, `.`, `_`, `~`, `-`): the first PUT to it creates the person (201), the next ones change them (200). ' +
            'The answer is the person as `GET /api/v1/people/{id}` gives them, with `external_id`. 409 `role_mismatch` when an agent would become a contact or the reverse. ' +
            'People written here are kept by later imports of the company document, and a new one is sent as `person.created` to webhooks. ' +
            'PUT is idempotent by nature (a repeat writes the same person); an `Idempotency-Key` is honoured as on a POST. ' +
            'Example: `PUT /api/v1/people/ext_crm-4411` with `{"role": "real_estate_agent", "first": "Dana", "last": "Reyes", "email": "dana@realty.example", "agency": "Reyes Realty"}`; ' +
            '`PUT /api/v1/people/ext_lender-7` with `{"role": "contact", "first": "Kim", "last": "Lo", "contact_type_id": 2}`.',
          params: publicPersonWriteParamsSchema,
          querystring: noQuery,
          body: publicPersonWriteSchema,
          response: { 200: publicPersonSchema, 201: publicPersonSchema },
        },
      },
      async (request, reply) =>
        replyIdempotently(ctx.db, request, reply as FastifyReply, new Date(ctx.clock()), async (caller) => {
          const written = await upsertDirectoryPerson(ctx.db, caller.companyId, request.params.id, request.body);
          return { status: written.created ? 201 : 200, body: written.person };
        }),
    );
  };
}
