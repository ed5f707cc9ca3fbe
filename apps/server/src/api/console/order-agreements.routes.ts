import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderAgreementsSchema } from '@scheduler/contracts/agreements';
import type { AppContext } from '../../context.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import {
  orderAgreementPdf,
  orderAgreementsView,
  resendSigningRequest,
} from '../../modules/agreements/order-agreements.service.ts';
import { readableOrder } from '../../modules/order-list/console-orders.service.ts';
import { sendPdf } from '../../http/pdf-reply.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });
const agreementParams = orderParams.extend({ agreement_id: z.uuid() });
const signerParams = agreementParams.extend({ signer_id: z.uuid() });

/**
 * An order's agreements on its console page (issue 43): who has signed, a new link for a signer
 * who has not, the sealed PDF. Each opens the order as the order page does (`readableOrder`: an
 * inspector who reads only their own orders reads only their agreements).
 */
export function orderAgreementsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const base = '/api/console/companies/:company_key/orders/:id/agreements';

    app.get(
      base,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: "The order's agreements, each signer's sent, opened and signed times, and the sealed PDF's SHA-256",
          params: orderParams,
          querystring: noQuery,
          response: { 200: orderAgreementsSchema },
        },
      },
      async (request) => orderAgreementsView(ctx.db, await readableOrder(ctx.db, memberOf(request), request.params.id)),
    );

    app.post(
      `${base}/:agreement_id/signers/:signer_id/resend`,
      {
        onRequest: requireMember(ctx, 'orders.change'),
        schema: {
          tags,
          summary: 'E-mails a signer who has not signed a new signing link; their old link stops working',
          description: '409 conflict when the agreement is signed or voided, or the signer has signed.',
          params: signerParams,
          querystring: noQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const scope = await readableOrder(ctx.db, member, request.params.id);
        await resendSigningRequest(
          ctx.db,
          scope,
          { agreementId: request.params.agreement_id, signerId: request.params.signer_id },
          { userId: member.userId, name: member.userName },
          new Date(ctx.clock()),
        );
        ctx.changes.announce(changeKeys.order(scope.orderId));
        ctx.notifications?.wake();
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/:agreement_id/pdf`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: 'The sealed PDF of one of the order’s agreements (404 until it is signed)',
          params: agreementParams,
          querystring: noQuery,
        },
      },
      async (request, reply) => {
        const scope = await readableOrder(ctx.db, memberOf(request), request.params.id);
        return sendPdf(reply, await orderAgreementPdf(ctx.db, scope, request.params.agreement_id));
      },
    );
  };
}
