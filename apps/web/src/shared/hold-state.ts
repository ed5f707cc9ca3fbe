/** Whether the order holds a time, as every step after the calendar needs to know before it loads the indicator. */
export interface HeldTime {
  /** The appointment's start, an ISO instant. */
  datetime: string;
  /** When the hold lapses, an ISO instant. */
  holdExpiresAt: string;
  timeZone: string;
}

/**
 * The order's time was held and the hold has lapsed: saving the step must hold it again first
 * (hold-again.ts, which loads with the save that needs it).
 */
export function holdLapsed(
  order: { datetime: string | null; hold_expires_at: string | null; confirmed: boolean },
  now: number,
): boolean {
  if (!order.datetime || order.confirmed) return false;
  return order.hold_expires_at === null || Date.parse(order.hold_expires_at) <= now;
}

/** The order's held time, when it has one that is not booked yet. */
export function heldTimeOf(
  order: { datetime: string | null; hold_expires_at: string | null; confirmed: boolean },
  timeZone: string,
): HeldTime | null {
  if (!order.datetime || !order.hold_expires_at || order.confirmed) return null;
  return { datetime: order.datetime, holdExpiresAt: order.hold_expires_at, timeZone };
}
