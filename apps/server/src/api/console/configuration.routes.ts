import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configurationResponseSchema,
  restoreVersionBodySchema,
  saveConfigurationBodySchema,
  savedConfigurationSchema,
  versionConflictSchema,
  versionDetailQuerySchema,
  versionDetailSchema,
  versionParamsSchema,
  versionsQuerySchema,
  versionsResponseSchema,
} from '@scheduler/contracts/configuration';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import {
  readConfiguration,
  restoreVersion,
  saveConfiguration,
  versionDetail,
  versionHistory,
  type SaveOutcome,
} from '../../modules/configuration/configuration.service.ts';

/** The largest document a save may send, as the admin API's import. */
const DOCUMENT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The company's configuration in the console (issue 26), for owners and admins: the document,
 * its saves (refused over a newer version), its history, a diff between versions, and undo.
 */
export function configurationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const configurers = requireMember(ctx, 'configuration.edit');
    const base = '/api/console/companies/:company_key/configuration';

    /** A save's answer: 200 with the new version, or 409 with what changed since the editor's version. */
    const answer = async (reply: FastifyReply, outcome: SaveOutcome) => {
      if (outcome.status === 'conflict') return reply.status(409).send(outcome.conflict);
      // The database announces the new configuration; the answer waits until this instance has
      // heard it, so the preview's next request already sees the new rules.
      await ctx.changes.flush();
      return reply.status(200).send(outcome.saved);
    };

    app.get(
      base,
      {
        onRequest: configurers,
        schema: {
          tags,
          summary: 'The company document as it is now, and its version (owner, admin)',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: configurationResponseSchema },
        },
      },
      async (request) => readConfiguration(ctx.db, memberOf(request), now()),
    );

    app.put(
      base,
      {
        onRequest: configurers,
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Saves the whole company document, edited from base_version',
          description:
            'Validated as the admin import is (400 invalid_document names the field). Refused with 409 version_conflict, listing what changed, when another version was saved after base_version.',
          params: companyKeyParam,
          querystring: noQuery,
          body: saveConfigurationBodySchema,
          response: { 200: savedConfigurationSchema, 409: versionConflictSchema },
        },
      },
      async (request, reply) => answer(reply, await saveConfiguration(ctx.db, memberOf(request), request.body, now())),
    );

    app.get(
      `${base}/versions`,
      {
        onRequest: configurers,
        schema: {
          tags,
          summary: "The configuration's history, newest first",
          params: companyKeyParam,
          querystring: versionsQuerySchema,
          response: { 200: versionsResponseSchema },
        },
      },
      async (request) => versionHistory(ctx.db, memberOf(request), request.query.page, now()),
    );

    app.get(
      `${base}/versions/:version`,
      {
        onRequest: configurers,
        schema: {
          tags,
          summary: 'A version, and what changed from another (by default the one before it)',
          params: versionParamsSchema,
          querystring: versionDetailQuerySchema,
          response: { 200: versionDetailSchema },
        },
      },
      async (request) => versionDetail(ctx.db, memberOf(request), request.params.version, request.query.against),
    );

    app.post(
      `${base}/versions/:version/restore`,
      {
        onRequest: configurers,
        schema: {
          tags,
          summary: 'Undo to a version: its document saved again as the newest version',
          params: versionParamsSchema,
          querystring: noQuery,
          body: restoreVersionBodySchema,
          response: { 200: savedConfigurationSchema, 409: versionConflictSchema },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await restoreVersion(ctx.db, memberOf(request), request.params.version, request.body.base_version, now()),
        ),
    );
  };
}
