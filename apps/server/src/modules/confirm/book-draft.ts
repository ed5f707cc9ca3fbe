import { notificationsSchema, paymentsSchema } from '@scheduler/contracts/company-document';
import type { ConfirmBody, ConfirmResponse } from '@scheduler/contracts/confirm';
import { COUPON_USED_UP_MESSAGE } from '@scheduler/domain/pricing/coupons';
import type { Executor } from '../../db/connection.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { confirmationJobs, type ConfirmableOrder } from '../notifications/confirmation-jobs.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { agreementsAtBooking } from '../agreements/send-agreements.ts';
import { signAtBooking } from '../agreements/sign-at-booking.ts';
import type { SignerRequest } from '../agreements/signing.service.ts';
import { payUrlAtConfirm, type PaymentsDeps } from '../payments/payments.service.ts';
import { withManageLinks } from '../booking-changes/manage-links.ts';
import {
  announceScheduleChanged,
  commitInspectors,
  isOverlapViolation,
  orderTimeOf,
  timeAvailable,
} from '../scheduling/scheduling.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { currentOrderRevision } from '../orders/orders.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { type loadConfirmable, lockOrderStatus, markOrderConfirmed, recordConfirmation } from './confirm.repository.ts';

/**
 * Booking a draft (spec 7.7): the one transaction that turns a held order into a booked one,
 * whether the visitor's Confirm runs it at once or a payment taken at booking runs it once Stripe
 * says the money arrived (decision 0085). confirm.service.ts and booking-payment.service.ts call it.
 */

export const MINUTE_MS = 60_000;

/** The priced cart as confirmed, frozen on the order: its total, currency and what was booked (package and services). */
export interface PricingSnapshot extends Record<string, unknown> {
  total_cents: number;
  currency: string;
  lines: Array<{ kind: string; id: string; name: string; amount_cents: number }>;
}

/** Prices the order inside the confirm's transaction, as of the confirm's `now`. */
export type PriceOrder = (
  tx: Executor,
  order: ConfirmableOrder['order'],
  currency: string,
  now: Date,
) => Promise<PricingSnapshot>;

/** The cart's coupon uses become the order's (decision 0030); answers the codes that are used up. */
export type ClaimCoupons = (tx: Executor, order: ConfirmableOrder['order'], now: Date) => Promise<string[]>;

export interface ConfirmDeps {
  store: SchedulingStore;
  priceOrder: PriceOrder;
  claimCoupons: ClaimCoupons;
  /** Takes used-up coupons off the order, after the confirm that found them rolled back. */
  dropCoupons: (order: ConfirmableOrder['order'], codes: string[]) => Promise<void>;
  /** The start of the pay link of a company paid through Stripe: PUBLIC_URL, never a request's Host (rule 15). */
  publicBaseUrl: () => string;
  /** Told after a confirm committed e-mails to send, so that the worker need not wait for its next poll. */
  onJobsEnqueued: () => void;
  /** Payments' deps: a payment taken at booking goes through Stripe (issue 44, decision 0085). */
  payments: PaymentsDeps;
}

/** Confirm's 409 `order_changed`: the review shows the order as it is now, to be confirmed again. */
export const ORDER_CHANGED_MESSAGE =
  'Your order was changed in another window or tab. Please check it below and confirm again.';

/** Another booking took the time between the lapse of the hold and this confirm. */
export class TimeTaken extends Error {}

/** A coupon's last use went to another order while this cart's lease had lapsed. */
export class CouponsUsedUp extends Error {
  constructor(readonly codes: string[]) {
    super('coupons used up');
  }
}

/** What booking a draft needs: the order as confirming read it, the visitor's confirm and when. */
export interface Booking {
  aggregate: NonNullable<Awaited<ReturnType<typeof loadConfirmable>>>;
  body: ConfirmBody;
  signer: SignerRequest;
  idempotencyKey: string | null;
  now: Date;
  /** false: no confirmation e-mail or text to the client (a booking through the API that asked so). */
  notifyClient?: boolean;
}

/** A booking's answer: confirm's 200, and what the booking priced (a payment at booking checks its amount against it). */
export type Booked = ConfirmResponse & { status: 'ok' };

/**
 * Books the draft in the caller's transaction (spec 7.7, 4.8): the held time becomes the
 * inspectors' appointments, the price is frozen, the order is marked confirmed, the audit event is
 * written and the e-mails are enqueued. `beforeConfirmed` runs with the frozen price before the
 * order is marked (a payment at booking checks what it paid against it, and records it).
 * Throws `TimeTaken`, `CouponsUsedUp` or an AppError (409 order_changed, 400 agreement_signature).
 */
export async function bookDraft(
  deps: Pick<ConfirmDeps, 'claimCoupons' | 'priceOrder' | 'publicBaseUrl'>,
  tx: Executor,
  booking: Booking,
  beforeConfirmed?: (snapshot: PricingSnapshot) => Promise<{ paidCents: number }>,
): Promise<Booked> {
  const { aggregate, body, signer, idempotencyKey, now } = booking;
  const { order } = aggregate;
  const { companyId, id: orderId } = order;
  const settings = notificationsSchema.parse(aggregate.notifications ?? {});
  const start = order.datetime!.getTime();
  const inspectorIds = order.inspectors.map((i) => i.id);
  const current = await lockOrderStatus(tx, companyId, orderId);
  if (!current) throw new NotFoundError('The order');
  // A concurrent confirm of this order committed while this one read: answer as it did.
  if (current.status !== 'draft') return { status: 'ok' as const, pay_url: current.payUrl };
  // What is booked is what the review showed (decision 0033): another tab may have changed it since.
  if (
    body.order_revision !== undefined &&
    body.order_revision !== (await currentOrderRevision(tx, companyId, orderId))
  ) {
    throw new AppError(409, 'order_changed', ORDER_CHANGED_MESSAGE);
  }
  try {
    // The held time becomes the inspectors' appointments: the hold's own insert, saying "booked".
    await commitInspectors(tx, {
      companyId,
      officeId: order.officeId,
      orderId,
      inspectorIds,
      start,
      end: start + order.durationMinutes * MINUTE_MS,
      now,
      terms: { kind: 'appointment' },
    });
  } catch (error) {
    // The whole transaction rolls back: nothing of this confirm remains.
    if (isOverlapViolation(error)) throw new TimeTaken();
    throw error;
  }
  const usedUp = await deps.claimCoupons(tx, order, now);
  if (usedUp.length > 0) throw new CouponsUsedUp(usedUp);
  const snapshot = await deps.priceOrder(tx, order, aggregate.currency, now);
  const { paidCents } = (await beforeConfirmed?.(snapshot)) ?? { paidCents: 0 };
  const payUrl = await payUrlAtConfirm(tx, {
    companyId,
    orderId,
    payments: paymentsSchema.parse(aggregate.payments),
    notifications: settings,
    // What is left to pay after a payment taken at booking: nothing left, no pay link.
    totalCents: snapshot.total_cents - paidCents,
    currency: snapshot.currency,
    publicBaseUrl: deps.publicBaseUrl(),
  });
  await markOrderConfirmed(tx, companyId, orderId, {
    at: now,
    specialNote: body.special_note,
    pricingSnapshot: snapshot,
    payUrl,
  });
  const answer = { status: 'ok' as const, pay_url: payUrl };
  await recordConfirmation(tx, {
    companyId,
    orderId,
    event: {
      start: new Date(start).toISOString(),
      duration: order.durationMinutes,
      inspectors: inspectorIds,
      total_cents: snapshot.total_cents,
      // Booked by the office for a caller (issue 25): who.
      ...(order.bookedByUserId
        ? { booked_by: { kind: 'office', user_id: order.bookedByUserId, name: order.bookedByName ?? '' } }
        : order.bookedByName
          ? // Booked by the office's own system through an API key (issue 46): the key's name.
            { booked_by: { kind: 'api_key', name: order.bookedByName } }
          : {}),
    },
    // Each person's messages carry their "Manage your inspection" link (issue 24), issued here, in the confirm's transaction.
    jobs: await withManageLinks(
      tx,
      confirmationJobs(
        aggregate,
        settings,
        { start: new Date(start), now, country: aggregate.country },
        booking.notifyClient ?? true,
      ),
    ),
    idempotency: idempotencyKey ? { key: idempotencyKey, response: answer } : null,
  });
  // The company's agreements go out with the booking, each client's with a signing link of their own (issue 43);
  // where the company signs at booking, the client's signature on the review is taken with it.
  const signingJobs = await agreementsAtBooking(tx, { companyId, orderId }, now);
  await enqueueJobs(tx, signingJobs);
  // Every signer of an agreement sent here has a signing job, and a draft had no agreement before:
  // with no job, nobody has anything to sign, and there is no signature to take (nor to ask for).
  if (signingJobs.length > 0)
    await signAtBooking(tx, { companyId, orderId }, order, body.agreement_signature, signer, now);
  return answer;
}

/**
 * What a booking that failed tells the visitor: a time taken is confirm's 409 with the times free
 * now; a coupon used up leaves the cart and is a 409 naming it. Null for any other failure.
 */
export async function bookingRefusal(
  deps: Pick<ConfirmDeps, 'store' | 'dropCoupons'>,
  session: AuthenticatedSession,
  booking: Booking,
  error: unknown,
): Promise<ConfirmResponse | null> {
  const { order } = booking.aggregate;
  if (error instanceof CouponsUsedUp) {
    // Nothing was booked: the coupon leaves the cart, and the review shows the price without it.
    await deps.dropCoupons(order, error.codes);
    throw new AppError(409, 'coupon_used_up', COUPON_USED_UP_MESSAGE, 'coupon');
  }
  if (!(error instanceof TimeTaken)) return null;
  return {
    status: 'unavailable',
    appointments: await alternativesFor(deps.store, session, order, booking.now),
  };
}

/** Whether a booking failed for a reason the visitor is told (the time, a coupon, the order or agreement changed). */
export function isBookingRefusal(error: unknown): boolean {
  return (
    error instanceof TimeTaken ||
    error instanceof CouponsUsedUp ||
    (error instanceof AppError && error.statusCode < 500)
  );
}

/** After a booking committed: the schedule and the order changed, and e-mails wait to be sent. */
export function announceBooking(deps: Pick<ConfirmDeps, 'store' | 'onJobsEnqueued'>, aggregate: Booking['aggregate']) {
  announceScheduleChanged(deps.store.changes, aggregate.order.companyId, [orderTimeOf(aggregate.order)]);
  deps.store.changes.announce(changeKeys.order(aggregate.order.id));
  deps.onJobsEnqueued();
}

/** set_datetime's alternatives for the time that was taken (spec 2.12). */
export async function alternativesFor(
  store: SchedulingStore,
  session: AuthenticatedSession,
  order: ConfirmableOrder['order'],
  now: Date,
) {
  const start = order.datetime!.getTime();
  const answer = await timeAvailable(
    store,
    session,
    {
      from: new Date(start).toISOString(),
      to: new Date(start + order.durationMinutes * MINUTE_MS).toISOString(),
      duration: order.durationMinutes,
      inspectors: order.inspectors.map((i) => i.id),
    },
    now,
  );
  return answer.appointments;
}
