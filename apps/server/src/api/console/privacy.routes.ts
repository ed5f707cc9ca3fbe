import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  privacyEraseBodySchema,
  privacyEraseResultSchema,
  privacyExportSchema,
  privacyLookupSchema,
  privacyQuerySchema,
} from '@scheduler/contracts/privacy';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { erasePerson, exportPerson, lookUpPerson } from '../../modules/privacy/privacy.service.ts';
import { companyKeyParam } from '../shared-schemas.ts';

/**
 * A person's request about their personal data (issue 49, decision 0078): find it, hand it over,
 * erase it. Owners and admins (`privacy.manage`).
 */
export function privacyRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const base = '/api/console/companies/:company_key/privacy';

    app.get(
      `${base}/orders`,
      {
        onRequest: requireMember(ctx, 'privacy.manage'),
        schema: {
          tags,
          summary:
            'The orders a person is on (as client, agent or contact), found by their e-mail, and whether an erasure would keep each',
          params: companyKeyParam,
          querystring: privacyQuerySchema,
          response: { 200: privacyLookupSchema },
        },
      },
      async (request) => lookUpPerson(ctx.db, memberOf(request), request.query.email, now()),
    );

    app.get(
      `${base}/export`,
      {
        onRequest: requireMember(ctx, 'privacy.manage'),
        schema: {
          tags,
          summary: 'Everything the company holds of a person, found by their e-mail, as a file to give them',
          params: companyKeyParam,
          querystring: privacyQuerySchema,
          response: { 200: privacyExportSchema },
        },
      },
      async (request, reply) => {
        const file = await exportPerson(ctx.db, memberOf(request), request.query.email, now());
        // The address's own characters stay out of the header: a file name any browser saves.
        const name = `personal-data-${file.email.replace(/[^A-Za-z0-9@._-]/g, '_')}.json`;
        return reply.header('content-disposition', `attachment; filename="${name}"`).send(file);
      },
    );

    app.post(
      `${base}/erase`,
      {
        onRequest: requireMember(ctx, 'privacy.manage'),
        schema: {
          tags,
          summary:
            'Erases a person\'s data from every order of theirs whose inspection is over (marked "(erased)"; the order and its prices stay); lists the orders kept',
          params: companyKeyParam,
          body: privacyEraseBodySchema,
          response: { 200: privacyEraseResultSchema },
        },
      },
      async (request) => erasePerson(ctx.db, memberOf(request), request.body.email, now()),
    );
  };
}
