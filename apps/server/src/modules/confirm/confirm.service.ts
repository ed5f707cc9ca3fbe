import { paymentsSchema } from '@scheduler/contracts/company-document';
import type { ConfirmBody, ConfirmResponse } from '@scheduler/contracts/confirm';
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
import { retryTransientConflicts } from '../../db/transient-conflict.ts';
import { AppError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { ConfirmableOrder } from '../notifications/confirmation-jobs.ts';
import { NOTHING_TO_SIGN, reviewAgreementsFor } from '../agreements/review-agreements.ts';
import type { ReviewAgreements } from '@scheduler/contracts/agreements';
import type { SignerRequest } from '../agreements/signing.service.ts';
import { alternativesForCart } from '../scheduling/scheduling.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  findConfirmRequest,
  loadConfirmable,
  loadPropertyQuestions,
  saveConfirmRequest,
} from './confirm.repository.ts';
import {
  alternativesFor,
  announceBooking,
  bookDraft,
  bookingRefusal,
  type Booking,
  type ConfirmDeps,
} from './book-draft.ts';
import { asksAtBooking, startBookingPayment, type WizardReturn } from './booking-payment.service.ts';

/** What a booking change re-reads to write its messages: the order, its people and its settings, as confirming reads them. */
export function loadConfirmableOrder(
  db: Executor,
  companyId: string,
  orderId: string,
): ReturnType<typeof loadConfirmable> {
  return loadConfirmable(db, companyId, orderId);
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
  returnTo: WizardReturn | null = null,
  /**
   * A booking the office's own system makes through the API (issue 46): whether the client gets
   * the confirmation, and no payment at booking (the office's booking; the pay link follows as usual).
   */
  byApi: { notifyClient: boolean } | null = null,
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
  const start = order.datetime!.getTime();
  // A visitor who comes back after the held time has passed cannot book it: offer what is free now.
  if (start <= now.getTime())
    return { status: 'unavailable', appointments: await alternativesFor(deps.store, session, order, now) };
  // The cart changed after the time was held (spec 3.12, 4.3): the hold's length and team were
  // chosen for the old cart and may not serve the new one. The packages step's Next re-holds it;
  // a visitor who reached the review another way is offered times that fit the cart as it is,
  // from the held time on (decision 0018), and choosing one holds it, which clears the flag.
  if (order.servicesChanged)
    return { status: 'unavailable', appointments: await alternativesForCart(deps.store, session, start, now) };
  const payments = paymentsSchema.parse(aggregate.payments);
  // A company that takes a payment at booking (issue 44): nothing is booked until Stripe says it is paid.
  if (asksAtBooking(payments) && !byApi) {
    const started = await startBookingPayment(deps, { session, aggregate, body, signer, returnTo }, now);
    if (started) return started;
  }
  const booking: Booking = { aggregate, body, signer, idempotencyKey, now, notifyClient: byApi?.notifyClient ?? true };
  let response: ConfirmResponse;
  try {
    // A deadlock or serialization failure PostgreSQL broke is run again, not answered 500.
    response = await retryTransientConflicts(() => db.transaction((tx) => bookDraft(deps, tx, booking)));
  } catch (error) {
    const refused = await bookingRefusal(deps, session, booking, error);
    if (refused) return refused;
    throw error;
  }
  announceBooking(deps, aggregate);
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
