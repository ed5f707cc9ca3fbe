import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeSecretsBodySchema, stripeSecretsStatusSchema } from '@scheduler/contracts/payments';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { recordMemberEvent } from '../../modules/console-auth/member-events.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { setStripeSecrets, stripeSecretsStatus } from '../../modules/payments/payments.service.ts';
import { paymentsDeps } from '../../modules/payments/payments-deps.ts';

export function paymentRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = paymentsDeps(ctx, instance);

    // The company's Stripe keys from the console (issue 26), for its owners and admins: the member's
    // company only (requireMember refuses another company's key), with the admin route's body
    // bounds and its answer, which never carries the keys. Who set them is recorded (never the keys).
    const configurers = requireMember(ctx, 'payments.configure');
    const consolePath = '/api/console/companies/:company_key/payments/stripe';
    app.put(
      consolePath,
      {
        onRequest: configurers,
        schema: {
          tags: ['console'],
          summary: "Sets the company's Stripe keys from the console (owner, admin; write-only)",
          description:
            'As PUT /api/admin/companies/{company_key}/payments/stripe: 409 payments_not_configured without DATA_ENCRYPTION_KEY; the answer says only that the keys are set.',
          params: companyKeyParam,
          querystring: noQuery,
          body: stripeSecretsBodySchema,
          response: { 200: stripeSecretsStatusSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const status = await setStripeSecrets(deps, member.companyKey, request.body);
        await recordMemberEvent(ctx.db, member, 'payment_keys_set', new Date(ctx.clock()));
        return status;
      },
    );
    app.get(
      consolePath,
      {
        onRequest: configurers,
        schema: {
          tags: ['console'],
          summary: "Whether the company's Stripe keys are set, and when (owner, admin; never the keys)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: stripeSecretsStatusSchema },
        },
      },
      async (request) => stripeSecretsStatus(deps, memberOf(request).companyKey),
    );
  };
}
