import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';

export interface HeldTime {
  /** UTC ms. */
  start: number;
  users: readonly number[];
}

function sameTeam(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
}

/**
 * Alternatives without the held time itself: the same start for the same inspectors. A group
 * loses that member; a group left empty goes, and one whose first member went is led by the next.
 */
export function withoutHeldTime(slots: readonly AppointmentSlot[], held: HeldTime | null): AppointmentSlot[] {
  if (!held) return [...slots];
  const isHeld = (slot: AppointmentSlotBase) =>
    slot.timestamp * 1000 === held.start && sameTeam(slot.users, held.users);
  return slots.flatMap((slot): AppointmentSlot[] => {
    if (!slot.group) return isHeld(slot) ? [] : [slot];
    const group = slot.group.filter((member) => !isHeld(member));
    return group.length ? [{ ...group[0]!, group }] : [];
  });
}
