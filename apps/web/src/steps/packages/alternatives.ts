import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime, joinNames } from '@scheduler/domain/scheduling-text';

export interface AlternativeChoice {
  slot: AppointmentSlot;
  label: string;
}

/**
 * The substitutes a dialog offers, each labelled as the dialog words times. With inspector names
 * shown a choice names its team; without them, teams at the same time are one choice (the first,
 * the server's preferred), as the calendar groups them (spec 9.6 SHOW_INSPECTOR_NAMES).
 */
export function alternativeChoices(slots: readonly AppointmentSlot[], names: ReadonlyMap<number, string> | null): AlternativeChoice[] {
  const seen = new Set<string>();
  const choices: AlternativeChoice[] = [];
  for (const slot of slots) {
    const when = formatAppointmentDateTime(slot.start_datetime);
    const team = names ? joinNames(slot.users.map((id) => names.get(id) ?? '').filter(Boolean)) : '';
    const label = team ? `${when} with ${team}` : when;
    if (seen.has(label)) continue;
    seen.add(label);
    choices.push({ slot, label });
  }
  return choices;
}
