import type { Weekday } from '@scheduler/contracts/company-document';
import { formatPostalCodeList, parsePostalCodeList } from '@scheduler/domain/schedule/postal-code-list';
import { EDITOR_WEEKDAYS, type DocumentInspector } from './inspector-form.ts';

/**
 * "Check your area": of the postal codes a person types (a code, a list, ranges like
 * 43001-43099), which no active inspector serves by their lists, and which are served only on
 * some weekdays by the weekday lists. An inspector with no list serves everywhere, as the
 * document's schema says; an inspector without hours on a weekday serves nobody that day; a
 * weekday nobody works is the company's day off, not a gap.
 */

export interface AreaCheck {
  /** How many codes the text named. */
  checked: number;
  /** The codes no active inspector's list holds, as the editor writes a list (runs as ranges). */
  nobody: string;
  /** Codes served overall but not on some working weekdays: one line per set of weekdays, Monday first. */
  someDays: Array<{ days: Weekday[]; label: string; codes: string }>;
}

export type AreaCheckResult = { ok: true; check: AreaCheck } | { ok: false; message: string };

const worksOn = (inspector: DocumentInspector, day: Weekday) => (inspector.weekly_hours[day] ?? []).length > 0;
const listHolds = (list: readonly string[], code: string) => list.length === 0 || list.includes(code);

/**
 * `byWeekday`: the company's LIMIT_ZIP_BY_DAY setting is on, so weekday lists narrow the overall
 * ones (off: they change nothing, and no weekday is reported).
 */
export function checkArea(
  inspectors: readonly DocumentInspector[],
  text: string,
  { byWeekday }: { byWeekday: boolean },
): AreaCheckResult {
  if (text.trim() === '') return { ok: false, message: 'Enter a postal code, a list, or a range like 43001-43099.' };
  const parsed = parsePostalCodeList(text);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const active = inspectors.filter((inspector) => inspector.active);
  const nobody: string[] = [];
  const missingDays = new Map<string, Weekday[]>();
  const workedDays = EDITOR_WEEKDAYS.map(({ day }) => day).filter((day) =>
    active.some((inspector) => worksOn(inspector, day)),
  );
  for (const code of parsed.codes) {
    const serving = active.filter((inspector) => listHolds(inspector.postal_codes, code));
    if (serving.length === 0) {
      nobody.push(code);
      continue;
    }
    if (!byWeekday) continue;
    const days = workedDays.filter(
      (day) =>
        !serving.some(
          (inspector) => worksOn(inspector, day) && listHolds(inspector.postal_codes_by_weekday[day] ?? [], code),
        ),
    );
    if (days.length > 0) missingDays.set(code, days);
  }
  // Codes missed on the same weekdays read as one line: "Saturday, Sunday: 43005-43007".
  const groups = new Map<string, { days: Weekday[]; codes: string[] }>();
  for (const [code, days] of missingDays) {
    const key = days.join(',');
    const group = groups.get(key) ?? { days, codes: [] };
    group.codes.push(code);
    groups.set(key, group);
  }
  const order = (days: Weekday[]) => EDITOR_WEEKDAYS.findIndex((entry) => entry.day === days[0]);
  const someDays = [...groups.values()]
    .sort((a, b) => order(a.days) - order(b.days) || a.days.length - b.days.length)
    .map((group) => ({
      days: group.days,
      label: group.days.map((day) => EDITOR_WEEKDAYS.find((entry) => entry.day === day)!.label).join(', '),
      codes: formatPostalCodeList(group.codes),
    }));
  return { ok: true, check: { checked: parsed.codes.length, nobody: formatPostalCodeList(nobody), someDays } };
}
