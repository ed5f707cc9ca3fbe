import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAfterChange } from '../../../shared/order-changes.ts';
import { consoleChangeResponseSchema, consoleResendResponseSchema } from '@scheduler/contracts/console';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

export interface CancelRequest {
  reason: string;
  override: boolean;
  waive_fee: boolean;
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
