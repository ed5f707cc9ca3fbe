import type { OrderResponse } from '@scheduler/contracts/order';
import type { SessionScope } from '../queries.ts';
import { postDatetime, type SetDatetimeResult } from '../scheduling-api.ts';
// Apart from hold-slot.ts: only the steps after the calendar hold a time again, and the calendar,
// the first step, does not carry this.

/** The order's time was held and the hold has lapsed: saving the step must hold it again first. */
export function holdLapsed(
  order: Pick<OrderResponse, 'datetime' | 'hold_expires_at' | 'confirmed'>,
  now: number,
): boolean {
  if (!order.datetime || order.confirmed) return false;
  return order.hold_expires_at === null || Date.parse(order.hold_expires_at) <= now;
}

/**
 * Holds the order's own time again, with its inspectors, after its hold lapsed (issue 9, spec
 * 4.7): another visitor may have taken it meanwhile, and then the 409's alternatives come back.
 */
export function holdAgain(
  scope: SessionScope,
  order: Pick<OrderResponse, 'datetime' | 'duration' | 'inspectors'>,
): Promise<SetDatetimeResult> {
  return postDatetime(scope, {
    datetime: order.datetime,
    duration: order.duration,
    inspectors: order.inspectors.map((inspector) => inspector.id),
  });
}
