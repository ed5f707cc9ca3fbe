import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { joinNames } from '@scheduler/domain/scheduling-text';

/** "with A, B, and C" for a slot's inspectors, when their names are shown. */
export function inspectorNames(slot: AppointmentSlot, users: ReadonlyArray<{ id: number; display: string }>): string {
  return joinNames(slot.users.map((id) => users.find((u) => u.id === id)?.display ?? '').filter(Boolean));
}

/** Spec 4.2 step 1: a grouped slot stands for its alternates; one is picked at random. */
export function pickMember(slot: AppointmentSlot, random: () => number = Math.random): AppointmentSlot {
  const members = slot.group?.length ? slot.group : [slot];
  return members[Math.floor(random() * members.length)] ?? slot;
}
