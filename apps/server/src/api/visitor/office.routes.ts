import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currencyCodeResponseSchema,
  officeContactResponseSchema,
  officeResponseSchema,
} from '@scheduler/contracts/office';
import type { AppContext } from '../../context.ts';
import { LOGO_SECURITY_POLICY } from '../../plugins/security-headers.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { mayTryWhileDisabled } from '../../modules/sessions/disabled-scheduler.ts';
import {
  getCurrencyCode,
  getLogo,
  getOfficeContact,
  getOfficeForSession,
} from '../../modules/office/office.service.ts';

export function officeRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/:company_key/online-scheduler/office',
      {
        ...ctx.access.readAfterConfirmation,
        schema: {
          tags: ['session'],
          summary: 'The office of the session, with settings, inspectors, states and property questions',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: officeResponseSchema },
        },
      },
      async (request) => getOfficeForSession(ctx.db, sessionOf(request)),
    );

    app.get(
      '/:company_key/json/currency_code',
      {
        schema: {
          tags: ['session'],
          summary: 'The company currency (no token)',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: currencyCodeResponseSchema },
        },
      },
      async (request) => ({ currency_code: await getCurrencyCode(ctx.db, request.params.company_key) }),
    );

    app.get(
      '/:company_key/json/online_scheduler/office_contact/:office_uuid',
      {
        schema: {
          tags: ['session'],
          summary:
            'Public office contact details, whether the scheduler is enabled, and whether the signed-in console member may try it while it is disabled (no token); used by the status pages',
          params: companyKeyParam.extend({ office_uuid: z.uuid() }),
          querystring: noQuery,
          response: { 200: officeContactResponseSchema },
        },
      },
      async (request) =>
        getOfficeContact(ctx.db, request.params.company_key, request.params.office_uuid, (company) =>
          mayTryWhileDisabled(ctx, request, company),
        ),
    );

    app.get(
      '/:company_key/logo',
      {
        schema: {
          tags: ['session'],
          summary: 'The office logo, the company logo, or a default mark',
          params: companyKeyParam,
          querystring: z.object({ office: z.uuid().optional() }).strict(),
        },
      },
      async (request, reply) => {
        const logo = await getLogo(ctx.db, request.params.company_key, request.query.office);
        return reply
          .header('content-type', logo.contentType)
          .header('cache-control', 'public, max-age=300')
          .header('content-security-policy', LOGO_SECURITY_POLICY)
          .send(logo.body);
      },
    );
  };
}
