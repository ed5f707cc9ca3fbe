import type { WEEKDAYS } from '@scheduler/contracts/company-document';
import { formatIntervals, parseIntervals, type HoursInterval } from '@scheduler/domain/schedule/hours-text';
import { formatPostalCodeList, parsePostalCodeList } from '@scheduler/domain/schedule/postal-code-list';
import { applyOverrideRows, overrideRows, type DocumentOverride, type OverrideRow } from './inspector-overrides.ts';

/**
 * One inspector of the company document as the Inspectors editor shows it, and back: hours,
 * date overrides and postal codes as text a person types, the rest as fields. What the editor
 * does not show (the office, the rank) passes through untouched.
 */

type Weekday = (typeof WEEKDAYS)[number];
export const EDITOR_WEEKDAYS: ReadonlyArray<{ day: Weekday; label: string }> = [
  { day: 'mon', label: 'Monday' },
  { day: 'tue', label: 'Tuesday' },
  { day: 'wed', label: 'Wednesday' },
  { day: 'thu', label: 'Thursday' },
  { day: 'fri', label: 'Friday' },
  { day: 'sat', label: 'Saturday' },
  { day: 'sun', label: 'Sunday' },
];

/** The bounds of the company document's schema, so the form refuses what the server would. */
export const MAX_INSPECTIONS_A_DAY = 20;
export const MAX_DRIVE_MILES = 500;
export const MAX_POSTAL_CODE_LENGTH = 10;

/**
 * Where the inspector starts their day. A new inspector whose office has no coordinates yet has
 * none either, until the person enters them: the document needs both.
 */
export interface HomeBase {
  latitude: number | null;
  longitude: number | null;
  postal_code: string;
}

/** An inspector as the document holds it; other fields are kept as they are. */
export interface DocumentInspector {
  id: number;
  /** The office's uuid. */
  office: string;
  first: string;
  last: string;
  display: string;
  email: string;
  phone: string;
  active: boolean;
  services: string[];
  max_inspections_per_day: number;
  max_drive_miles: number;
  postal_codes: string[];
  postal_codes_by_weekday: Partial<Record<Weekday, string[]>>;
  weekly_hours: Record<Weekday, HoursInterval[]>;
  overrides: DocumentOverride[];
  home_base: HomeBase;
  [other: string]: unknown;
}

export interface InspectorFormValues {
  first: string;
  last: string;
  display: string;
  email: string;
  phone: string;
  active: boolean;
  services: string[];
  maxInspections: string;
  maxDriveMiles: string;
  hours: Record<Weekday, string>;
  postalCodes: string;
  /** Empty: that weekday is not limited. */
  postalCodesByWeekday: Record<Weekday, string>;
  overrides: OverrideRow[];
  homePostalCode: string;
  homeLatitude: string;
  homeLongitude: string;
}

const perWeekday = <T>(value: (day: Weekday) => T): Record<Weekday, T> =>
  Object.fromEntries(EDITOR_WEEKDAYS.map(({ day }) => [day, value(day)])) as Record<Weekday, T>;

export function inspectorFormValues(inspector: DocumentInspector): InspectorFormValues {
  return {
    first: inspector.first,
    last: inspector.last,
    display: inspector.display,
    email: inspector.email,
    phone: inspector.phone,
    active: inspector.active,
    services: [...inspector.services],
    maxInspections: String(inspector.max_inspections_per_day),
    maxDriveMiles: String(inspector.max_drive_miles),
    hours: perWeekday((day) => formatIntervals(inspector.weekly_hours[day] ?? [])),
    postalCodes: formatPostalCodeList(inspector.postal_codes),
    postalCodesByWeekday: perWeekday((day) => formatPostalCodeList(inspector.postal_codes_by_weekday[day] ?? [])),
    overrides: overrideRows(inspector.overrides),
    homePostalCode: inspector.home_base.postal_code,
    homeLatitude: inspector.home_base.latitude === null ? '' : String(inspector.home_base.latitude),
    homeLongitude: inspector.home_base.longitude === null ? '' : String(inspector.home_base.longitude),
  };
}

/** A problem with one field of the form, by its name in `InspectorFormValues` ("hours.mon" for a day). */
export interface FieldProblem {
  field: string;
  message: string;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** A decimal coordinate ("40.0992", "-83.1141") within ±`limit`, or null. */
function coordinate(text: string, limit: number): number | null {
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Math.abs(value) <= limit ? value : null;
}

/**
 * The inspector with the form's values written in, or the form's problems (each naming its field).
 * The same checks as the document's schema, so a save the form lets through is one the server takes.
 */
export function applyInspectorForm(
  inspector: DocumentInspector,
  values: InspectorFormValues,
): { ok: true; inspector: DocumentInspector } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (values.first.trim() === '') problems.push({ field: 'first', message: 'Enter a first name.' });
  if (values.last.trim() === '') problems.push({ field: 'last', message: 'Enter a last name.' });
  const email = values.email.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.push({ field: 'email', message: 'Enter an e-mail address like name@example.com, or leave it empty.' });
  const maxInspections = wholeNumber(values.maxInspections, 1, MAX_INSPECTIONS_A_DAY);
  if (maxInspections === null)
    problems.push({ field: 'maxInspections', message: `Enter a whole number from 1 to ${MAX_INSPECTIONS_A_DAY}.` });
  const maxDriveMiles = wholeNumber(values.maxDriveMiles, 1, MAX_DRIVE_MILES);
  if (maxDriveMiles === null)
    problems.push({ field: 'maxDriveMiles', message: `Enter a whole number of miles from 1 to ${MAX_DRIVE_MILES}.` });

  const weeklyHours = { ...inspector.weekly_hours };
  const byWeekday: Partial<Record<Weekday, string[]>> = {};
  for (const { day } of EDITOR_WEEKDAYS) {
    const hours = parseIntervals(values.hours[day]);
    if (hours.ok) weeklyHours[day] = hours.intervals;
    else problems.push({ field: `hours.${day}`, message: hours.message });
    const codes = parsePostalCodeList(values.postalCodesByWeekday[day]);
    if (!codes.ok) problems.push({ field: `postalCodesByWeekday.${day}`, message: codes.message });
    else if (codes.codes.length > 0) byWeekday[day] = codes.codes;
  }
  const postalCodes = parsePostalCodeList(values.postalCodes);
  if (!postalCodes.ok) problems.push({ field: 'postalCodes', message: postalCodes.message });
  const overrides = applyOverrideRows(values.overrides);
  if (!overrides.ok) problems.push(...overrides.problems);
  const homePostalCode = values.homePostalCode.trim();
  if (homePostalCode.length > MAX_POSTAL_CODE_LENGTH)
    problems.push({ field: 'homePostalCode', message: `At most ${MAX_POSTAL_CODE_LENGTH} characters.` });
  const latitude = coordinate(values.homeLatitude, 90);
  if (latitude === null)
    problems.push({ field: 'homeLatitude', message: 'Enter a latitude from -90 to 90, like 40.0992.' });
  const longitude = coordinate(values.homeLongitude, 180);
  if (longitude === null)
    problems.push({ field: 'homeLongitude', message: 'Enter a longitude from -180 to 180, like -83.1141.' });
  if (
    problems.length > 0 ||
    !postalCodes.ok ||
    !overrides.ok ||
    maxInspections === null ||
    maxDriveMiles === null ||
    latitude === null ||
    longitude === null
  )
    return { ok: false, problems };

  return {
    ok: true,
    inspector: {
      ...inspector,
      first: values.first.trim(),
      last: values.last.trim(),
      display: values.display.trim(),
      email,
      phone: values.phone.trim(),
      active: values.active,
      services: values.services,
      max_inspections_per_day: maxInspections,
      max_drive_miles: maxDriveMiles,
      weekly_hours: weeklyHours,
      postal_codes: postalCodes.codes,
      postal_codes_by_weekday: byWeekday,
      overrides: overrides.overrides,
      home_base: { ...inspector.home_base, latitude, longitude, postal_code: homePostalCode },
    },
  };
}

/** The document's names of an inspector's fields, and the form's field each is edited in. */
const FORM_FIELD_OF: Readonly<Record<string, string>> = {
  first: 'first',
  last: 'last',
  display: 'display',
  email: 'email',
  phone: 'phone',
  max_inspections_per_day: 'maxInspections',
  max_drive_miles: 'maxDriveMiles',
  services: 'services',
  postal_codes: 'postalCodes',
};

/**
 * The form's field for a refused path inside one inspector ("overrides.0.note", "home_base.latitude",
 * "weekly_hours.mon.1.end"), or null when the form has no such field. `sent` is the inspector as
 * saved, whose overrides are sorted: a refused override is found among the form's rows by its date.
 */
export function formFieldOfRefusal(path: string, sent: DocumentInspector, values: InspectorFormValues): string | null {
  const [first, second, third] = path.split('.');
  if (first === undefined) return null;
  if (first in FORM_FIELD_OF) return FORM_FIELD_OF[first]!;
  const isWeekday = (day: string | undefined): day is Weekday => EDITOR_WEEKDAYS.some((entry) => entry.day === day);
  if (first === 'weekly_hours' && isWeekday(second)) return `hours.${second}`;
  if (first === 'postal_codes_by_weekday' && isWeekday(second)) return `postalCodesByWeekday.${second}`;
  if (first === 'home_base')
    return second === 'latitude'
      ? 'homeLatitude'
      : second === 'longitude'
        ? 'homeLongitude'
        : second === 'postal_code'
          ? 'homePostalCode'
          : null;
  if (first === 'overrides') {
    const date = sent.overrides[Number(second)]?.date;
    const row = values.overrides.findIndex((candidate) => candidate.date.trim() === date);
    if (row < 0) return null;
    return `overrides.${row}.${third === 'intervals' ? 'hours' : third === 'note' ? 'note' : 'date'}`;
  }
  return null;
}

/** Which of the company's postal-code limits are on (its settings RESTRICT_INSPECTOR_ZIP and LIMIT_ZIP_BY_DAY). */
export interface PostalCodeLimits {
  byList: boolean;
  byWeekday: boolean;
}

/** Whether the inspector goes to the postal code on that weekday: they work that day, and no limit that is on leaves the code out. */
function serves(inspector: DocumentInspector, day: Weekday, code: string, limits: PostalCodeLimits): boolean {
  if (!inspector.active || (inspector.weekly_hours[day] ?? []).length === 0) return false;
  if (limits.byList && inspector.postal_codes.length > 0 && !inspector.postal_codes.includes(code)) return false;
  const onDay = inspector.postal_codes_by_weekday[day];
  return !limits.byWeekday || onDay === undefined || onDay.includes(code);
}

/**
 * The postal codes nobody serves, by weekday: of every code some inspector lists, those that no
 * working inspector goes to that day (by their hours, and by their list and weekday list where the
 * company's settings apply them). An
 * inspector with no list serves everywhere, so a company where one has none has no gaps. The
 * result holds only weekdays with a gap, Monday first.
 */
export function coverageGaps(
  inspectors: readonly DocumentInspector[],
  limits: PostalCodeLimits,
): Array<{ day: Weekday; label: string; codes: string[] }> {
  // With neither limit on, every inspector goes everywhere their radius reaches: no list makes a gap.
  if (!limits.byList && !limits.byWeekday) return [];
  const listed = new Set<string>();
  for (const inspector of inspectors) {
    if (!inspector.active) continue;
    for (const code of inspector.postal_codes) listed.add(code);
    for (const codes of Object.values(inspector.postal_codes_by_weekday))
      for (const code of codes ?? []) listed.add(code);
  }
  const codes = [...listed].sort();
  return EDITOR_WEEKDAYS.flatMap(({ day, label }) => {
    const working = inspectors.filter(
      (inspector) => inspector.active && (inspector.weekly_hours[day] ?? []).length > 0,
    );
    // A day nobody works is a day off for the company, not a gap in its area.
    if (working.length === 0) return [];
    const gaps = codes.filter((code) => !working.some((inspector) => serves(inspector, day, code, limits)));
    return gaps.length > 0 ? [{ day, label, codes: gaps }] : [];
  });
}
