import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { invalidateOrder, type SessionScope } from '../../shared/queries.ts';
import { fetchAvailability, INITIAL_WINDOW_DAYS, postPostalCode } from '../../shared/scheduling-api.ts';
import { storageKeys, writeStorage } from '../../shared/storage-keys.ts';

export interface PostalCodeSaved {
  postalCode: string;
  /** Whether anyone can come in the first six weeks (decision 0007: else the no-availability banner). */
  available: boolean;
}

/**
 * Spec 2.4: saves the postal code in the order and in local storage, then asks whether the first
 * six weeks from `firstDate` hold any appointment for it.
 */
export function useSavePostalCode(scope: SessionScope, firstDate: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (postalCode: string): Promise<PostalCodeSaved> => {
      await postPostalCode(scope, postalCode);
      writeStorage('localStorage', storageKeys.postalCode(scope.companyKey, scope.credentials.token), postalCode);
      const window = { from: firstDate, to: addDays(firstDate, INITIAL_WINDOW_DAYS - 1) };
      const slots = await fetchAvailability(scope, window, { limit: 1, postalCode });
      return { postalCode, available: slots.length > 0 };
    },
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}
