import type { WebhookResponse } from '@scheduler/contracts/payments';
import { DISPUTE_EVENTS, recordDisputeEvent } from './disputes.service.ts';
import { settleCheckoutEvent, verifiedWebhook, type PaymentsDeps, type VerifiedWebhook } from './payments.service.ts';
import { recordStripeRefunds } from './refunds.service.ts';
import { BOOKING_PURPOSE } from './booking-checkout.ts';

/**
 * What a booking's Checkout Session events do (decision 0085): confirm's, handed in by the route,
 * since confirm books the order and payments cannot import it.
 */
export interface BookingSessionEvents {
  /** A paid (or card-saving) session: books its order once; answers whether it did. */
  completed(companyId: string, sessionId: string): Promise<'paid' | 'already_paid' | 'refund_due' | 'ignored'>;
  /** A session Stripe expired unpaid: lets the held time go. */
  expired(companyId: string, sessionId: string): Promise<void>;
}

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
]);

/** The session's id when the event is about a booking's Checkout Session (its metadata says so). */
function bookingSessionOf(event: VerifiedWebhook): string | null {
  if (!SESSION_EVENTS.has(event.type)) return null;
  const object = event.object as { id?: unknown; object?: unknown; metadata?: { purpose?: unknown } | null } | null;
  if (object?.object !== 'checkout.session' || object.metadata?.purpose !== BOOKING_PURPOSE) return null;
  return typeof object.id === 'string' ? object.id : null;
}

async function bookingOutcome(
  bookings: BookingSessionEvents,
  event: VerifiedWebhook,
  sessionId: string,
): Promise<WebhookResponse['outcome']> {
  if (event.type === 'checkout.session.expired') {
    await bookings.expired(event.companyId, sessionId);
    return 'ignored';
  }
  return bookings.completed(event.companyId, sessionId);
}

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
  bookings?: BookingSessionEvents,
): Promise<WebhookResponse> {
  const event = await verifiedWebhook(deps, companyKey, rawBody, signature);
  const booking = bookingSessionOf(event);
  if (booking && bookings) return { received: true, outcome: await bookingOutcome(bookings, event, booking) };
  const outcome =
    event.type === 'charge.refunded'
      ? await recordStripeRefunds(deps, event)
      : DISPUTE_EVENTS.has(event.type)
        ? await recordDisputeEvent(deps, event)
        : await settleCheckoutEvent(deps, event);
  return { received: true, outcome };
}
