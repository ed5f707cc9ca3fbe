import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleChangeResponseSchema } from '@scheduler/contracts/console';
import { callApi, companyApi } from './api.ts';
import { consoleKeys } from './queries.ts';

/** What a reschedule sends: the time picked, the start the page showed, whether past the policy, and who inspects. */
export interface RescheduleRequest {
  start: string;
  from_start: string;
  override: boolean;
  /** The team the times were shown for; absent, the server keeps the booking's own. */
  inspector_ids?: number[];
}

/**
 * After a change the order, the schedule and the lists are out of date (the event stream would
 * say so too, but this page should not wait for it).
 */
export function useAfterChange(companyKey: string) {
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
