import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOrder, type SessionScope } from './queries.ts';
import { postDatetime } from './scheduling-api.ts';

/**
 * Gives up the order's held time, to be picked again (spec 4.3 and 2.11 with the calendar last:
 * the cart changed after the time was held). The packages step and the review both do it; it
 * calls the wizard's own API, so it lives with the wizard rather than in packages/ui.
 */
export function useReleaseTime(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postDatetime(scope, { datetime: null }),
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}
