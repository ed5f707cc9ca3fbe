import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pricePreviewBodySchema, pricePreviewResponseSchema } from '@scheduler/contracts/price-preview';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../modules/console-auth/console-access.ts';
import { readFormBodies } from '../../plugins/form-body.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { previewPrice } from '../../modules/pricing/price-preview.service.ts';

/** A sample price carries the whole draft document: as large as a configuration save may be. */
const DOCUMENT_BODY_LIMIT = 8 * 1024 * 1024;
/** The wizard's pricing routes' limit for a form-encoded body (visitor/pricing.routes.ts). */
const FORM_BODY_LIMIT = 1024;

/** The console's catalogue editor (issue 26): owners and admins price a sample cart against the document they are editing, before saving it. */
export function pricePreviewRoutes(ctx: AppContext) {
  const now = () => new Date(ctx.clock());
  return async (instance: FastifyInstance) => {
    // This route shared the wizard's pricing plugin, which reads form-encoded bodies: kept, so that
    // such a body is still refused by the route's schema (400), not as an unsupported type (415).
    readFormBodies(instance, FORM_BODY_LIMIT);
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/console/companies/:company_key/price-preview',
      {
        onRequest: requireMember(ctx, 'configuration.edit'),
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: {
          tags: ['console'],
          summary: 'Prices a sample cart against an unsaved company document, as the wizard would (owner, admin)',
          description:
            'The document is validated as a save is (400 invalid_document names the field); nothing is stored.',
          params: companyKeyParam,
          querystring: noQuery,
          body: pricePreviewBodySchema,
          response: { 200: pricePreviewResponseSchema },
        },
      },
      async (request) => previewPrice(request.body, now()),
    );
  };
}
