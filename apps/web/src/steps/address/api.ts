import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeocodeSuggestion, SetAddressBody, SetAddressResponse } from '@scheduler/contracts/address';
import type { LocationCode } from '@scheduler/contracts/location-codes';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { callApi } from '../../shared/api-client.ts';
import { holdAgain, holdLapsed } from '../../shared/appointments/hold-again.ts';
import { holdSlot } from '../../shared/appointments/hold-slot.ts';
import { pickMember } from '../../shared/appointments/slot-labels.ts';
import { heldWallTime } from '../../shared/held-time.ts';
import { invalidateOrder, queryKeys, resetAvailability, type SessionScope } from '../../shared/queries.ts';

const baseOf = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

/** GET /geocode (decision on spec 7.5: the product's own server geocodes). */
export function fetchGeocode(scope: SessionScope, address: string, signal?: AbortSignal): Promise<GeocodeSuggestion> {
  return callApi<GeocodeSuggestion>(`${baseOf(scope)}/geocode?${new URLSearchParams({ address }).toString()}`, {
    session: scope.credentials,
    signal,
  });
}

/** POST /set_address. A 409 is an answer: the location cannot be served, with the reason and alternatives. */
export function postAddress(scope: SessionScope, body: SetAddressBody): Promise<SetAddressResponse> {
  return callApi<SetAddressResponse>(`${baseOf(scope)}/set_address`, {
    session: scope.credentials,
    method: 'POST',
    body,
    answers: [200, 409],
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
  /** The time to hold (again) was taken meanwhile (spec 2.12): `at` is its office wall time. */
  | { kind: 'time-gone'; at: string; appointments: AppointmentSlot[] };

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
      if (alternative) {
        const slot = pickMember(alternative);
        const held = await holdSlot(scope, slot, order.duration);
        if (held.status !== 'ok')
          return { kind: 'time-gone', at: slot.start_datetime, appointments: held.appointments };
      } else if (holdLapsed(order, Date.now())) {
        const held = await holdAgain(scope, order);
        if (held.status !== 'ok')
          return { kind: 'time-gone', at: heldWallTime(order, timeZone) ?? '', appointments: held.appointments };
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
