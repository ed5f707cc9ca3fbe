import type { WebhookResponse } from '@scheduler/contracts/payments';
import { settleCheckoutEvent, verifiedWebhook, type PaymentsDeps } from './payments.service.ts';
import { recordDispute, recordStripeRefunds } from './refunds.service.ts';

/**
 * A signed Stripe webhook for one company (POST /api/payments/stripe/webhook/<companyKey>),
 * verified with the company's own signing secret: a paid Checkout Session settles its order
 * (decision 0040), `charge.refunded` records the refunds the ledger does not hold and
 * `charge.dispute.created` flags the order (decision 0067); any other event is ignored.
 */
export async function handleStripeWebhook(
  deps: PaymentsDeps,
  companyKey: string,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResponse> {
  const event = await verifiedWebhook(deps, companyKey, rawBody, signature);
  const outcome =
    event.type === 'charge.refunded'
      ? await recordStripeRefunds(deps, event)
      : event.type === 'charge.dispute.created'
        ? await recordDispute(deps, event)
        : await settleCheckoutEvent(deps, event);
  return { received: true, outcome };
}
