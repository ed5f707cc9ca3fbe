import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reviewAgreementsSchema,
  type AgreementSignature,
  type ReviewAgreements,
} from '@scheduler/contracts/agreements';
import { useRef } from 'react';
import {
  bookingPaymentReturnResponseSchema,
  bookingPaymentViewSchema,
  confirmResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  SPECIAL_NOTE_MAX,
  type BookingPaymentReturnResponse,
  type BookingPaymentView,
  type ConfirmResponse,
} from '@scheduler/contracts/confirm';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { Pricing } from '@scheduler/contracts/pricing';
import { timeAvailableResponseSchema, type AppointmentSlot } from '@scheduler/contracts/scheduling';
import { visitorManageLinkResponseSchema } from '@scheduler/contracts/manage';
import { callApi } from '../../shared/api-client.ts';
import { answerBy } from '../../shared/answer-by.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { holdSlot } from '../../shared/appointments/hold-slot.ts';
import { heldWallTime } from '../../shared/held-time.ts';
import { pickMember } from '../../shared/appointments/slot-labels.ts';
import { invalidateOrder, queryKeys, type SessionScope } from '../../shared/queries.ts';
import { track } from '../../shared/embed/funnel.ts';
import { orderReference } from '@scheduler/domain/order-reference';

const baseOf = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

/** GET /time_available (spec 4.8, decision 7.4): whether the order's time is still free for its length, with alternatives when not. */
export function fetchTimeAvailable(
  scope: SessionScope,
  order: Pick<OrderResponse, 'datetime' | 'duration' | 'inspectors'>,
): Promise<{ status: 'yes' | 'no'; appointments: AppointmentSlot[] }> {
  const from = new Date(order.datetime ?? 0);
  const to = new Date(from.getTime() + Math.max(order.duration, 0) * 60_000);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  if (order.duration > 0) query.set('duration', String(order.duration));
  if (order.inspectors.length)
    query.set('inspectors', `[${order.inspectors.map((inspector) => inspector.id).join(',')}]`);
  return callApi(`${baseOf(scope)}/time_available?${query.toString()}`, {
    session: scope.credentials,
    parse: answerBy(timeAvailableResponseSchema),
  });
}

/**
 * GET /review_agreements (issue 43): the agreements the client signs on the review, filled with the
 * order as it would be booked now; read again whenever the order changes (its revision).
 */
export function reviewAgreementsQueryOptions(scope: SessionScope, orderRevision: string) {
  return queryOptions({
    queryKey: [...queryKeys.order(scope), 'agreements', orderRevision] as const,
    queryFn: ({ signal }): Promise<ReviewAgreements> =>
      callApi(`${baseOf(scope)}/review_agreements`, {
        session: scope.credentials,
        signal,
        parse: answerBy(reviewAgreementsSchema),
      }),
    staleTime: Infinity,
  });
}

/** POST /confirm (spec 7.7). A 409 is an answer: the held time was taken, and alternatives come with it. */
export function postConfirm(
  scope: SessionScope,
  specialNote: string,
  idempotencyKey: string,
  orderRevision?: string,
  agreementSignature?: AgreementSignature,
): Promise<ConfirmResponse> {
  return callApi(`${baseOf(scope)}/confirm`, {
    session: scope.credentials,
    method: 'POST',
    body: {
      special_note: specialNote.slice(0, SPECIAL_NOTE_MAX),
      ...(orderRevision ? { order_revision: orderRevision } : {}),
      ...(agreementSignature ? { agreement_signature: agreementSignature } : {}),
    },
    answers: [200, 409],
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    parse: answerBy(confirmResponseSchema),
  });
}

/** What one press of "Confirm My Inspection" (or one alternative chosen) came to. */
export type ConfirmOutcome =
  | { kind: 'confirmed' }
  | { kind: 'unavailable'; at: string; appointments: AppointmentSlot[] }
  /** The company takes a payment at booking (decision 0085): Stripe's page, nothing booked yet. */
  | { kind: 'payment'; url: string; heldUntil: string };

/** An alternative chosen in the "Sorry!" dialog: held first, then confirmed (spec 4.8 step 3). */
export interface ConfirmRequest {
  alternative?: AppointmentSlot;
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Spec 4.8, 7.7: checks that the held time is still free, then confirms with the special note.
 * A taken time (the check's "no", or confirm's own 409) is an outcome with alternatives; choosing
 * one holds it and confirms. Each attempt sends one Idempotency-Key, kept for a retry after a
 * failure that brought no answer (a lost response books once) and dropped once the server answered.
 */
export function useConfirmOrder(
  scope: SessionScope,
  order: OrderResponse,
  timeZone: string,
  specialNote: string,
  agreementSignature?: AgreementSignature,
) {
  const queryClient = useQueryClient();
  const attempt = useRef<string | null>(null);
  return useMutation({
    mutationFn: async ({ alternative }: ConfirmRequest): Promise<ConfirmOutcome> => {
      // The time at stake, as office wall time: the order's own, or the alternative being held.
      let at = heldWallTime(order, timeZone) ?? '';
      // What is booked must be what the review shows (decision 0033); an alternative chosen in the
      // dialog changes the time on purpose, so that confirm books the order as it then is.
      let revision: string | undefined = order.revision;
      if (alternative) {
        revision = undefined;
        const member = pickMember(alternative);
        at = member.start_datetime;
        const held = await holdSlot(scope, member, order.duration);
        if (held.status === 'unavailable') return { kind: 'unavailable', at, appointments: held.appointments };
        attempt.current = null;
      } else if (order.datetime) {
        const check = await fetchTimeAvailable(scope, order);
        if (check.status === 'no') return { kind: 'unavailable', at, appointments: check.appointments };
      }
      attempt.current ??= newIdempotencyKey();
      let answer: ConfirmResponse;
      try {
        answer = await postConfirm(scope, specialNote, attempt.current, revision, agreementSignature);
      } catch (error) {
        // The server answered (a refusal such as order_incomplete): the next press is a new attempt.
        if (error instanceof ApiError && error.status < 500) attempt.current = null;
        throw error;
      }
      attempt.current = null;
      if (answer.status === 'unavailable') {
        track('conflict_shown', { code: 'time_taken' });
        return { kind: 'unavailable', at, appointments: answer.appointments };
      }
      if (answer.status === 'payment_required')
        return { kind: 'payment', url: answer.checkout_url, heldUntil: answer.held_until };
      const pricing = queryClient.getQueryData<Pricing>(queryKeys.pricing(scope));
      // The order number, for the company's conversion tracking: it names the order, not the visitor.
      track('order_confirmed', {
        order_reference: orderReference(order.id),
        ...(pricing ? { total_cents: pricing.totals.grand_total } : {}),
      });
      return { kind: 'confirmed' };
    },
    // A held alternative or a confirmed order changes the order (its time, confirmed, pay_url); a
    // refusal (order_changed, coupon_used_up) means the review must show the order and price as they are.
    onSettled: () =>
      Promise.all([
        invalidateOrder(queryClient, scope),
        queryClient.invalidateQueries({ queryKey: queryKeys.pricing(scope) }),
      ]),
  });
}

/** POST /manage_link (issue 24): a "Manage your inspection" link for this visitor's booked order. */
export function postManageLink(scope: SessionScope): Promise<{ url: string }> {
  return callApi(`${baseOf(scope)}/manage_link`, {
    session: scope.credentials,
    method: 'POST',
    body: {},
    parse: answerBy(visitorManageLinkResponseSchema),
  });
}

/**
 * GET /booking_payment (decision 0085): what the order pays at booking as it is now, and where
 * its last payment stands; read again whenever the order changes (its revision).
 */
export function bookingPaymentQueryOptions(scope: SessionScope, orderRevision: string) {
  return queryOptions({
    queryKey: [...queryKeys.order(scope), 'booking_payment', orderRevision] as const,
    queryFn: ({ signal }): Promise<BookingPaymentView> =>
      callApi(`${baseOf(scope)}/booking_payment`, {
        session: scope.credentials,
        signal,
        parse: answerBy(bookingPaymentViewSchema),
      }),
  });
}

/** POST /booking_payment/return: the client came back from Stripe's page with this session. */
export function postBookingPaymentReturn(
  scope: SessionScope,
  sessionId: string,
): Promise<BookingPaymentReturnResponse> {
  return callApi(`${baseOf(scope)}/booking_payment/return`, {
    session: scope.credentials,
    method: 'POST',
    body: { session_id: sessionId },
    parse: answerBy(bookingPaymentReturnResponseSchema),
  });
}

/** POST /booking_payment/cancel: the client left Stripe's page without paying. */
export function postBookingPaymentCancel(scope: SessionScope): Promise<BookingPaymentReturnResponse> {
  return callApi(`${baseOf(scope)}/booking_payment/cancel`, {
    session: scope.credentials,
    method: 'POST',
    body: {},
    parse: answerBy(bookingPaymentReturnResponseSchema),
  });
}
