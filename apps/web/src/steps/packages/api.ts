import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { packagesResponseSchema, servicesResponseSchema } from '@scheduler/contracts/catalogue';
import type { OrderResponse } from '@scheduler/contracts/order';
import { cartChangeResponseSchema, type CartChangeResponse, type Pricing } from '@scheduler/contracts/pricing';
import { validateInspectorsServicesResponseSchema, type AppointmentSlot } from '@scheduler/contracts/scheduling';
import { callApi } from '../../shared/api-client.ts';
import { answerBy } from '../../shared/answer-by.ts';
import { afterCartChange, pricingBaseOf as baseOf } from '../../shared/pricing-api.ts';
import { track } from '../../shared/embed/funnel.ts';
import { invalidateOrder, queryKeys, resetAvailability, type SessionScope } from '../../shared/queries.ts';
import { postDatetime } from '../../shared/scheduling-api.ts';

/** GET /packages: the packages priced for the order's property. */
export function packagesQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: queryKeys.packages(scope),
    queryFn: ({ signal }) =>
      callApi(`${baseOf(scope)}/packages`, {
        session: scope.credentials,
        signal,
        parse: answerBy(packagesResponseSchema),
      }),
    // The property answers of the step before may have changed the prices.
    staleTime: 0,
  });
}

/** GET /services. */
export function servicesQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: queryKeys.services(scope),
    queryFn: ({ signal }) =>
      callApi(`${baseOf(scope)}/services`, {
        session: scope.credentials,
        signal,
        parse: answerBy(servicesResponseSchema),
      }),
    staleTime: 0,
  });
}

/** `cart_changed` with what the cart now holds and costs, once pricing has been read again. */
function trackCartChange(queryClient: QueryClient, scope: SessionScope): void {
  const pricing = queryClient.getQueryData<Pricing>(queryKeys.pricing(scope));
  if (pricing)
    track('cart_changed', {
      item_count: (pricing.package ? 1 : 0) + pricing.services.length,
      total_cents: pricing.totals.grand_total,
    });
}

function useCartCall<T>(scope: SessionScope, send: (value: T) => Promise<CartChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => afterCartChange(queryClient, scope).then(() => trackCartChange(queryClient, scope)),
  });
}

/** A cart call: each answers the order's new duration. */
const post = (scope: SessionScope, path: string, body: unknown) =>
  callApi(`${baseOf(scope)}/${path}`, {
    session: scope.credentials,
    method: 'POST',
    body,
    parse: answerBy(cartChangeResponseSchema),
  });

/** POST /set_packages: `[id]` chooses a package, `[]` removes it (DECISIONS 7.3). */
export const useSetPackage = (scope: SessionScope) =>
  useCartCall(scope, (packageId: number | null) => post(scope, 'set_packages', packageId === null ? [] : [packageId]));

export const useAddService = (scope: SessionScope) =>
  useCartCall(scope, (serviceId: string) => post(scope, 'add_service', serviceId));

export const useRemoveService = (scope: SessionScope) =>
  useCartCall(scope, (serviceId: string) => post(scope, 'remove_service', serviceId));

/** POST /rush_rer with `{value: 1|0}` (the server takes JSON as well as the spec's form body). */
export const useRushRer = (scope: SessionScope) =>
  useCartCall(scope, (rush: boolean) => post(scope, 'rush_rer', { value: rush ? 1 : 0 }));

export type NextOutcome =
  | { kind: 'proceed' }
  | { kind: 'conflict'; appointments: AppointmentSlot[] }
  | { kind: 'unavailable'; appointments: AppointmentSlot[] };

/**
 * Spec 4.4 steps 2-3: with a held time, the inspectors are checked against the cart; when the team
 * grew or the cart changed since the hold, the time is held again for the new team and the cart's
 * length (set_datetime without a duration takes the cart's).
 */
export function usePackagesNext(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      order,
      limit,
      services,
    }: {
      order: OrderResponse;
      limit: number;
      services: string[];
    }): Promise<NextOutcome> => {
      const current = order.inspectors.map((inspector) => inspector.id);
      if (!order.datetime || current.length === 0) return { kind: 'proceed' };
      // Spec 4.4 sends the services: those inspectors perform (pay-at-close is no inspector's work).
      const query = new URLSearchParams({ inspectors: current.join(','), services: services.join(',') });
      if (limit > 0) query.set('limit', String(limit));
      if (order.postal_code) query.set('postal_code', order.postal_code);
      const answer = await callApi(`${baseOf(scope)}/validate_inspectors_services?${query.toString()}`, {
        session: scope.credentials,
        parse: answerBy(validateInspectorsServicesResponseSchema),
      });
      if (answer.status !== 'ok') return { kind: 'conflict', appointments: answer.appointments };
      const teamGrew = answer.added_inspectors.some((id) => !current.includes(id));
      if (!teamGrew && !order.services_changed) return { kind: 'proceed' };
      const held = await postDatetime(scope, { datetime: order.datetime, inspectors: answer.added_inspectors });
      return held.status === 'ok' ? { kind: 'proceed' } : { kind: 'unavailable', appointments: held.appointments };
    },
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}

/** A substitute appointment from the conflict or not-available dialog: it is held instead. */
export function useHoldAlternative(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: AppointmentSlot) =>
      postDatetime(scope, { datetime: new Date(slot.timestamp * 1000).toISOString(), inspectors: slot.users }),
    onSuccess: () => {
      void resetAvailability(queryClient, scope);
      return invalidateOrder(queryClient, scope);
    },
  });
}
