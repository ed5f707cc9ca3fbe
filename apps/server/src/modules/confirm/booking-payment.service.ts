import type { PaymentSettings } from '@scheduler/contracts/company-document';
import { asksSomethingAtBooking, paymentsSchema } from '@scheduler/contracts/company-document';
import type {
  BookingPaymentReturnResponse,
  BookingPaymentView,
  ConfirmBody,
  ConfirmResponse,
} from '@scheduler/contracts/confirm';
import { agreementSignatureSchema } from '@scheduler/contracts/agreements';
import { holdMinutesOf } from '@scheduler/domain/availability/hold-length';
import { formatMoney } from '@scheduler/domain/money-format';
import { bookingPaymentOf, savesCardAtBooking, type BookingPayment } from '@scheduler/domain/payments/at-booking';
import { SettingsReader } from '@scheduler/domain/settings';
import { retryTransientConflicts } from '../../db/transient-conflict.ts';
import { NotFoundError } from '../../errors.ts';
import type { SignerRequest } from '../agreements/signing.service.ts';
import {
  closeBookingCheckout,
  openBookingCheckout,
  readBookingCheckout,
  recordBookingPayment,
  refundUnbookedPayment,
  sessionSucceeded,
} from '../payments/booking-checkout.ts';
import { commitInspectors, isOverlapViolation, releaseOrderTime } from '../scheduling/scheduling.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  announceBooking,
  bookDraft,
  bookingRefusal,
  CouponsUsedUp,
  isBookingRefusal,
  MINUTE_MS,
  type Booking,
  type ConfirmDeps,
  type PricingSnapshot,
} from './book-draft.ts';
import { loadConfirmable } from './confirm.repository.ts';
import {
  countBookingPayments,
  findBookingPayment,
  insertBookingPayment,
  latestBookingPayment,
  settleBookingPayment,
  type BookingPaymentRow,
} from './booking-payments.repository.ts';

/**
 * A payment taken before the order is booked (issue 44, decision 0085). Confirm checks that the
 * order would book (the booking's own transaction, run and rolled back), holds the time for as
 * long as Stripe's page can take the payment, and answers the page's address. The paid session
 * books the order, once, whether the client comes back from Stripe or Stripe's webhook tells
 * first; a payment for an order that can then not be booked is given back in full. A session the
 * client leaves is closed at Stripe and the time is held the usual while longer; one that expires
 * releases the time.
 */

/** Stripe keeps a Checkout Session open at least 30 minutes: this one stays payable 31. */
const CHECKOUT_MINUTES = 31;
/** The time stays held a little past the session's end, so a payment made at its last second still books. */
const HOLD_MARGIN_MINUTES = 4;

/** The wizard's session token, from the confirm's header: Stripe sends the client back to the wizard's own address. */
export interface WizardReturn {
  token: string;
}

type Aggregate = Booking['aggregate'];

/** Whether the company may take anything at booking: Stripe, and a rule other than "later" or a saved card. */
export function asksAtBooking(payments: PaymentSettings): boolean {
  return payments.provider === 'stripe' && asksSomethingAtBooking(payments);
}

/** What the order pays at booking, and whether the card is kept (always, when only a card is asked for). */
type Due = (BookingPayment | { kind: 'card'; amountCents: 0; dueLaterCents: number }) & { saveCard: boolean };

/** What the order pays at booking priced as `snapshot`: the domain's rule, or a card saved with nothing charged. */
function dueOf(aggregate: Aggregate, snapshot: PricingSnapshot, payments = paymentsOf(aggregate)): Due | null {
  const { order } = aggregate;
  const saveCard = savesCardAtBooking(payments);
  const due = bookingPaymentOf(
    payments,
    { serviceIds: order.serviceIds, packageIds: order.packageIds },
    { cents: snapshot.total_cents, currency: snapshot.currency },
  );
  if (due) return { ...due, saveCard };
  return saveCard ? { kind: 'card', amountCents: 0, dueLaterCents: snapshot.total_cents, saveCard } : null;
}

const paymentsOf = (aggregate: Aggregate): PaymentSettings => paymentsSchema.parse(aggregate.payments);

function firstClientEmail(aggregate: Aggregate): string | null {
  const client = aggregate.parties.find((party) => party.role === 'client');
  const email = client?.person.email;
  return typeof email === 'string' && email.includes('@') ? email : null;
}

/** Thrown inside a rolled-back booking: it would have booked. */
class WouldBook extends Error {}
/** What the paid session charged is no longer what the order asks at booking (its price changed while the client paid). */
class AmountChanged extends Error {}

async function holdUntil(aggregate: Aggregate, until: Date, now: Date, db: Parameters<typeof commitInspectors>[0]) {
  const { order } = aggregate;
  const start = order.datetime!.getTime();
  await commitInspectors(db, {
    companyId: order.companyId,
    officeId: order.officeId,
    orderId: order.id,
    inspectorIds: order.inspectors.map((i) => i.id),
    start,
    end: start + order.durationMinutes * MINUTE_MS,
    now,
    terms: { kind: 'hold', expiresAt: until },
  });
}

function heldUntilOf(row: Pick<BookingPaymentRow, 'expiresAt'>): Date {
  return new Date(row.expiresAt.getTime() + HOLD_MARGIN_MINUTES * MINUTE_MS);
}

/**
 * Confirm's part when the company takes a payment at booking: null when this order pays nothing
 * then (confirm books it at once); otherwise Stripe's page to pay on, or why it cannot book.
 */
export async function startBookingPayment(
  deps: ConfirmDeps,
  request: {
    session: AuthenticatedSession;
    aggregate: Aggregate;
    body: ConfirmBody;
    signer: SignerRequest;
    returnTo: WizardReturn | null;
  },
  now: Date,
): Promise<ConfirmResponse | null> {
  const { db } = deps.store;
  const { session, aggregate, body, signer } = request;
  const { order } = aggregate;
  const priced = await deps.priceOrder(db, order, aggregate.currency, now);
  const due = dueOf(aggregate, priced);
  if (!due) return null;

  // A second press while Stripe's page is open for the same order and amount: the same page.
  const open = await latestBookingPayment(db, order.companyId, order.id);
  if (open?.state === 'open') {
    const same =
      open.amountCents === due.amountCents &&
      open.kind === due.kind &&
      (open.confirmRequest as { order_revision?: string }).order_revision === body.order_revision &&
      open.expiresAt.getTime() - now.getTime() > 2 * MINUTE_MS;
    if (same)
      return {
        status: 'payment_required',
        checkout_url: open.checkoutUrl,
        held_until: heldUntilOf(open).toISOString(),
      };
    // Another amount or an order changed since: that page is closed first, so two are never payable at once.
    const closed = await closeOpen(deps, open, now);
    if (closed) return closed;
  }

  // Would it book? The booking's own transaction, rolled back: a taken time, a used-up coupon, a
  // changed order or a missing signature is said now, before the client pays anything.
  const booking: Booking = { aggregate, body, signer, idempotencyKey: null, now };
  try {
    await db.transaction(async (tx) => {
      await bookDraft(deps, tx, booking);
      throw new WouldBook();
    });
  } catch (error) {
    if (!(error instanceof WouldBook)) {
      const refused = await bookingRefusal(deps, session, booking, error);
      if (refused) return refused;
      throw error;
    }
  }

  const expiresAt = new Date(now.getTime() + CHECKOUT_MINUTES * MINUTE_MS);
  const heldUntil = heldUntilOf({ expiresAt });
  try {
    // The time is held for as long as Stripe's page can take the payment.
    await db.transaction((tx) => holdUntil(aggregate, heldUntil, now, tx));
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    return bookingRefusal(deps, session, booking, error) as Promise<ConfirmResponse>;
  }
  const attempt = (await countBookingPayments(db, order.companyId, order.id)) + 1;
  const back = `${deps.publicBaseUrl()}/${encodeURIComponent(session.companyKey)}/online-scheduler/review?${new URLSearchParams(
    {
      t: request.returnTo?.token ?? '',
      office: session.officeId,
    },
  ).toString()}`;
  const checkout = await openBookingCheckout(deps.payments, {
    companyId: order.companyId,
    orderId: order.id,
    companyName: aggregate.companyName,
    amountCents: due.amountCents,
    currency: priced.currency,
    saveCard: due.saveCard,
    email: firstClientEmail(aggregate),
    successUrl: `${back}&booking_payment={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${back}&booking_payment=cancelled`,
    expiresAt,
    idempotencyKey: `booking:${order.id}:${body.order_revision ?? ''}:${due.amountCents}:${attempt}`,
  });
  await insertBookingPayment(
    db,
    {
      companyId: order.companyId,
      orderId: order.id,
      checkoutSessionId: checkout.id,
      checkoutUrl: checkout.url,
      amountCents: due.amountCents,
      currency: priced.currency,
      kind: due.kind,
      saveCard: due.saveCard,
      state: 'open',
      confirmRequest: {
        special_note: body.special_note,
        ...(body.order_revision ? { order_revision: body.order_revision } : {}),
        ...(body.agreement_signature ? { agreement_signature: body.agreement_signature } : {}),
        signer: { ip: signer.ip, user_agent: signer.userAgent },
      },
      expiresAt,
    },
    now,
  );
  return { status: 'payment_required', checkout_url: checkout.url, held_until: heldUntil.toISOString() };
}

/**
 * Closes an open page at Stripe before another is opened or the client left it. A page paid
 * meanwhile books the order instead (answered as confirm's 200, or the not-booked words).
 */
async function closeOpen(deps: ConfirmDeps, row: BookingPaymentRow, now: Date): Promise<ConfirmResponse | null> {
  const outcome = await closeBookingCheckout(deps.payments, row.companyId, row.checkoutSessionId);
  if (outcome === 'complete') {
    const completed = await completeBookingPayment(deps, row.companyId, row.checkoutSessionId, now);
    if (completed.status === 'ok') return completed;
    return null;
  }
  await settleBookingPayment(deps.store.db, row.companyId, row.checkoutSessionId, 'cancelled', now);
  return null;
}

/** The confirm a payment stands for, as its row keeps it. */
function bookingOf(aggregate: Aggregate, row: BookingPaymentRow, now: Date): Booking {
  const stored = row.confirmRequest as {
    special_note?: string;
    order_revision?: string;
    agreement_signature?: unknown;
    signer?: { ip?: string; user_agent?: string };
  };
  const signature = agreementSignatureSchema.safeParse(stored.agreement_signature);
  return {
    aggregate,
    body: {
      special_note: stored.special_note ?? '',
      ...(stored.order_revision ? { order_revision: stored.order_revision } : {}),
      ...(signature.success ? { agreement_signature: signature.data } : {}),
    },
    signer: { ip: stored.signer?.ip ?? '', userAgent: stored.signer?.user_agent ?? '' },
    idempotencyKey: null,
    now,
  };
}

/**
 * A booking's Checkout Session that Stripe says is paid (the client came back, or the webhook
 * `checkout.session.completed` told): books the order with the payment in its ledger, once. Read
 * from Stripe itself, so a forged return changes nothing. Not paid (yet): `not_paid`.
 */
export async function completeBookingPayment(
  deps: ConfirmDeps,
  companyId: string,
  sessionId: string,
  now: Date,
): Promise<BookingPaymentReturnResponse> {
  const { db } = deps.store;
  const row = await findBookingPayment(db, companyId, sessionId);
  if (!row) throw new NotFoundError('The payment');
  const settled = await settledAnswer(deps, row);
  if (settled) return settled;
  const session = await readBookingCheckout(deps.payments, companyId, sessionId);
  if (!session || !sessionSucceeded(session)) return { status: 'not_paid' };
  const aggregate = await loadConfirmable(db, companyId, row.orderId);
  if (!aggregate) throw new NotFoundError('The order');
  const booking = bookingOf(aggregate, row, now);
  const order = { companyId, orderId: row.orderId };
  try {
    const answer = await retryTransientConflicts(() =>
      db.transaction(async (tx) => {
        // The return and the webhook arrive together: the one that locks the row first books.
        const current = await findBookingPayment(tx, companyId, sessionId, true);
        if (current?.state !== 'open') return null;
        const booked = await bookDraft(deps, tx, booking, async (snapshot) => {
          const due = dueOf(aggregate, snapshot);
          if ((due?.amountCents ?? 0) !== row.amountCents) throw new AmountChanged();
          await recordBookingPayment(
            tx,
            order,
            {
              session,
              amountCents: row.amountCents,
              currency: row.currency,
              kind: row.kind,
              dueLaterCents: Math.max(0, snapshot.total_cents - row.amountCents),
              paidAt: now,
              clients: clientsOf(aggregate),
            },
            now,
          );
          await settleBookingPayment(tx, companyId, sessionId, 'booked', now);
          return { paidCents: row.amountCents };
        });
        return booked;
      }),
    );
    if (!answer)
      return (
        (await settledAnswer(deps, (await findBookingPayment(db, companyId, sessionId))!)) ?? { status: 'not_paid' }
      );
    announceBooking(deps, aggregate);
    return answer;
  } catch (error) {
    if (!isBookingRefusal(error) && !(error instanceof AmountChanged)) throw error;
    // Paid, but it cannot be booked now: the money goes back in full, and the time is let go.
    await db.transaction(async (tx) => {
      if (!(await settleBookingPayment(tx, companyId, sessionId, 'not_booked', now))) return;
      await refundUnbookedPayment(tx, order, session, now, now);
      await releaseOrderTime(tx, companyId, row.orderId);
    });
    if (error instanceof CouponsUsedUp) await deps.dropCoupons(aggregate.order, error.codes);
    deps.onJobsEnqueued();
    return { status: 'not_booked' };
  }
}

/** The answer of a payment settled already: booked (confirm's 200), not booked, or closed; null while open. */
async function settledAnswer(deps: ConfirmDeps, row: BookingPaymentRow): Promise<BookingPaymentReturnResponse | null> {
  if (row.state === 'open') return null;
  if (row.state === 'not_booked') return { status: 'not_booked' };
  if (row.state !== 'booked') return { status: 'cancelled' };
  const aggregate = await loadConfirmable(deps.store.db, row.companyId, row.orderId);
  return { status: 'ok', pay_url: aggregate?.order.payUrl ?? null };
}

function clientsOf(aggregate: Aggregate): Array<Record<string, unknown>> {
  return aggregate.parties.filter((party) => party.role === 'client').map((party) => party.person);
}

/**
 * The client came back from Stripe's page without paying: the page is closed at Stripe (one paid
 * meanwhile books instead), and the time stays held the company's usual while from now.
 */
export async function cancelBookingPayment(
  deps: ConfirmDeps,
  session: AuthenticatedSession,
  now: Date,
): Promise<BookingPaymentReturnResponse> {
  const { db } = deps.store;
  const row = await latestBookingPayment(db, session.companyId, session.orderId);
  if (!row || row.state !== 'open')
    return row ? ((await settledAnswer(deps, row)) ?? { status: 'cancelled' }) : { status: 'cancelled' };
  const booked = await closeOpen(deps, row, now);
  if (booked?.status === 'ok') return booked;
  const after = await findBookingPayment(db, session.companyId, row.checkoutSessionId);
  if (after && after.state !== 'cancelled') return (await settledAnswer(deps, after)) ?? { status: 'cancelled' };
  const aggregate = await loadConfirmable(db, session.companyId, session.orderId);
  if (aggregate?.order.status === 'draft' && aggregate.order.datetime) {
    const until = new Date(now.getTime() + holdMinutesOf(new SettingsReader(aggregate.settings)) * MINUTE_MS);
    try {
      await db.transaction((tx) => holdUntil(aggregate, until, now, tx));
    } catch (error) {
      // Lapsed and taken meanwhile: the review's own check offers other times.
      if (!isOverlapViolation(error)) throw error;
    }
  }
  return { status: 'cancelled' };
}

/** Stripe expired a booking's page unpaid (`checkout.session.expired`): the payment is over, and the held time is let go. */
export async function expireBookingPayment(
  deps: ConfirmDeps,
  companyId: string,
  sessionId: string,
  now: Date,
): Promise<'expired' | 'ignored'> {
  const { db } = deps.store;
  return db.transaction(async (tx) => {
    const row = await findBookingPayment(tx, companyId, sessionId, true);
    if (!row || !(await settleBookingPayment(tx, companyId, sessionId, 'expired', now))) return 'ignored';
    await releaseOrderTime(tx, companyId, row.orderId);
    return 'expired';
  });
}

/** GET /booking_payment: what the draft pays at booking as it is now, and where its last payment stands. */
export async function bookingPaymentView(
  deps: Pick<ConfirmDeps, 'store' | 'priceOrder'>,
  session: AuthenticatedSession,
  now: Date,
): Promise<BookingPaymentView> {
  const { db } = deps.store;
  const aggregate = await loadConfirmable(db, session.companyId, session.orderId);
  if (!aggregate) throw new NotFoundError('The order');
  const row = await latestBookingPayment(db, session.companyId, session.orderId);
  const open = row?.state === 'open' && row.expiresAt > now;
  const state: BookingPaymentView['state'] = !row ? 'none' : row.state === 'open' && !open ? 'expired' : row.state;
  const base = {
    state,
    checkout_url: open ? row.checkoutUrl : null,
    held_until: open ? heldUntilOf(row).toISOString() : null,
    paid: row?.state === 'booked' ? paidAtBooking(row, aggregate.order.pricingSnapshot) : null,
  };
  const payments = paymentsOf(aggregate);
  // Nothing to price when the company takes nothing at booking.
  if (aggregate.order.status !== 'draft' || !aggregate.order.datetime || !asksAtBooking(payments))
    return { due: null, ...base };
  const priced = await deps.priceOrder(db, aggregate.order, aggregate.currency, now);
  const due = dueOf(aggregate, priced, payments);
  const money = (cents: number) => formatMoney(cents, priced.currency);
  return {
    due: due && {
      kind: due.kind,
      amount_cents: due.amountCents,
      amount: money(due.amountCents),
      due_later_cents: due.dueLaterCents,
      due_later: money(due.dueLaterCents),
      total_cents: priced.total_cents,
      total: money(priced.total_cents),
      currency: priced.currency,
      save_card: due.saveCard,
    },
    ...base,
  };
}

/** The session's own payment at booking by its Checkout Session: another order's (or company's) is not found. */
export async function bookingPaymentOfOrder(
  deps: Pick<ConfirmDeps, 'store'>,
  session: AuthenticatedSession,
  sessionId: string,
): Promise<BookingPaymentRow> {
  const row = await findBookingPayment(deps.store.db, session.companyId, sessionId);
  if (!row || row.orderId !== session.orderId) throw new NotFoundError('The payment');
  return row;
}

/** What a booked order's payment at booking took, against the total it froze. */
function paidAtBooking(row: BookingPaymentRow, snapshot: unknown): BookingPaymentView['paid'] {
  const total = (snapshot as { total_cents?: unknown } | null)?.total_cents;
  const dueLater = typeof total === 'number' ? Math.max(0, total - row.amountCents) : 0;
  return {
    kind: row.kind,
    amount: formatMoney(row.amountCents, row.currency),
    due_later_cents: dueLater,
    due_later: formatMoney(dueLater, row.currency),
  };
}
