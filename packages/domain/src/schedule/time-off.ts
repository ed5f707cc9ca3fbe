import { addDays, dayNumberOf, minutesOfTime, timeOfMinutes, weekdayOf } from '../availability/zoned-calendar.ts';
import { workingHoursOn, type InspectorHours, type WorkingInterval } from './working-hours.ts';

const MINUTES_PER_DAY = 24 * 60;

/**
 * An inspector's time off (issue 25), on the office's clock: the dates from..to (inclusive), on
 * every one of them or only on some weekdays (a weekly block), all day or between two times.
 */
export interface TimeOffBlock {
  from_date: string;
  to_date: string;
  /** 0 (Sunday) to 6; null: every date of the range. */
  weekdays: readonly number[] | null;
  /** HH:MM; both null: the whole day. */
  start_time: string | null;
  end_time: string | null;
}

/** Whether the block takes time on this date. */
export function blockApplies(block: TimeOffBlock, date: string): boolean {
  if (date < block.from_date || date > block.to_date) return false;
  return block.weekdays === null || block.weekdays.includes(weekdayOf(date));
}

/** The minutes of the day the block takes on a date it applies to: [from, to). */
export function blockMinutes(block: TimeOffBlock): { from: number; to: number } {
  if (block.start_time === null || block.end_time === null) return { from: 0, to: MINUTES_PER_DAY };
  return { from: minutesOfTime(block.start_time), to: minutesOfTime(block.end_time) };
}

/** `intervals` with the spans taken out (each interval may split in two or vanish). */
export function subtractSpans(
  intervals: readonly WorkingInterval[],
  spans: ReadonlyArray<{ from: number; to: number }>,
): WorkingInterval[] {
  let pieces = intervals.map((interval) => ({ from: minutesOfTime(interval.start), to: minutesOfTime(interval.end) }));
  for (const span of spans) {
    pieces = pieces.flatMap((piece) => {
      if (span.to <= piece.from || span.from >= piece.to) return [piece];
      return [
        ...(span.from > piece.from ? [{ from: piece.from, to: span.from }] : []),
        ...(span.to < piece.to ? [{ from: span.to, to: piece.to }] : []),
      ];
    });
  }
  return pieces.map((piece) => ({ start: timeOfMinutes(piece.from), end: timeOfMinutes(piece.to) }));
}

/**
 * The inspector's date overrides with their time off applied over `window` (inclusive local
 * dates): every date a block touches becomes an override of that day's hours less the blocks. The
 * availability engine then offers no time off, and counts none of it as an inspection.
 */
export function overridesWithTimeOff(
  hours: InspectorHours,
  blocks: readonly TimeOffBlock[],
  window: { from: string; to: string },
): Array<{ date: string; intervals: WorkingInterval[]; note: string }> {
  const overrides = new Map(
    hours.overrides.map((entry) => [
      entry.date,
      { date: entry.date, intervals: [...entry.intervals], note: entry.note ?? '' },
    ]),
  );
  if (blocks.length === 0) return [...overrides.values()];
  const first = blocks.reduce(
    (earliest, block) => (block.from_date < earliest ? block.from_date : earliest),
    window.to,
  );
  const start = first > window.from ? first : window.from;
  for (let day = dayNumberOf(start); day <= dayNumberOf(window.to); day++) {
    const date = addDays('1970-01-01', day);
    const spans = blocks.filter((block) => blockApplies(block, date)).map(blockMinutes);
    if (spans.length === 0) continue;
    overrides.set(date, {
      date,
      intervals: subtractSpans(workingHoursOn(hours, date), spans),
      note: overrides.get(date)?.note || 'Time off',
    });
  }
  return [...overrides.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
