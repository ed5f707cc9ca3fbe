import { z } from 'zod';
import { consoleTimeOffBodySchema, TIME_OFF_NOTE_MAX, type ConsoleTimeOffBody } from '@scheduler/contracts/console';

/** Sunday first, 0 to 6, as the API numbers weekdays. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The "Block time" form as the person fills it in: text fields are strings until sent. */
export interface TimeOffValues {
  inspector_id: string;
  from_date: string;
  to_date: string;
  all_day: boolean;
  start_time: string;
  end_time: string;
  weekdays: number[];
  note: string;
}

export const FORM_FIELDS = [
  'inspector_id',
  'from_date',
  'to_date',
  'start_time',
  'end_time',
  'weekdays',
  'note',
] as const;
export type TimeOffField = (typeof FORM_FIELDS)[number];

/**
 * The body the form sends. A time field gives "00:00" for midnight; as an end after a start it is
 * the end of the day, which the API writes "24:00".
 */
export function timeOffBody(values: TimeOffValues, acceptConflicts = false): ConsoleTimeOffBody {
  const endTime = values.end_time === '00:00' && values.start_time > '00:00' ? '24:00' : values.end_time;
  return {
    inspector_id: Number(values.inspector_id),
    from_date: values.from_date,
    to_date: values.to_date,
    weekdays: values.weekdays.length === 0 ? null : [...values.weekdays].sort((a, b) => a - b),
    start_time: values.all_day ? null : values.start_time || null,
    end_time: values.all_day ? null : endTime || null,
    note: values.note.trim(),
    accept_conflicts: acceptConflicts,
  };
}

/** The field of the form a server's `error.field` ("to_date", "weekdays.0") names, if any. */
export function formFieldOf(field: string | undefined): TimeOffField | null {
  const name = field?.split('.')[0];
  return FORM_FIELDS.find((candidate) => candidate === name) ?? null;
}

/**
 * The form's checks: what is missing, in words, then the API's own rules (consoleTimeOffBodySchema:
 * the order of the dates, a year at most, both times or neither, the end after the start) on the
 * body it would send, each on the field it names.
 */
export const timeOffFormSchema = z
  .object({
    inspector_id: z.string().min(1, 'Choose the inspector.'),
    from_date: z.string().min(1, 'Enter the first date.'),
    to_date: z.string().min(1, 'Enter the last date.'),
    all_day: z.boolean(),
    start_time: z.string(),
    end_time: z.string(),
    weekdays: z.array(z.number().int().min(0).max(6)),
    note: z.string().max(TIME_OFF_NOTE_MAX, `Use at most ${TIME_OFF_NOTE_MAX} characters.`),
  })
  .superRefine((values, context) => {
    if (!values.all_day) {
      if (!values.start_time)
        context.addIssue({ code: 'custom', path: ['start_time'], message: 'Enter the start time, or choose All day.' });
      if (!values.end_time)
        context.addIssue({ code: 'custom', path: ['end_time'], message: 'Enter the end time, or choose All day.' });
    }
    if (
      !values.inspector_id ||
      !values.from_date ||
      !values.to_date ||
      (!values.all_day && (!values.start_time || !values.end_time))
    )
      return;
    const parsed = consoleTimeOffBodySchema.safeParse(timeOffBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'));
      context.addIssue({
        code: 'custom',
        path: [field ?? 'from_date'],
        message: field ? issue.message : 'Check the dates and times.',
      });
    }
  });

/**
 * The zone's short names over the dates (the office's clock): "EST", or "EST or EDT" where the
 * clocks change in the range. Empty while the dates are not both valid.
 */
export function zoneNamesOver(timeZone: string, from: string, to: string): string[] {
  const start = Date.parse(`${from}T12:00:00Z`);
  const end = Date.parse(`${to}T12:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
  const names = new Set<string>();
  // A week apart, and the last date: the clocks change at most twice a year.
  for (let instant = start; instant <= end; instant += 7 * 86_400_000) names.add(zoneNameAt(format, instant));
  names.add(zoneNameAt(format, end));
  return [...names];
}

function zoneNameAt(format: Intl.DateTimeFormat, instant: number): string {
  return format.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? '';
}
