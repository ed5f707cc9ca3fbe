import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { applyCouponResponseSchema, pricingSchema } from '@scheduler/contracts/pricing';
import { callApi } from './api-client.ts';
import { answerBy } from './answer-by.ts';
import { track } from './embed/funnel.ts';
import { invalidateOrder, queryKeys, resetAvailability, type SessionScope } from './queries.ts';

/** The cart and pricing calls' base path (spec 7.1). */
export const pricingBaseOf = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

/** GET /pricing (spec 3.10): read again after every cart change; the packages step and the review-order panel share it. */
export function pricingQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: queryKeys.pricing(scope),
    queryFn: ({ signal }) =>
      callApi(`${pricingBaseOf(scope)}/pricing`, {
        session: scope.credentials,
        signal,
        parse: answerBy(pricingSchema),
      }),
    staleTime: 0,
  });
}

/** Spec 4.3: after a cart change the order and its pricing are read again and cached availability is dropped. */
export function afterCartChange(queryClient: QueryClient, scope: SessionScope): Promise<unknown> {
  void resetAvailability(queryClient, scope);
  return Promise.all([
    invalidateOrder(queryClient, scope),
    queryClient.invalidateQueries({ queryKey: queryKeys.pricing(scope) }),
  ]);
}

/** POST /apply_coupon: 200 with "ok" or a refusal and its message; pricing is read again on "ok". */
export function useApplyCoupon(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      callApi(`${pricingBaseOf(scope)}/apply_coupon`, {
        session: scope.credentials,
        method: 'POST',
        body: { code },
        parse: answerBy(applyCouponResponseSchema),
      }),
    onSuccess: (result) => {
      track(
        result.status === 'ok' ? 'coupon_applied' : 'coupon_refused',
        result.status === 'ok' ? {} : { code: result.status },
      );
      if (result.status === 'ok') return afterCartChange(queryClient, scope);
    },
  });
}
