import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { exportCompanyDocument, importCompanyDocument } from '../../modules/company-document/companies.service.ts';

export function adminRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireAdmin(ctx);
    app.put(
      '/api/admin/companies/:company_key',
      {
        onRequest,
        bodyLimit: 8 * 1024 * 1024,
        schema: {
          tags: ['admin'],
          summary: 'Creates or replaces a company from its whole company document (idempotent)',
          description: 'The body is a company document; see docs/company-document.schema.json.',
          params: companyKeyParam,
          querystring: noQuery,
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.object({ key: z.string(), created: z.boolean() }) },
        },
      },
      async (request) => {
        const result = await importCompanyDocument(ctx.db, request.body, request.params.company_key);
        // The database announces the new configuration; the answer waits until this instance has
        // heard it, so that the importer's next call already sees the new rules.
        await ctx.changes.flush();
        return result;
      },
    );
    app.get(
      '/api/admin/companies/:company_key',
      {
        onRequest,
        schema: { tags: ['admin'], summary: 'The company document', params: companyKeyParam, querystring: noQuery },
      },
      async (request) => exportCompanyDocument(ctx.db, request.params.company_key),
    );
  };
}
