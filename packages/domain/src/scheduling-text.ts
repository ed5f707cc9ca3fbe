/**
 * The one place that words dates and times for the wizard (spec 2.5, 9.4). Where the spec fixes a
 * format for a message it is used (the dialogs' "M/D/YYYY at h:mmA", the sidebar's "M/D/YYYY" and
 * "h:mm A", list mode's "{weekday, Month Do YYYY} at {start}"); everywhere else a date reads as
 * list mode's date and a time as "h:mm A", so one flow never mixes two spellings of one thing.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parts(localDateTime: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const [date = '', time = '00:00'] = localDateTime.split(/[ T]/);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

function twelveHour(hour: number): { hour: number; suffix: 'AM' | 'PM' } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, suffix: hour >= 12 ? 'PM' : 'AM' };
}

/** 9, 5 -> "9:05 AM": the readable time everywhere outside the dialogs. */
export function clockText(hour: number, minute: number, space = ' '): string {
  const clock = twelveHour(hour);
  return `${clock.hour}:${String(minute).padStart(2, '0')}${space}${clock.suffix}`;
}

/** "2026-11-24 09:00:00" -> "11/24/2026 at 9:00AM" (the modals' format). */
export function formatAppointmentDateTime(localDateTime: string): string {
  const { year, month, day, hour, minute } = parts(localDateTime);
  return `${month}/${day}/${year} at ${clockText(hour, minute, '')}`;
}

/** "2026-11-24 09:00:00" -> { date: "11/24/2026", time: "9:00 AM" } (the review panel's format). */
export function formatSidebarDateTime(localDateTime: string): { date: string; time: string } {
  const { year, month, day, hour, minute } = parts(localDateTime);
  return { date: `${month}/${day}/${year}`, time: clockText(hour, minute) };
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd". */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffixes: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };
  return `${day}${suffixes[day % 10] ?? 'th'}`;
}

/** "2026-11-24" -> "Tuesday, November 24th 2026" (list mode). */
export function formatListDate(date: string): string {
  const { year, month, day } = parts(date);
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return `${weekday}, ${MONTHS[month - 1]} ${ordinal(day)} ${year}`;
}

/** "2026-11-24 09:00:00" -> "9:00 AM". */
export function formatTime(localDateTime: string): string {
  const { hour, minute } = parts(localDateTime);
  return clockText(hour, minute);
}

/** "2026-11-24 09:00:00" -> "Tuesday, November 24th 2026 at 9:00 AM" (list mode, and any appointment named in full). */
export function formatLongDateTime(localDateTime: string): string {
  return `${formatListDate(localDateTime)} at ${formatTime(localDateTime)}`;
}

/** An instant as the office's wall time, "YYYY-MM-DD HH:mm:ss", for the formatters above. */
export function wallTimeIn(instant: string | Date, timeZone: string): string {
  // Swedish conventions write exactly "YYYY-MM-DD HH:mm:ss" on a 24-hour clock.
  return new Date(instant).toLocaleString('sv-SE', { timeZone });
}

/** 272_000 ms -> "4:32": what is left of a hold, as a countdown shows it (never below 0:00). */
export function formatCountdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 272_000 ms -> "5 minutes", 45_000 -> "1 minute": the same, for a screen reader's polite update. */
export function formatMinutesLeft(milliseconds: number): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** ["A"] -> "A"; ["A", "B"] -> "A and B"; ["A", "B", "C"] -> "A, B, and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names.slice(0, -1).join(', ')}, and ${names.at(-1)}`;
}

export function monthName(month: number): string {
  return MONTHS[month - 1] ?? '';
}

/** Minutes between two office-local "YYYY-MM-DD HH:mm:ss" wall times (both on ordinary days). */
export function minutesBetween(startLocal: string, endLocal: string): number {
  const toMs = (text: string) => {
    const p = parts(text);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  };
  return Math.round((toMs(endLocal) - toMs(startLocal)) / 60_000);
}
