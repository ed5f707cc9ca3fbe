import type { OrderResponse } from '@scheduler/contracts/order';
import type { SessionScope } from '../queries.ts';
import { postDatetime, type SetDatetimeResult } from '../scheduling-api.ts';
// Apart from hold-slot.ts: only the steps after the calendar hold a time again, and the calendar,
// the first step, does not carry this. Whether to is `holdLapsed` (hold-state.ts).

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
