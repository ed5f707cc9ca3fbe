import type { AppointmentSlot } from '@scheduler/contracts/scheduling';

/**
 * The substitutes a dialog offers. With inspector names shown each team is its own choice; without
 * them, teams at the same time are one choice (the first, the server's preferred), as the calendar
 * groups them (spec 9.6 SHOW_INSPECTOR_NAMES).
 */
export function alternativeSlots(slots: readonly AppointmentSlot[], showNames: boolean): AppointmentSlot[] {
  if (showNames) return [...slots];
  const seen = new Set<string>();
  return slots.filter((slot) => !seen.has(slot.start_datetime) && seen.add(slot.start_datetime));
}
