import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeSecretsBodySchema, stripeSecretsStatusSchema } from '@scheduler/contracts/payments';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { setStripeSecrets, stripeSecretsStatus } from '../../modules/payments/payments.service.ts';
import { paymentsDeps } from '../../modules/payments/payments-deps.ts';

/** Any company's Stripe keys, for the operator's scripts; the console sets its own company's. */
export function adminPaymentRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = paymentsDeps(ctx, instance);
    const onRequest = requireAdmin(ctx);
    const tags = ['payments'];

    app.put(
      '/api/admin/companies/:company_key/payments/stripe',
      {
        onRequest,
        schema: {
          tags,
          summary: "Sets the company's Stripe keys (write-only: stored encrypted, never answered, exported or logged)",
          description:
            'Needs DATA_ENCRYPTION_KEY on the server (409 payments_not_configured otherwise). The answer says only that the keys are set, and under which encryption key.',
          params: companyKeyParam,
          querystring: noQuery,
          body: stripeSecretsBodySchema,
          response: { 200: stripeSecretsStatusSchema },
        },
      },
      async (request) => setStripeSecrets(deps, request.params.company_key, request.body),
    );
    app.get(
      '/api/admin/companies/:company_key/payments/stripe',
      {
        onRequest,
        schema: {
          tags,
          summary: "Whether the company's Stripe keys are set (never the keys)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: stripeSecretsStatusSchema },
        },
      },
      async (request) => stripeSecretsStatus(deps, request.params.company_key),
    );
  };
}
