import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleChangeResponseSchema, consoleResendResponseSchema } from '@scheduler/contracts/console';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/** What a reschedule sends: the time picked, the start the page showed, whether past the policy, and who inspects. */
export interface RescheduleRequest {
  start: string;
  from_start: string;
  override: boolean;
  /** The team the times were shown for; absent, the server keeps the booking's own. */
  inspector_ids?: number[];
}

export interface CancelRequest {
  reason: string;
  override: boolean;
  waive_fee: boolean;
}

/**
 * After a change the order, the schedule and the lists are out of date (the event stream would
 * say so too, but this page should not wait for it).
 */
function useAfterChange(companyKey: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), 'order'] }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.schedule(companyKey) }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.orders(companyKey) }),
    ]);
}

/**
 * POST …/reschedule. 200 is the order moved; 409 is either the time taken meanwhile (an answer,
 * with alternatives) or a refusal (`change_refused`: the policy says no; `order_changed`: moved
 * meanwhile), which callApi throws as an ApiError.
 */
export function useReschedule(companyKey: string, orderId: string) {
  const afterChange = useAfterChange(companyKey);
  return useMutation({
    mutationFn: (body: RescheduleRequest) =>
      callApi(
        companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}/reschedule`),
        consoleChangeResponseSchema,
        { method: 'POST', body, answers: [200, 409] },
      ),
    onSettled: afterChange,
  });
}

/** POST …/cancel: a 409 `change_refused` is the policy saying no, which an override passes. */
export function useCancelOrder(companyKey: string, orderId: string) {
  const afterChange = useAfterChange(companyKey);
  return useMutation({
    mutationFn: (body: CancelRequest) =>
      callApi(companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}/cancel`), consoleChangeResponseSchema, {
        method: 'POST',
        body,
      }),
    onSettled: afterChange,
  });
}

/** POST …/messages/{id}/resend: the message queued again for its recipient; the page reads the order again to list the copy. */
export function useResendMessage(companyKey: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      callApi(
        companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}/messages/${messageId}/resend`),
        consoleResendResponseSchema,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), 'order'] }),
  });
}
