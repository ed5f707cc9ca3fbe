import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { manageTokenSchema } from '@scheduler/contracts/manage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signBodySchema, signingTokenSchema, signingViewSchema } from '@scheduler/contracts/agreements';
import type { AppContext } from '../../context.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { signingLinkOf } from '../../modules/agreements/signing-access.ts';
import { openAgreementForManageLink } from '../../modules/agreements/manage-agreements.ts';
import { manageLinkOf } from '../../modules/booking-changes/manage-access.ts';
import { signAgreement, signedPdf, signingView, type SigningDeps } from '../../modules/agreements/signing.service.ts';
import { sendPdf } from '../../http/pdf-reply.ts';
import { keepAnswersPrivate } from '../../plugins/private-answers.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { announceScheduleChanged } from '../../modules/scheduling/scheduling.service.ts';

const PREFIX = '/:company_key/json/sign/:token';
const params = companyKeyParam.extend({ token: signingTokenSchema });

/** The signing page's API (issue 43): the token in the path is the credential; it opens one signer of one agreement. */
export function signingRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { signRead, signWrite } = ctx.access;
    const tags = ['signing'];
    const now = () => new Date(ctx.clock());
    const deps: SigningDeps = {
      db: ctx.db,
      onChanged: (scope) => {
        announceScheduleChanged(ctx.changes, scope.companyId);
        ctx.changes.announce(changeKeys.order(scope.orderId));
        ctx.notifications?.wake();
      },
    };
    const requestOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : '',
    });
    // No page the API answers may pass the token on.
    keepAnswersPrivate(instance);

    app.get(
      PREFIX,
      {
        ...signRead,
        schema: {
          tags,
          summary: 'The agreement a signing link opens, filled with the order, and whether it is signed',
          description: 'The first call records when and from which address the signer opened it.',
          params,
          querystring: noQuery,
          response: { 200: signingViewSchema },
        },
      },
      async (request) => signingView(deps, signingLinkOf(request), requestOf(request), now()),
    );

    app.post(
      PREFIX,
      {
        ...signWrite,
        schema: {
          tags,
          summary: "Signs the agreement for the link's signer, once; the signature that completes it seals the PDF",
          description:
            '409 agreement_changed when document_sha256 is not the agreement’s (it changed since the page read it); ' +
            '400 naming the field for a missing consent, name or drawing, or a drawing that is not a PNG within bounds.',
          params,
          querystring: noQuery,
          body: signBodySchema,
          response: { 200: signingViewSchema },
        },
      },
      async (request) => signAgreement(deps, signingLinkOf(request), request.body, requestOf(request), now()),
    );

    app.get(
      `${PREFIX}/pdf`,
      {
        ...signRead,
        schema: {
          tags,
          summary: 'The sealed PDF of a signed agreement (404 until it is complete)',
          params,
          querystring: noQuery,
        },
      },
      async (request, reply) => sendPdf(reply, await signedPdf(ctx.db, signingLinkOf(request))),
    );

    // The same, from a client's manage link: the agreement they sign, opened by the link the
    // confirmation e-mail carries (its token the credential, as for the rest of the manage page).
    const { manageRead, manageWrite } = ctx.access;
    const MANAGED = '/:company_key/json/manage/:token/agreements/:agreement_id';
    const managedParams = companyKeyParam.extend({ token: manageTokenSchema, agreement_id: z.uuid() });
    // The params were checked by the route's schema (`managedParams`) before the handler runs.
    const managedSigner = (request: FastifyRequest) =>
      openAgreementForManageLink(
        ctx.db,
        manageLinkOf(request),
        (request.params as { agreement_id: string }).agreement_id,
      );
    app.get(
      MANAGED,
      {
        ...manageRead,
        schema: {
          tags,
          summary: "One of the order's agreements, for the client its manage link was sent to",
          params: managedParams,
          querystring: noQuery,
          response: { 200: signingViewSchema },
        },
      },
      async (request) => signingView(deps, await managedSigner(request), requestOf(request), now()),
    );
    app.post(
      MANAGED,
      {
        ...manageWrite,
        schema: {
          tags,
          summary: 'Signs the agreement as the client its manage link was sent to, once',
          params: managedParams,
          querystring: noQuery,
          body: signBodySchema,
          response: { 200: signingViewSchema },
        },
      },
      async (request) => signAgreement(deps, await managedSigner(request), request.body, requestOf(request), now()),
    );
    app.get(
      `${MANAGED}/pdf`,
      {
        ...manageRead,
        schema: {
          tags,
          summary: 'The sealed PDF of a signed agreement, from a client’s manage link (404 until it is complete)',
          params: managedParams,
          querystring: noQuery,
        },
      },
      async (request, reply) => sendPdf(reply, await signedPdf(ctx.db, await managedSigner(request))),
    );
  };
}
