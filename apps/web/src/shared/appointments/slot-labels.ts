import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatListDate, joinNames } from '@scheduler/domain/scheduling-text';
import type { SlotChoice } from './SlotPicker.tsx';

/** "with A, B, and C" for a slot's inspectors, when their names are shown. */
export function inspectorNames(slot: AppointmentSlot, users: ReadonlyArray<{ id: number; display: string }>): string {
  return joinNames(slot.users.map((id) => users.find((u) => u.id === id)?.display ?? '').filter(Boolean));
}

/** Spec 4.2 step 1: a grouped slot stands for its alternates; one is picked at random. */
export function pickMember(slot: AppointmentSlot, random: () => number = Math.random): AppointmentSlot {
  const members = slot.group?.length ? slot.group : [slot];
  return members[Math.floor(random() * members.length)] ?? slot;
}

/**
 * How a slot reads in a picker (spec 2.5): the start time alone in calendar mode, "{date} at
 * {start}" in list mode and in dialogs; "*" marks a preferred inspector, "with …" names them.
 */
export function describeSlot(
  slot: AppointmentSlot,
  options: { long: boolean; showNames: boolean; users: ReadonlyArray<{ id: number; display: string }> },
): SlotChoice {
  const names = options.showNames ? inspectorNames(slot, options.users) : '';
  const preferred = slot.preferred !== undefined ? ' *' : '';
  const when = options.long ? `${formatListDate(slot.date)} at ${slot.start}` : slot.start;
  return { slot, label: `${when}${preferred}`, detail: names ? `with ${names}` : undefined };
}
