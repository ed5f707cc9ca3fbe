import { isIsoDate } from '@scheduler/contracts/date-format';
import { formatIntervals, parseIntervals, type HoursInterval } from '@scheduler/domain/schedule/hours-text';

/**
 * An inspector's date overrides (the document's `overrides`): on a date, other hours than their
 * week's, or none (a day off), with a note for the office. The editor shows them as rows of text
 * (the hours typed as the weekly hours are) and writes them back sorted by date, each date once.
 */

/** The longest note the document's schema takes. */
export const MAX_OVERRIDE_NOTE = 200;

export interface DocumentOverride {
  date: string;
  intervals: HoursInterval[];
  note: string;
}

export interface OverrideRow {
  /** YYYY-MM-DD, as a date field gives it. */
  date: string;
  /** Empty: a day off. */
  hours: string;
  note: string;
}

export interface OverrideProblem {
  /** The form's name of the field: "overrides.2.date". */
  field: string;
  message: string;
}

/** A calendar date that exists, written YYYY-MM-DD: 2028-02-29 is one, 2026-02-29 is not. */
export function isRealDate(text: string): boolean {
  return isIsoDate(text);
}

const byDate = <T extends { date: string }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** The overrides as the form's rows, in date order. */
export function overrideRows(overrides: readonly DocumentOverride[]): OverrideRow[] {
  return [...overrides]
    .sort(byDate)
    .map((override) => ({ date: override.date, hours: formatIntervals(override.intervals), note: override.note }));
}

/**
 * The rows' positions, split by the office's `today` (YYYY-MM-DD): dates before it are past; today,
 * later dates and rows without a date yet are upcoming (a row being added is never hidden).
 */
export function splitByToday(
  rows: ReadonlyArray<{ date: string }>,
  today: string,
): { past: number[]; upcoming: number[] } {
  const past: number[] = [];
  const upcoming: number[] = [];
  rows.forEach((row, index) => (isRealDate(row.date) && row.date < today ? past : upcoming).push(index));
  return { past, upcoming };
}

/** The overrides the rows describe, sorted by date, or the rows' problems (each naming its field). */
export function applyOverrideRows(
  rows: readonly OverrideRow[],
): { ok: true; overrides: DocumentOverride[] } | { ok: false; problems: OverrideProblem[] } {
  const problems: OverrideProblem[] = [];
  const overrides: DocumentOverride[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const date = row.date.trim();
    if (date === '') problems.push({ field: `overrides.${index}.date`, message: 'Enter a date.' });
    else if (!isRealDate(date))
      problems.push({ field: `overrides.${index}.date`, message: 'Enter a real date, like 2026-12-24.' });
    // The later row is the one refused: the one the person has just added or changed, usually.
    else if (seen.has(date))
      problems.push({
        field: `overrides.${index}.date`,
        message: 'This date is already in the list: change that one instead.',
      });
    seen.add(date);
    const hours = parseIntervals(row.hours);
    if (!hours.ok) problems.push({ field: `overrides.${index}.hours`, message: hours.message });
    const note = row.note.trim();
    if (note.length > MAX_OVERRIDE_NOTE)
      problems.push({
        field: `overrides.${index}.note`,
        message: `At most ${MAX_OVERRIDE_NOTE} characters (now ${note.length}).`,
      });
    if (hours.ok) overrides.push({ date, intervals: hours.intervals, note });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, overrides: overrides.sort(byDate) };
}
