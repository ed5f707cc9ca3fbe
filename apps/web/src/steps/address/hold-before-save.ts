import type { OrderResponse } from '@scheduler/contracts/order';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { holdAgain } from '../../shared/appointments/hold-again.ts';
import { holdSlot } from '../../shared/appointments/hold-slot.ts';
import { pickMember } from '../../shared/appointments/slot-labels.ts';
import { heldWallTime } from '../../shared/held-time.ts';
import type { SessionScope } from '../../shared/queries.ts';

/** The time to hold (again) was taken meanwhile (spec 2.12): `at` is its office wall time. */
export interface TimeGone {
  kind: 'time-gone';
  at: string;
  appointments: AppointmentSlot[];
}

/**
 * Spec 4.7, issue 9: before the address is saved, holds the alternative the visitor chose, or the
 * order's own time again when its hold has lapsed; answers the time that was taken meanwhile, or
 * null once held. A chunk of its own, loaded by the few saves that hold first: the address step is
 * a first step, and its weight budget has no room for it (decision 0056).
 */
export async function holdBeforeSave(
  scope: SessionScope,
  order: Pick<OrderResponse, 'datetime' | 'duration' | 'inspectors'>,
  timeZone: string,
  alternative: AppointmentSlot | undefined,
): Promise<TimeGone | null> {
  if (alternative) {
    const slot = pickMember(alternative);
    const held = await holdSlot(scope, slot, order.duration);
    return held.status === 'ok'
      ? null
      : { kind: 'time-gone', at: slot.start_datetime, appointments: held.appointments };
  }
  const held = await holdAgain(scope, order);
  return held.status === 'ok'
    ? null
    : { kind: 'time-gone', at: heldWallTime(order, timeZone) ?? '', appointments: held.appointments };
}
