import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENTS_MAX_DAYS,
  orderLedgerSchema,
  paymentsPageSchema,
  paymentsQuerySchema,
  recordPaymentBodySchema,
  REFUND_REASON_MAX,
  refundPaymentBodySchema,
  voidPaymentBodySchema,
} from '@scheduler/contracts/ledger';
import type { AppContext } from '../../context.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { orderLedger, recordPayment, voidPayment, type LedgerDeps } from '../../modules/payments/ledger.service.ts';
import { paymentsDeps } from '../../modules/payments/payments-deps.ts';
import { receiptPdfOrNotFound } from '../../modules/payments/receipt.service.ts';
import { paymentsCsv, paymentsPage } from '../../modules/payments/payments-page.service.ts';
import { refundOnlinePayment } from '../../modules/payments/refunds.service.ts';
import { sendPdf, withSha256 } from '../../http/pdf-reply.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });
const entryParams = orderParams.extend({ payment_id: z.uuid() });

/**
 * An order's payment ledger (issue 41 item 4, decision 0064): owners, admins and office staff read
 * and record; owners and admins void, and refund online payments through Stripe (decision 0067).
 * The company's payments page (decision 0083): owners and admins, office staff if the company allows.
 */
export function ledgerRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const base = '/api/console/companies/:company_key';
    const deps: LedgerDeps = {
      db: ctx.db,
      now: () => new Date(ctx.clock()),
      onChanged: (orderId) => {
        ctx.changes.announce(changeKeys.order(orderId));
        ctx.notifications?.wake();
      },
    };

    app.get(
      `${base}/orders/:id/payments`,
      {
        onRequest: requireMember(ctx, 'payments.record'),
        schema: {
          tags,
          summary: "An order's payment ledger, oldest first, with its total, what was paid and the balance due",
          params: orderParams,
          querystring: noQuery,
          response: { 200: orderLedgerSchema },
        },
      },
      async (request) => orderLedger(deps, memberOf(request), request.params.id),
    );

    app.post(
      `${base}/orders/:id/payments`,
      {
        onRequest: requireMember(ctx, 'payments.record'),
        schema: {
          tags,
          summary: 'Records a payment (check, cash, card, other) or a refund the office made; answers the ledger',
          description:
            '400 on amount_cents for a payment of more than the balance due or a refund of more than was paid; ' +
            '409 conflict for a payment on a cancelled order. The order turns paid when nothing is left due.',
          params: orderParams,
          querystring: noQuery,
          body: recordPaymentBodySchema,
          response: { 201: orderLedgerSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await recordPayment(deps, memberOf(request), request.params.id, request.body)),
    );

    app.post(
      `${base}/orders/:id/payments/:payment_id/void`,
      {
        onRequest: requireMember(ctx, 'payments.void'),
        schema: {
          tags,
          summary: 'Voids a payment the office recorded, with a reason (owner, admin); the entry stays, struck out',
          description: '409 conflict for an entry voided already or an online payment (refunded in Stripe).',
          params: entryParams,
          querystring: noQuery,
          body: voidPaymentBodySchema,
          response: { 200: orderLedgerSchema },
        },
      },
      async (request) =>
        voidPayment(deps, memberOf(request), request.params.id, request.params.payment_id, request.body.reason),
    );

    app.get(
      `${base}/orders/:id/payments/:payment_id/receipt`,
      {
        onRequest: requireMember(ctx, 'payments.record'),
        schema: {
          tags,
          summary:
            "One ledger entry's receipt as a PDF: the company, the order, its price and taxes, the amount and the balance after it",
          description: '404 for an entry of no order of the company, and for a voided entry (it receipts nothing).',
          params: entryParams,
          querystring: noQuery,
        },
      },
      async (request, reply) => {
        const key = { companyId: memberOf(request).companyId, orderId: request.params.id };
        return sendPdf(reply, withSha256(await receiptPdfOrNotFound(ctx.db, key, request.params.payment_id)));
      },
    );

    const payments = paymentsDeps(ctx, instance);
    app.post(
      `${base}/orders/:id/payments/:payment_id/refund`,
      {
        onRequest: requireMember(ctx, 'payments.refund'),
        schema: {
          tags,
          summary:
            'Refunds part or all of an online payment through Stripe, with a reason (owner, admin); answers the ledger',
          description:
            `The reason is 1 to ${REFUND_REASON_MAX} characters. 400 on amount_cents for more than is left to refund of the payment; ` +
            '409 conflict for an entry that is not an online payment; 409 refund_failed when Stripe refuses; 502 when Stripe does not answer. ' +
            "request_id is the refund request's own: sent again, it refunds nothing more and answers the ledger.",
          params: entryParams,
          querystring: noQuery,
          body: refundPaymentBodySchema,
          response: { 201: orderLedgerSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await refundOnlinePayment(
              payments,
              memberOf(request),
              request.params.id,
              request.params.payment_id,
              request.body,
            ),
          ),
    );

    app.get(
      `${base}/payments`,
      {
        onRequest: requireMember(ctx, 'payments.ledger'),
        schema: {
          tags,
          summary:
            "The payments page: the company's payments, fees, refunds and disputes over office dates, a page by keyset, with totals per day, month and method (JSON or CSV)",
          description:
            `At most ${PAYMENTS_MAX_DAYS} days. Filters: kind, method, status, q (an order number or a client's name). ` +
            'The totals sum every line the filters match (voided lines count for nothing, refunds are subtracted, disputes summed apart). ' +
            'format=csv streams every line the filters match, then the totals. Office staff only while the company allows it (console.office_sees_payments).',
          params: companyKeyParam,
          querystring: paymentsQuerySchema,
          response: { 200: z.union([paymentsPageSchema, z.string()]) },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        if (request.query.format !== 'csv') return paymentsPage(ctx.db, member.companyId, request.query);
        const { total, csv } = await paymentsCsv(ctx.db, member.companyId, request.query);
        return sendCsv(
          reply,
          csv,
          `payments-${member.companyKey}-${request.query.from}-${request.query.to}.csv`,
          total,
        );
      },
    );
  };
}
