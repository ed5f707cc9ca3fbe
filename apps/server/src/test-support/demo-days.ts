import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { demoDocument } from './test-app.ts';

interface DemoInspector {
  overrides?: Array<{ date: string }>;
}

/**
 * The dates on which some inspector of the demo company keeps other hours than his week's
 * (holidays, an extra Saturday, a week away). A test that needs an ordinary working day must
 * not land on one, whatever the real date the suite runs on.
 */
function demoOverrideDates(): Set<string> {
  const inspectors = demoDocument().inspectors as DemoInspector[];
  return new Set(inspectors.flatMap((inspector) => (inspector.overrides ?? []).map((override) => override.date)));
}

/** Monday to Friday, in the calendar of the date itself. */
function isWeekday(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The first Monday-to-Friday date on or after `day` on which every inspector of the demo company
 * works his usual hours: no holiday, no extra or shortened day.
 */
export function demoOrdinaryWeekday(day: string): string {
  const overrides = demoOverrideDates();
  let candidate = day;
  while (!isWeekday(candidate) || overrides.has(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}
