/** Wording of dates and inspector names on the scheduling screens (spec 2.5, 9.4). */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
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

/** "2026-11-24 09:00:00" -> "11/24/2026 at 9:00AM" (the modals' format). */
export function formatAppointmentDateTime(localDateTime: string): string {
  const { year, month, day, hour, minute } = parts(localDateTime);
  const clock = twelveHour(hour);
  return `${month}/${day}/${year} at ${clock.hour}:${String(minute).padStart(2, '0')}${clock.suffix}`;
}

/** "2026-11-24 09:00:00" -> { date: "11/24/2026", time: "9:00 AM" } (the review panel's format). */
export function formatSidebarDateTime(localDateTime: string): { date: string; time: string } {
  const { year, month, day, hour, minute } = parts(localDateTime);
  const clock = twelveHour(hour);
  return { date: `${month}/${day}/${year}`, time: `${clock.hour}:${String(minute).padStart(2, '0')} ${clock.suffix}` };
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
