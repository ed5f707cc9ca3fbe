/**
 * Working hours as a person types them in the console's editors: "8:00 AM–12 PM, 1 PM–5 PM" or
 * "08:00-12:00, 13:00-17:00". Several intervals a day, in order, never overlapping; the document
 * stores them as HH:MM (24:00 for midnight at a day's end).
 */
import { clockText as hourMinuteText } from '../scheduling-text.ts';

/** An interval of a working day, as the company document writes it. */
export interface HoursInterval {
  start: string;
  end: string;
}

/** The most intervals one day may hold: more is a typo, not a schedule. */
export const MAX_INTERVALS_A_DAY = 8;

/**
 * A time of day as the office types it: on a 12-hour clock ("2:30 PM", "2:30pm", "2 p.m.",
 * "12 AM") or a 24-hour one ("14:30", "9:05"); minutes after midnight, or null.
 */
export function parseClockTime(text: string): number | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m?\.?)?$/i.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  if (minute > 59) return null;
  const half = match[3]?.toLowerCase();
  if (half) return hour >= 1 && hour <= 12 ? ((hour % 12) + (half === 'p' ? 12 : 0)) * 60 + minute : null;
  // Without AM or PM the clock is a 24-hour one, and "14" alone is too easily a typo.
  return match[2] !== undefined && hour <= 23 ? hour * 60 + minute : null;
}

const MIDNIGHT_END = 24 * 60;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "08:00" → "8:00 AM"; "24:00" → "12:00 AM" (midnight, the day's end), as the wizard words a time. */
export function clockText(hhmmText: string): string {
  const [hours, minutes] = hhmmText.split(':').map(Number) as [number, number];
  return hourMinuteText(hours % 24, minutes);
}

/** A day's intervals as the editor shows them: "8:00 AM–12:00 PM, 1:00 PM–5:00 PM"; "" for a day off. */
export function formatIntervals(intervals: readonly HoursInterval[]): string {
  return intervals.map((interval) => `${clockText(interval.start)}–${clockText(interval.end)}`).join(', ');
}

export type IntervalsResult = { ok: true; intervals: HoursInterval[] } | { ok: false; message: string };

/**
 * A day's intervals from the editor's text: intervals separated by commas or semicolons, each two
 * times joined by "-", "–" or "to". Empty text is a day off. An end of "12 AM" (or "0:00") after
 * a start is midnight, the end of the day.
 */
export function parseIntervals(text: string): IntervalsResult {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > MAX_INTERVALS_A_DAY)
    return { ok: false, message: `At most ${MAX_INTERVALS_A_DAY} intervals a day.` };
  const spans: Array<[number, number]> = [];
  for (const part of parts) {
    const ends = part.split(/\s*(?:-|–|—|\bto\b)\s*/i);
    if (ends.length !== 2) return { ok: false, message: `"${part}" is not a start and an end, like 8:00 AM–5:00 PM.` };
    const start = parseClockTime(ends[0]!);
    const rawEnd = parseClockTime(ends[1]!);
    if (start === null || rawEnd === null)
      return { ok: false, message: `"${part}" has a time we cannot read; write times like 8:00 AM or 17:30.` };
    const end = rawEnd === 0 ? MIDNIGHT_END : rawEnd;
    if (end <= start) return { ok: false, message: `In "${part}" the end is not after the start.` };
    spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < spans.length; index++) {
    if (spans[index]![0] < spans[index - 1]![1]) return { ok: false, message: 'Two intervals overlap.' };
  }
  return { ok: true, intervals: spans.map(([start, end]) => ({ start: hhmm(start), end: hhmm(end) })) };
}
