import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeocodeSuggestion, SetAddressBody, SetAddressResponse } from '@scheduler/contracts/address';
import type { LocationCode } from '@scheduler/contracts/location-codes';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { requiredChunk } from '@scheduler/ui/chunk-load';
import { callApi } from '../../shared/api-client.ts';
import { answerLater } from '../../shared/answer-later.ts';
import { holdLapsed } from '../../shared/hold-state.ts';
import type { TimeGone } from './hold-before-save.ts';
import { invalidateOrder, queryKeys, resetAvailability, type SessionScope } from '../../shared/queries.ts';

const baseOf = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

// Few saves hold a time first: the code that does loads with the save that needs it.
const loadHoldBeforeSave = requiredChunk(() => import('./hold-before-save.ts'));

/** GET /geocode (decision on spec 7.5: the product's own server geocodes). */
export function fetchGeocode(scope: SessionScope, address: string, signal?: AbortSignal): Promise<GeocodeSuggestion> {
  return callApi(`${baseOf(scope)}/geocode?${new URLSearchParams({ address }).toString()}`, {
    session: scope.credentials,
    signal,
    parse: answerLater('geocode'),
  });
}

/** POST /set_address. A 409 is an answer: the location cannot be served, with the reason and alternatives. */
export function postAddress(scope: SessionScope, body: SetAddressBody): Promise<SetAddressResponse> {
  return callApi(`${baseOf(scope)}/set_address`, {
    session: scope.credentials,
    method: 'POST',
    body,
    answers: [200, 409],
    parse: answerLater('setAddress'),
  });
}

/**
 * The suggestion for a typed address, or nothing while `address` is null. The same address
 * always reads the same, so an answer is kept; a failure shows no suggestion (spec 8.5) and is
 * not asked again.
 */
export function useGeocode(scope: SessionScope, address: string | null) {
  return useQuery({
    queryKey: queryKeys.geocode(scope, address ?? ''),
    queryFn: ({ signal }) => fetchGeocode(scope, address ?? '', signal),
    enabled: address !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** How saving the address ended. */
export type AddressSaveOutcome =
  | { kind: 'saved' }
  /** Spec 8.2: the location cannot be served; the address is kept, and these are real alternatives for it. */
  | { kind: 'refused'; code: LocationCode; message: string; appointments: AppointmentSlot[] }
  | TimeGone;

export interface AddressSave {
  address: SetAddressBody;
  /** An alternative chosen in a "Sorry!" dialog: it is held first, then the address saved again (spec 4.7). */
  alternative?: AppointmentSlot;
}

/**
 * Spec 4.7, 7.5: saves the address. Before it, the time is held: the alternative the visitor
 * chose, or the order's own time again when its hold has lapsed (issue 9). A time that is gone
 * meanwhile ends the save with its alternatives; so does a location the engine refuses.
 */
export function useSaveAddress(scope: SessionScope, order: OrderResponse, timeZone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ address, alternative }: AddressSave): Promise<AddressSaveOutcome> => {
      if (alternative || holdLapsed(order, Date.now())) {
        const { holdBeforeSave } = await loadHoldBeforeSave();
        const gone = await holdBeforeSave(scope, order, timeZone, alternative);
        if (gone) return gone;
      }
      const result = await postAddress(scope, address);
      if (result.status === 'ok') return { kind: 'saved' };
      return { kind: 'refused', code: result.status, message: result.message, appointments: result.appointments };
    },
    onSuccess: (_outcome, { alternative }) => {
      // A held alternative changes what the calendar offers; the address is on the order either way.
      if (alternative) void resetAvailability(queryClient, scope);
      return invalidateOrder(queryClient, scope);
    },
  });
}
