import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payLinkQuerySchema, payTokenParamSchema, webhookResponseSchema } from '@scheduler/contracts/payments';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { perAddressLimit } from '../../plugins/rate-limit.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { openPayLink, PAY_PATH, type PayLinkAnswer } from '../../modules/payments/payments.service.ts';
import { handleStripeWebhook, type BookingSessionEvents } from '../../modules/payments/webhook.service.ts';
import { confirmDepsOf } from '../confirm-deps.ts';
import { completeBookingPayment, expireBookingPayment } from '../../modules/confirm/booking-payment.service.ts';
import { paymentsDeps } from '../../modules/payments/payments-deps.ts';

/** A Checkout Session event is a few kilobytes; Stripe's largest events stay well below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/** The pay link's own pages: no script, no outside resource, nothing that sends the token anywhere. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGES: Record<
  Exclude<PayLinkAnswer['kind'], 'checkout'> | 'unknown' | 'unavailable' | 'provider_down',
  { title: string; text: string; again?: boolean }
> = {
  paid: { title: 'Paid', text: 'This order is paid. Thank you!' },
  unknown: {
    title: 'Payment link not found',
    text: 'This payment link is not valid. Please use the link in your confirmation e-mail, or call the office.',
  },
  unavailable: {
    title: 'Online payment unavailable',
    text: 'Online payment is not available for this order right now. Please contact the office to pay.',
  },
  provider_down: {
    title: 'Payment service unavailable',
    text: 'The payment service did not answer. Please try again in a few minutes.',
    again: true,
  },
  processing: {
    title: 'Payment processing',
    text: 'Your payment is being processed. You will receive a receipt by e-mail once it is complete.',
  },
  not_started: {
    title: 'Payment not completed',
    text: 'Your payment was not completed, and nothing was charged.',
    again: true,
  },
};

/** The page a refusal of the pay link shows a visitor, who followed a link and reads no JSON. */
function refusalPage(error: unknown): { status: 404 | 409 | 502; kind: keyof typeof PAGES } | null {
  if (!(error instanceof AppError)) return null;
  if (error.statusCode === 404) return { status: 404, kind: 'unknown' };
  if (error.code === 'payments_not_configured') return { status: 409, kind: 'unavailable' };
  if (error.code === 'payment_provider_unavailable') return { status: 502, kind: 'provider_down' };
  return null;
}

function payPage(reply: FastifyReply, kind: keyof typeof PAGES, token: string, status = 200): FastifyReply {
  const page = PAGES[kind];
  const again = page.again ? `<p><a href="${PAY_PATH}/${token}">Pay Online</a></p>` : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><main><h1>${page.title}</h1><p>${page.text}</p>${again}</main></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).send(html);
}

/** The payment routes anyone reaches: the pay link (its token is the guard) and Stripe's webhook (its signature is the guard). */
export function publicPaymentRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = paymentsDeps(ctx, instance);
    // A booking's Checkout Session books its order when it is paid (decision 0085): confirm's part.
    const confirmDeps = confirmDepsOf(ctx, instance);
    const bookings: BookingSessionEvents = {
      completed: async (companyId, sessionId) => {
        const outcome = await completeBookingPayment(confirmDeps, companyId, sessionId, confirmDeps.store.now());
        return outcome.status === 'ok' ? 'paid' : outcome.status === 'not_booked' ? 'refund_due' : 'ignored';
      },
      expired: async (companyId, sessionId) => {
        await expireBookingPayment(confirmDeps, companyId, sessionId, confirmDeps.store.now());
      },
    };
    const tags = ['payments'];

    // The link in the thank-you and the e-mails. A GET, because it is a link; opening it twice opens one Checkout Session.
    app.get(
      `${PAY_PATH}/:token`,
      {
        config: { rateLimit: perAddressLimit(ctx.config.SESSION_RATE_LIMIT) },
        schema: {
          tags,
          summary: "An order's pay link: 303 to its Stripe Checkout Session, or a page saying it is paid",
          params: payTokenParamSchema,
          querystring: payLinkQuerySchema,
          description:
            'The token is the credential (only its hash is stored). A paid order opens no session. A refusal (404 not valid, 409 online payment unavailable, 502 the payment service did not answer) is a page for a browser (Accept: text/html), the error envelope otherwise.',
          response: { 200: z.string().describe('A page: paid, processing, or payment not completed') },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        // The token is in this page's URL: no page it links to may learn it.
        reply.header('referrer-policy', 'no-referrer');
        let answer: PayLinkAnswer;
        try {
          answer = await openPayLink(deps, token, { start: request.query.cancelled === undefined });
        } catch (error) {
          // A person who followed the link reads a page; an API client keeps the error envelope.
          const refusal = (request.headers.accept ?? '').includes('text/html') ? refusalPage(error) : null;
          if (!refusal) throw error;
          return payPage(reply, refusal.kind, token, refusal.status);
        }
        if (answer.kind === 'checkout') return reply.redirect(answer.url, 303);
        return payPage(reply, answer.kind, token);
      },
    );

    // Stripe's signature is over the exact bytes sent: this route alone reads its body as text.
    await app.register(async (webhooks) => {
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      webhooks.withTypeProvider<ZodTypeProvider>().post(
        '/api/payments/stripe/webhook/:company_key',
        {
          bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
          schema: {
            tags,
            summary:
              "Stripe's webhook for one company: checkout.session.completed marks the order paid, charge.refunded records refunds, charge.dispute.created flags the order; each once",
            description:
              "Verified with the company's webhook signing secret (Stripe-Signature). An unknown company, a company without keys, or a signature that does not verify: 400 invalid_signature. " +
              'A paid session that names no booked order of the company: 400 payment_mismatch. A paid session its order cannot take (the order was cancelled, its total is another amount or currency, or it was paid already) ' +
              "is recorded for the office to refund and answered 200 refund_due. charge.refunded writes each refund the ledger does not hold (by Stripe's refund id) and answers 200 refunded; " +
              'charge.dispute.created flags the order once per dispute and answers 200 disputed; a charge of no order of the company answers 200 ignored. Repeats answer 200 and change nothing.',
            params: companyKeyParam,
            querystring: noQuery,
            headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
            body: z.string().max(WEBHOOK_BODY_LIMIT_BYTES),
            response: { 200: webhookResponseSchema },
          },
        },
        async (request) =>
          handleStripeWebhook(
            deps,
            request.params.company_key,
            request.body,
            request.headers['stripe-signature'],
            bookings,
          ),
      );
    });
  };
}
