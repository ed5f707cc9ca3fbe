import type { ConsoleInspectors } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { joinNames } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';

/** The answer's start times by day, each time once (the server picks who inspects), days and times in order. */
export function daysWithTimes(slots: readonly AppointmentSlot[]): Array<{ date: string; slots: AppointmentSlot[] }> {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of slots) {
    const day = byDate.get(slot.date) ?? [];
    if (!day.some((other) => other.timestamp === slot.timestamp)) day.push(slot);
    byDate.set(slot.date, day);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({ date, slots: day.sort((a, b) => a.timestamp - b.timestamp) }));
}

/** The instant a slot starts, as the reschedule call takes it. */
export const slotInstant = (slot: Pick<AppointmentSlot, 'timestamp'>): string =>
  new Date(slot.timestamp * 1000).toISOString();

/** A start time with its zone: "9:00 AM EST". */
export const slotTimeText = (slot: AppointmentSlot, timeZone: string): string =>
  `${slot.start} ${zoneAbbreviation(timeZone, slot.timestamp * 1000)}`;

/** Who a move goes to: the booking's own inspectors, or one the office picks instead. */
export interface MoveTeam {
  /** The select's value: the ids, joined. */
  key: string;
  ids: number[];
  names: string;
  label: string;
}

/**
 * The teams a move may go to (issue 41): the booking's own first, its choice by default, then each
 * other inspector of the office the booking's inspectors work in (every office's when none of
 * them is still listed). The server never hands a move to anyone not picked here.
 */
export function moveTeams(
  current: ReadonlyArray<{ id: number; name: string }>,
  inspectors: ConsoleInspectors['inspectors'],
): MoveTeam[] {
  const ids = current.map((inspector) => inspector.id);
  const names = joinNames(current.map((inspector) => inspector.name));
  const offices = new Set(inspectors.filter((i) => ids.includes(i.id)).map((i) => i.office_uuid));
  const own: MoveTeam = { key: ids.join(','), ids, names, label: `${names} (booked now)` };
  const others = inspectors
    .filter((inspector) => offices.size === 0 || offices.has(inspector.office_uuid))
    .filter((inspector) => !(ids.length === 1 && ids[0] === inspector.id))
    .map((inspector) => ({
      key: String(inspector.id),
      ids: [inspector.id],
      names: inspector.name,
      label: inspector.name,
    }));
  return [...(ids.length > 0 ? [own] : []), ...others];
}
