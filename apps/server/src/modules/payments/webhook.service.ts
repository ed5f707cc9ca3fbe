import type { WebhookResponse } from '@scheduler/contracts/payments';
import { DISPUTE_EVENTS, recordDisputeEvent } from './disputes.service.ts';
import { settleCheckoutEvent, verifiedWebhook, type PaymentsDeps } from './payments.service.ts';
import { recordStripeRefunds } from './refunds.service.ts';

/**
 * A signed Stripe webhook for one company (POST /api/payments/stripe/webhook/<companyKey>),
 * verified with the company's own signing secret: a paid Checkout Session settles its order
 * (decision 0040), `charge.refunded` records the refunds the ledger does not hold (decision 0067)
 * and the `charge.dispute.*` events flag the order and follow the dispute to its outcome
 * (decisions 0067, 0082); any other event is ignored.
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
      : DISPUTE_EVENTS.has(event.type)
        ? await recordDisputeEvent(deps, event)
        : await settleCheckoutEvent(deps, event);
  return { received: true, outcome };
}
