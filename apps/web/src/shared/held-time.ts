import type { OrderResponse } from '@scheduler/contracts/order';
import { wallTimeIn } from '@scheduler/domain/scheduling-text';

/** The order's date and time in the office's wall time ("YYYY-MM-DD HH:mm:ss"), or null. */
export function heldWallTime(order: Pick<OrderResponse, 'datetime'>, timeZone: string): string | null {
  return order.datetime ? wallTimeIn(order.datetime, timeZone) : null;
}

interface ListedSlot {
  id: string;
  start_datetime: string;
  users: number[];
  group?: ReadonlyArray<{ users: number[] }>;
}

/**
 * The id of the listed slot that is the order's held time, so the calendar can show it chosen:
 * the slot at that time with the held inspectors (itself or one of its grouped alternates), else
 * the first slot at that time.
 */
export function heldSlotId(
  slots: readonly ListedSlot[],
  wallTime: string | null,
  inspectorIds: readonly number[] = [],
): string | null {
  if (!wallTime) return null;
  const atTime = slots.filter((slot) => slot.start_datetime.slice(0, 16) === wallTime.slice(0, 16));
  const held = [...inspectorIds].sort((a, b) => a - b).join();
  const same = (users: readonly number[]) => [...users].sort((a, b) => a - b).join() === held;
  return (
    (atTime.find((slot) => same(slot.users) || slot.group?.some((member) => same(member.users))) ?? atTime[0])?.id ??
    null
  );
}
