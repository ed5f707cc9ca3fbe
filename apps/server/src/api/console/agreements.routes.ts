import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_BODY_MAX,
  agreementPreviewBodySchema,
  agreementPreviewSchema,
  agreementSettingsSchema,
  agreementTemplateInputSchema,
  agreementTemplateSchema,
  agreementTemplatesSchema,
  agreementTemplateVersionDetailSchema,
} from '@scheduler/contracts/agreements';
import { INT32_MAX } from '@scheduler/contracts/int32';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import {
  createTemplate,
  listTemplates,
  previewTemplate,
  saveSettings,
  saveTemplate,
  templateVersion,
} from '../../modules/agreements/templates.service.ts';
import { companyKeyParam } from '../shared-schemas.ts';

const templateParams = companyKeyParam.extend({ template_id: z.uuid() });
/**
 * A template's body may be AGREEMENT_BODY_MAX characters, which as JSON is up to six bytes each
 * (`\u0001`), with room for the rest of the body: above the server's usual limit, so these
 * routes set their own, and the schema's 400 names `body_html` before the server's 413 would.
 */
const TEMPLATE_BODY_LIMIT = AGREEMENT_BODY_MAX * 6 + 64 * 1024;

const versionParams = templateParams.extend({ version: z.coerce.number().int().min(1).max(INT32_MAX) });

/**
 * The company's agreement templates and how they are signed (issue 43, decision 0080). Owners and
 * admins (`agreements.manage`). The static paths (settings, preview) are matched before
 * `:template_id` by the router, whatever the order they are registered in.
 */
export function agreementsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const base = '/api/console/companies/:company_key/agreements';
    const onRequest = requireMember(ctx, 'agreements.manage');

    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: "The company's agreement templates with their versions, how they are signed, and the placeholders",
          params: companyKeyParam,
          response: { 200: agreementTemplatesSchema },
        },
      },
      async (request) => listTemplates(ctx.db, memberOf(request)),
    );

    app.post(
      base,
      {
        onRequest,
        bodyLimit: TEMPLATE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'A new agreement template (its body sanitised): version 1',
          params: companyKeyParam,
          body: agreementTemplateInputSchema,
          response: { 201: agreementTemplateSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createTemplate(ctx.db, memberOf(request), request.body, now())),
    );

    app.put(
      `${base}/settings`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Who signs the company's agreements (one client or every client) and its licence number",
          params: companyKeyParam,
          body: agreementSettingsSchema,
          response: { 200: agreementSettingsSchema },
        },
      },
      async (request) => saveSettings(ctx.db, memberOf(request), request.body),
    );

    app.post(
      `${base}/preview`,
      {
        onRequest,
        bodyLimit: TEMPLATE_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'A body sanitised and filled with a sample order under the company’s name and licence, as a signer reads it',
          params: companyKeyParam,
          body: agreementPreviewBodySchema,
          response: { 200: agreementPreviewSchema },
        },
      },
      async (request) => previewTemplate(ctx.db, memberOf(request), request.body),
    );

    app.put(
      `${base}/:template_id`,
      {
        onRequest,
        bodyLimit: TEMPLATE_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Saves a template: a changed name or wording is a new version; which orders and active change the template in place',
          params: templateParams,
          body: agreementTemplateInputSchema,
          response: { 200: agreementTemplateSchema },
        },
      },
      async (request) => saveTemplate(ctx.db, memberOf(request), request.params.template_id, request.body, now()),
    );

    app.get(
      `${base}/:template_id/versions/:version`,
      {
        onRequest,
        schema: {
          tags,
          summary: "One version of a template's wording, as it was saved",
          params: versionParams,
          response: { 200: agreementTemplateVersionDetailSchema },
        },
      },
      async (request) => templateVersion(ctx.db, memberOf(request), request.params.template_id, request.params.version),
    );
  };
}
