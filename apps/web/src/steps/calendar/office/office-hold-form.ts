// zod/mini, as the wizard's form schemas: the office's chunk carries only the checks it uses.
import * as z from 'zod/mini';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { officeHoldBodySchema } from '@scheduler/contracts/scheduling';
import { parseClockTime } from '@scheduler/domain/schedule/hours-text';
import { formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { officeHoldTexts as t } from './office-hold-texts.ts';

/** The wire schema's limits (`officeHoldBodySchema`), so the form refuses what the server would. */
const MAX_INSPECTORS = 20;
const MAX_LENGTH_MINUTES = 24 * 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar date, "YYYY-MM-DD" (a date field gives one, or nothing). */
function isDate(date: string): boolean {
  const at = Date.parse(`${date}T00:00:00Z`);
  return ISO_DATE.test(date) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(date);
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The instant of an office wall time, or null when the clocks skip it; a wall time the clocks go
 * through twice is its first. It is the domain's `ZonedCalendar.toInstant` (the tests hold the two
 * to the same answers), found by reading instants back through the domain's `wallTimeIn`: the
 * class shares its module with the day arithmetic the first step loads, so importing it here
 * would put it in every visitor's first download (1.3 KB gzip), while `wallTimeIn` is there already.
 */
export function officeInstant(date: string, minutes: number, timeZone: string): number | null {
  const wall = Date.parse(`${date}T${hhmm(minutes)}:00Z`);
  const wallOf = (instant: number) => Date.parse(`${wallTimeIn(new Date(instant), timeZone).replace(' ', 'T')}Z`);
  // The offsets in force a day before and a day after: one of them holds at any wall time between.
  const candidates = [wall - DAY_MS, wall + DAY_MS]
    .map((probe) => wall - (wallOf(probe) - probe))
    .filter((instant) => wallOf(instant) === wall);
  return candidates.length ? Math.min(...candidates) : null;
}

/** The form's values as typed. Inspectors are ids joined by commas ("" for none): see the schema. */
export interface OfficeHoldFormInput {
  date: string;
  time: string;
  inspectors: string;
  length: string;
}

/** What a hold sends, and the office wall time it stands for ("YYYY-MM-DD HH:mm:00"). */
export interface OfficeHoldRequest {
  wallTime: string;
  body: z.input<typeof officeHoldBodySchema>;
}

export const inspectorIdsOf = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/**
 * The office's "any time" form (issue 25). The date and start time are the office's wall clock,
 * in its time zone: they leave the form as the instant the wire takes, and a time the clocks skip
 * is refused here rather than moved. Only the zod/mini types the wizard's other forms use appear
 * (strings and objects): the core they share loads with the first step, and an array or number
 * type here would add to it; so the inspectors are a string of ids.
 */
export function officeHoldFormSchema(timeZone: string) {
  const instantOf = (date: string, time: string) => {
    const minutes = parseClockTime(time);
    return minutes === null || !isDate(date) ? null : officeInstant(date, minutes, timeZone);
  };
  return z.pipe(
    z
      .object({
        date: z.string().check(z.minLength(1, { message: t.required, abort: true }), z.refine(isDate, t.dateFormat)),
        time: z.string().check(
          z.trim(),
          z.minLength(1, { message: t.required, abort: true }),
          z.refine((time) => parseClockTime(time) !== null, t.timeFormat),
        ),
        inspectors: z.string().check(
          z.minLength(1, { message: t.inspectorsRequired, abort: true }),
          z.refine((ids) => inspectorIdsOf(ids).length <= MAX_INSPECTORS, t.inspectorsTooMany(MAX_INSPECTORS)),
        ),
        length: z.string().check(
          z.trim(),
          z.refine(
            (length) =>
              length === '' || (/^\d+$/.test(length) && Number(length) >= 1 && Number(length) <= MAX_LENGTH_MINUTES),
            t.lengthRange(MAX_LENGTH_MINUTES),
          ),
        ),
      })
      // Only a date and a time that each read right can be a time the clocks skip.
      .check(
        z.refine(({ date, time }) => !isDate(date) || parseClockTime(time) === null || instantOf(date, time) !== null, {
          message: t.noSuchTime,
          path: ['time'],
        }),
      ),
    z.transform((values): OfficeHoldRequest => ({
      wallTime: `${values.date} ${hhmm(parseClockTime(values.time)!)}:00`,
      body: {
        datetime: new Date(instantOf(values.date, values.time)!).toISOString(),
        inspectors: inspectorIdsOf(values.inspectors),
        ...(values.length === '' ? {} : { duration: Number(values.length) }),
        accept_warnings: false,
      },
    })),
  );
}

/**
 * Where the form starts: the held time if there is one, its inspectors (or the office's only
 * one), and the cart's length as the calendar uses it.
 */
export function officeHoldDefaults(
  order: Pick<OrderResponse, 'datetime' | 'inspectors' | 'duration'>,
  office: Pick<OfficeResponse, 'time_zone' | 'users'>,
): OfficeHoldFormInput {
  const held = order.datetime ? wallTimeIn(order.datetime, office.time_zone) : null;
  const known = new Set(office.users.map((user) => user.id));
  const inspectors = order.inspectors.map((inspector) => inspector.id).filter((id) => known.has(id));
  return {
    date: held ? held.slice(0, 10) : '',
    time: held ? formatTime(held) : '',
    inspectors: (inspectors.length ? inspectors : office.users.length === 1 ? [office.users[0]!.id] : []).join(),
    length: order.duration > 0 ? String(order.duration) : '',
  };
}

/** Noon of a typed date, to name the office's zone as it is that day (EST or EDT); null until a date is typed. */
export function noonOf(date: string, timeZone: string): number | null {
  return isDate(date) ? officeInstant(date, 12 * 60, timeZone) : null;
}
