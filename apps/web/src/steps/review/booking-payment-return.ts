import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BookingPaymentReturnResponse } from '@scheduler/contracts/confirm';
import { invalidateOrder, type SessionScope } from '../../shared/queries.ts';
import { postBookingPaymentCancel, postBookingPaymentReturn } from './api.ts';

/** The query Stripe's return adds to the review's address: a session id, or `cancelled`. */
export const RETURN_PARAM = 'booking_payment';
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
/** Stripe sends the client back once the payment went through; a slow confirmation is asked again this often. */
const ASK_AGAIN_MS = 2_000;
const ASK_AT_MOST = 15;

/**
 * The review opened by Stripe's return (decision 0085): tells the server once (the paid session
 * books the order; a left page is closed), takes the query off the address, and reads the order
 * again. A payment Stripe has not confirmed yet is asked about again for half a minute.
 */
export function useBookingPaymentReturn(scope: SessionScope, reviewPath: string) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returned = search.get(RETURN_PARAM);
  const asked = useRef(false);
  const mutation = useMutation({
    mutationFn: async (value: string): Promise<BookingPaymentReturnResponse> => {
      if (!SESSION_ID.test(value)) return postBookingPaymentCancel(scope);
      for (let attempt = 1; ; attempt++) {
        const answer = await postBookingPaymentReturn(scope, value);
        if (answer.status !== 'not_paid' || attempt >= ASK_AT_MOST) return answer;
        await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
      }
    },
    onSettled: () => invalidateOrder(queryClient, scope),
  });
  useEffect(() => {
    if (!returned || asked.current) return;
    asked.current = true;
    mutation.mutate(returned);
    // The address is the review's again: a reload does not send the return twice.
    void navigate(reviewPath, { replace: true });
  }, [returned, mutation, navigate, reviewPath]);
  return mutation;
}
