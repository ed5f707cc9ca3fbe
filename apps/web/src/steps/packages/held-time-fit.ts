import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { validateInspectorsServicesResponseSchema, type AppointmentSlot } from '@scheduler/contracts/scheduling';
import { callApi } from '../../shared/api-client.ts';
import { answerBy } from '../../shared/answer-by.ts';
import { pricingBaseOf as baseOf } from '../../shared/pricing-api.ts';
import { invalidateOrder, resetAvailability, type SessionScope } from '../../shared/queries.ts';
import { postDatetime } from '../../shared/scheduling-api.ts';

/**
 * What the packages step says in place about the held time after a cart change (issue 20 item 1,
 * decision 0034): nothing when it still fits as it was; the new team when the cart needs more
 * inspectors and they were free; the nearest times that fit when it no longer fits; the time
 * chosen among those.
 */
export type HeldTimeFit =
  | { kind: 'team'; before: number[]; after: number[] }
  | { kind: 'conflict'; appointments: AppointmentSlot[] }
  | { kind: 'moved'; slot: AppointmentSlot };

/**
 * Checks the held time against the cart as the server now has it (no services sent: the server
 * reads the order's own), then holds it again for the cart's length with the team it needs.
 */
export async function fitHeldTime(
  scope: SessionScope,
  order: Pick<OrderResponse, 'datetime' | 'inspectors' | 'postal_code'>,
  limit: number,
): Promise<HeldTimeFit | null> {
  const before = order.inspectors.map((inspector) => inspector.id);
  if (!order.datetime || before.length === 0) return null;
  const query = new URLSearchParams({ inspectors: before.join(',') });
  if (limit > 0) query.set('limit', String(limit));
  if (order.postal_code) query.set('postal_code', order.postal_code);
  const answer = await callApi(`${baseOf(scope)}/validate_inspectors_services?${query.toString()}`, {
    session: scope.credentials,
    parse: answerBy(validateInspectorsServicesResponseSchema),
  });
  if (answer.status !== 'ok') return { kind: 'conflict', appointments: answer.appointments };
  const held = await postDatetime(scope, { datetime: order.datetime, inspectors: answer.added_inspectors });
  if (held.status !== 'ok') return { kind: 'conflict', appointments: held.appointments };
  const grew = answer.added_inspectors.some((id) => !before.includes(id));
  return grew ? { kind: 'team', before, after: answer.added_inspectors } : null;
}

/** The in-place check of the held time, run after each cart change that may have outgrown it. */
export function useHeldTimeFit(scope: SessionScope, order: OrderResponse, limit: number) {
  const queryClient = useQueryClient();
  const [fit, setFit] = useState<HeldTimeFit | null>(null);
  const check = useMutation({
    mutationFn: () => fitHeldTime(scope, order, limit),
    onMutate: () => setFit(null),
    onSuccess: setFit,
    onSettled: () => invalidateOrder(queryClient, scope),
  });
  const hold = useMutation({
    mutationFn: (slot: AppointmentSlot) =>
      postDatetime(scope, { datetime: new Date(slot.timestamp * 1000).toISOString(), inspectors: slot.users }),
    onSuccess: (result, slot) => {
      void resetAvailability(queryClient, scope);
      setFit(
        result.status === 'ok' ? { kind: 'moved', slot } : { kind: 'conflict', appointments: result.appointments },
      );
      return invalidateOrder(queryClient, scope);
    },
  });
  return {
    fit,
    check: () => check.mutate(),
    choose: (slot: AppointmentSlot) => hold.mutate(slot),
    pending: check.isPending || hold.isPending,
    error: check.error ?? hold.error,
  };
}
