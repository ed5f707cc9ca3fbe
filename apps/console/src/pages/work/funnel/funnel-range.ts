import { FUNNEL_MAX_DAYS, funnelQuerySchema } from '@scheduler/contracts/analytics';

/** The span the page shows before the person picks one: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;

/** A date as the browser's own calendar has it (not UTC's, which is tomorrow in the evening west of Greenwich). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultRange(today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (DEFAULT_DAYS - 1));
  return { from: localDate(from), to: localDate(today) };
}

export type RangeCheck = { ok: true } | { ok: false; message: string };

/** A span the API takes, judged by its own query schema; in words when it does not. */
export function checkRange(from: string, to: string): RangeCheck {
  if (funnelQuerySchema.safeParse({ from, to }).success) return { ok: true };
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(from) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(to) ||
    Number.isNaN(Date.parse(from)) ||
    Number.isNaN(Date.parse(to))
  )
    return { ok: false, message: 'Enter both dates.' };
  if (to < from)
    return { ok: false, message: 'The last day comes before the first: pick a last day on or after the first.' };
  return { ok: false, message: `At most ${FUNNEL_MAX_DAYS} days at a time: pick a shorter span.` };
}
