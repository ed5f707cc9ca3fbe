import { notificationsSchema, paymentsSchema } from '@scheduler/contracts/company-document';
import type { ConfirmBody, ConfirmResponse } from '@scheduler/contracts/confirm';
import { COUPON_USED_UP_MESSAGE } from '@scheduler/domain/pricing/coupons';
import { missingParts, missingPartsMessage } from '@scheduler/domain/confirm/completeness';
import type { AgentParty } from '@scheduler/contracts/people';
import type { Setting } from '@scheduler/contracts/settings';
import { peopleSettings } from '@scheduler/domain/people/contacts-step';
import type { OrderPeople } from '@scheduler/domain/people/order-people';
import type { PersonValues } from '@scheduler/domain/people/person-rules';
import { SettingsReader } from '@scheduler/domain/settings';
import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import type { ControlRule, StoredPropertyAnswers } from '@scheduler/domain/property/property-answers';
import type { Executor } from '../../db/connection.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { retryTransientConflicts } from '../../db/transient-conflict.ts';
import { AppError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import { confirmationJobs, type ConfirmableOrder } from '../notifications/confirmation-jobs.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { agreementsAtBooking } from '../agreements/send-agreements.ts';
import { signAtBooking } from '../agreements/sign-at-booking.ts';
import { NOTHING_TO_SIGN, reviewAgreementsFor } from '../agreements/review-agreements.ts';
import type { ReviewAgreements } from '@scheduler/contracts/agreements';
import type { SignerRequest } from '../agreements/signing.service.ts';
import { payUrlAtConfirm } from '../payments/payments.service.ts';
import { withManageLinks } from '../booking-changes/manage-links.ts';
import {
  alternativesForCart,
  commitInspectors,
  isOverlapViolation,
  timeAvailable,
} from '../scheduling/scheduling.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { currentOrderRevision } from '../orders/orders.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  findConfirmRequest,
  loadConfirmable,
  loadPropertyQuestions,
  lockOrderStatus,
  markOrderConfirmed,
  recordConfirmation,
  saveConfirmRequest,
} from './confirm.repository.ts';

/** What a booking change re-reads to write its messages: the order, its people and its settings, as confirming reads them. */
export function loadConfirmableOrder(
  db: Executor,
  companyId: string,
  orderId: string,
): ReturnType<typeof loadConfirmable> {
  return loadConfirmable(db, companyId, orderId);
}

const MINUTE_MS = 60_000;

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
}

/** Confirm's 409 `order_changed`: the review shows the order as it is now, to be confirmed again. */
export const ORDER_CHANGED_MESSAGE =
  'Your order was changed in another window or tab. Please check it below and confirm again.';

/** Another booking took the time between the lapse of the hold and this confirm. */
class TimeTaken extends Error {}

/** A coupon's last use went to another order while this cart's lease had lapsed. */
class CouponsUsedUp extends Error {
  constructor(readonly codes: string[]) {
    super('coupons used up');
  }
}

/** The order's people by role, each list in its order (the repository reads them by position). */
function peopleOf(aggregate: ConfirmableOrder): OrderPeople {
  const clients: PersonValues[] = [];
  const contacts: PersonValues[] = [];
  const agents: Partial<Record<AgentParty, PersonValues>> = {};
  for (const party of aggregate.parties) {
    if (party.role === 'client') clients.push(party.person);
    else if (party.role === 'contact') contacts.push(party.person);
    else agents[party.role] ??= party.person;
  }
  return { clients, agents, contacts };
}

/**
 * 400 naming the first missing part as the field and every missing part in the message. The
 * people the company's settings require are judged by the contacts step's rules (decision 0018).
 */
function assertComplete(
  aggregate: ConfirmableOrder & { settings: Setting[]; officeTimeZone: string; country: string },
  questions: { controls: ControlRule[]; answers: StoredPropertyAnswers['answers'] },
  now: Date,
): void {
  const { order } = aggregate;
  const currentYear = Number(ZonedCalendar.of(aggregate.officeTimeZone).localDateOf(now.getTime()).slice(0, 4));
  const missing = missingParts({
    heldTime: order.datetime ? { start: order.datetime, inspectorIds: order.inspectors.map((i) => i.id) } : null,
    address: { address1: order.address1, city: order.city, postalCode: order.postalCode },
    userType: order.userType?.type ?? null,
    people: {
      ...peopleOf(aggregate),
      settings: peopleSettings(new SettingsReader(aggregate.settings), aggregate.country),
    },
    property: { controls: questions.controls, stored: { ...order, answers: questions.answers }, currentYear },
    serviceCount: order.packageIds.length + order.serviceIds.length,
  });
  const [first] = missing;
  if (first) throw new AppError(400, 'order_incomplete', missingPartsMessage(missing), first.field);
}

/**
 * Confirms the session's order (spec 7.7, 4.8). In one transaction: the held time becomes the
 * inspectors' appointments, the price is frozen, the order is marked confirmed, the audit event
 * is written and the e-mails are enqueued. A repeat (the same Idempotency-Key, or any confirm of
 * an order already confirmed) answers what the first did and changes nothing.
 */
export async function confirmOrder(
  deps: ConfirmDeps,
  session: AuthenticatedSession,
  body: ConfirmBody,
  idempotencyKey: string | null,
  signer: SignerRequest = { ip: '', userAgent: '' },
  now = deps.store.now(),
): Promise<ConfirmResponse> {
  const { db } = deps.store;
  const { companyId, orderId } = session;
  const aggregate = await loadConfirmable(db, companyId, orderId);
  if (!aggregate) throw new NotFoundError('The order');
  // As every write: an office that no longer takes online bookings ends its sessions.
  if (!aggregate.officeActive) throw new UnauthorizedError();
  const { order } = aggregate;
  // Only a confirm that succeeded stores its answer, and it confirmed the order: a draft has none.
  if (order.status !== 'draft') {
    const stored = idempotencyKey ? await findConfirmRequest(db, companyId, orderId, idempotencyKey) : null;
    return (
      (stored as ConfirmResponse | null) ??
      remember(db, session, idempotencyKey, { status: 'ok', pay_url: order.payUrl })
    );
  }
  assertComplete(aggregate, await loadPropertyQuestions(db, companyId, orderId), now);
  const settings = notificationsSchema.parse(aggregate.notifications ?? {});
  const company = { currency: aggregate.currency };

  const start = order.datetime!.getTime();
  const inspectorIds = order.inspectors.map((i) => i.id);
  // A visitor who comes back after the held time has passed cannot book it: offer what is free now.
  if (start <= now.getTime())
    return { status: 'unavailable', appointments: await alternativesFor(deps.store, session, order, now) };
  // The cart changed after the time was held (spec 3.12, 4.3): the hold's length and team were
  // chosen for the old cart and may not serve the new one. The packages step's Next re-holds it;
  // a visitor who reached the review another way is offered times that fit the cart as it is,
  // from the held time on (decision 0018), and choosing one holds it, which clears the flag.
  if (order.servicesChanged)
    return { status: 'unavailable', appointments: await alternativesForCart(deps.store, session, start, now) };
  let response: ConfirmResponse;
  try {
    // A deadlock or serialization failure PostgreSQL broke is run again, not answered 500.
    response = await retryTransientConflicts(() =>
      db.transaction(async (tx) => {
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
        const snapshot = await deps.priceOrder(tx, order, company.currency, now);
        const payUrl = await payUrlAtConfirm(tx, {
          companyId,
          orderId,
          payments: paymentsSchema.parse(aggregate.payments),
          notifications: settings,
          totalCents: snapshot.total_cents,
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
              : {}),
          },
          // Each person's messages carry their "Manage your inspection" link (issue 24), issued here, in the confirm's transaction.
          jobs: await withManageLinks(
            tx,
            confirmationJobs(aggregate, settings, { start: new Date(start), now, country: aggregate.country }),
          ),
          idempotency: idempotencyKey ? { key: idempotencyKey, response: answer } : null,
        });
        // The company's agreements go out with the booking, each client's with a signing link of their own (issue 43);
        // where the company signs at booking, the client's signature on the review is taken with it.
        await enqueueJobs(tx, await agreementsAtBooking(tx, { companyId, orderId }, now));
        await signAtBooking(tx, { companyId, orderId }, order, body.agreement_signature, signer, now);
        return answer;
      }),
    );
  } catch (error) {
    if (error instanceof CouponsUsedUp) {
      // Nothing was booked: the coupon leaves the cart, and the review shows the price without it.
      await deps.dropCoupons(order, error.codes);
      throw new AppError(409, 'coupon_used_up', COUPON_USED_UP_MESSAGE, 'coupon');
    }
    if (!(error instanceof TimeTaken)) throw error;
    return { status: 'unavailable', appointments: await alternativesFor(deps.store, session, order, now) };
  }
  deps.store.changes.announce(changeKeys.schedule(companyId));
  deps.store.changes.announce(changeKeys.order(orderId));
  deps.onJobsEnqueued();
  return response;
}

/**
 * The agreements the review shows for signing (issue 43): the draft priced as the confirm would
 * price it now, so that what the client reads is what the confirm freezes. None once booked.
 */
export async function reviewAgreements(
  deps: Pick<ConfirmDeps, 'store' | 'priceOrder'>,
  session: AuthenticatedSession,
  now = deps.store.now(),
): Promise<ReviewAgreements> {
  const { db } = deps.store;
  const aggregate = await loadConfirmable(db, session.companyId, session.orderId);
  if (!aggregate || aggregate.order.status !== 'draft' || !aggregate.order.datetime) return NOTHING_TO_SIGN;
  const pricedAs = await deps.priceOrder(db, aggregate.order, aggregate.currency, now);
  return reviewAgreementsFor(
    db,
    { companyId: session.companyId, orderId: session.orderId },
    aggregate.order,
    { ...pricedAs },
    now,
  );
}

async function remember(
  db: Executor,
  session: AuthenticatedSession,
  key: string | null,
  response: ConfirmResponse & { status: 'ok' },
): Promise<ConfirmResponse> {
  if (key) await saveConfirmRequest(db, session.companyId, session.orderId, key, response);
  return response;
}

/** set_datetime's alternatives for the time that was taken (spec 2.12). */
async function alternativesFor(
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
