import { REPORT_MAX_MONTHS, reportQuerySchema } from '@scheduler/contracts/reports';

/** The months the page shows before the person picks a span: the last 12, this one included. */
export const DEFAULT_MONTHS = 12;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the browser's own calendar has it (not UTC's, which is tomorrow in the evening west of Greenwich). */
function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** From the first day of the month eleven months back to today: twelve calendar months. */
export function defaultReportRange(today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth() - (DEFAULT_MONTHS - 1), 1);
  return { from: localDate(from), to: localDate(today) };
}

export type RangeCheck = { ok: true } | { ok: false; message: string };

/** A span the API takes, judged by its own query schema; in words when it does not. */
export function checkReportRange(from: string, to: string): RangeCheck {
  if (reportQuerySchema.safeParse({ from, to }).success) return { ok: true };
  const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
  if (!isDate(from) || !isDate(to)) return { ok: false, message: 'Enter both dates.' };
  if (to < from)
    return { ok: false, message: 'The last day comes before the first: pick a last day on or after the first.' };
  return { ok: false, message: `At most ${REPORT_MAX_MONTHS} months at a time: pick a shorter span.` };
}
