import { describe, expect, it } from 'vitest';
import { formFieldOf, timeOffBody, timeOffFormSchema, zoneNamesOver, type TimeOffValues } from './time-off-form.ts';

const VALUES: TimeOffValues = {
  inspector_id: '101',
  from_date: '2026-12-01',
  to_date: '2026-12-05',
  all_day: false,
  start_time: '09:00',
  end_time: '12:00',
  weekdays: [],
  note: '  Training  ',
};

/** The form's problems, by field: the first at each, as the form shows it. */
function problems(values: Partial<TimeOffValues>): Record<string, string> {
  const result = timeOffFormSchema.safeParse({ ...VALUES, ...values });
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the body "Block time" sends', () => {
  it('sends the inspector as a number, the note trimmed, no weekdays as every day, and whether to accept conflicts', () => {
    expect(timeOffBody(VALUES)).toEqual({
      inspector_id: 101,
      from_date: '2026-12-01',
      to_date: '2026-12-05',
      weekdays: null,
      start_time: '09:00',
      end_time: '12:00',
      note: 'Training',
      accept_conflicts: false,
    });
    expect(timeOffBody(VALUES, true).accept_conflicts).toBe(true);
  });

  it('sends the weekdays chosen in order, Sunday being 0', () => {
    expect(timeOffBody({ ...VALUES, weekdays: [5, 1, 3] }).weekdays).toEqual([1, 3, 5]);
  });

  it('sends no times for a whole day, whatever the fields hold', () => {
    const body = timeOffBody({ ...VALUES, all_day: true });
    expect([body.start_time, body.end_time]).toEqual([null, null]);
  });

  it('reads midnight as an end after a start as the end of the day (24:00), and as a start as midnight', () => {
    expect(timeOffBody({ ...VALUES, start_time: '13:00', end_time: '00:00' }).end_time).toBe('24:00');
    expect(timeOffBody({ ...VALUES, start_time: '00:00', end_time: '06:00' })).toMatchObject({
      start_time: '00:00',
      end_time: '06:00',
    });
  });

  it('sends an empty time as none', () => {
    expect(timeOffBody({ ...VALUES, start_time: '', end_time: '' })).toMatchObject({
      start_time: null,
      end_time: null,
    });
  });
});

describe('the form field a refusal names', () => {
  it('is the first part of the path, when the form has it', () => {
    expect(formFieldOf('to_date')).toBe('to_date');
    expect(formFieldOf('weekdays.0')).toBe('weekdays');
    expect(formFieldOf('accept_conflicts')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe("the form's checks", () => {
  it('accepts a filled form', () => {
    expect(problems({})).toEqual({});
    expect(problems({ all_day: true, start_time: '', end_time: '' })).toEqual({});
  });

  it('says what is missing, in words', () => {
    expect(problems({ inspector_id: '', from_date: '', to_date: '' })).toEqual({
      inspector_id: 'Choose the inspector.',
      from_date: 'Enter the first date.',
      to_date: 'Enter the last date.',
    });
    expect(problems({ start_time: '', end_time: '' })).toEqual({
      start_time: 'Enter the start time, or choose All day.',
      end_time: 'Enter the end time, or choose All day.',
    });
  });

  it("checks the API's own rules at the field they name", () => {
    expect(problems({ to_date: '2026-11-30' })).toEqual({ to_date: 'The last date is before the first.' });
    expect(problems({ to_date: '2028-01-01' })).toEqual({ to_date: 'At most 366 days at once.' });
    expect(problems({ start_time: '12:00', end_time: '09:00' })).toEqual({
      end_time: 'The end is not after the start.',
    });
  });

  it('bounds the note', () => {
    expect(problems({ note: 'x'.repeat(201) })).toEqual({ note: 'Use at most 200 characters.' });
  });
});

describe("the zone's names over the dates", () => {
  it('names the zone once within a season, and both across a change of clocks', () => {
    expect(zoneNamesOver('America/New_York', '2026-12-01', '2026-12-31')).toEqual(['EST']);
    expect(zoneNamesOver('America/New_York', '2026-10-25', '2026-11-05')).toEqual(['EDT', 'EST']);
    expect(zoneNamesOver('America/Phoenix', '2026-01-01', '2026-12-31')).toEqual(['MST']);
  });

  it('names nothing while the dates are not both valid and in order', () => {
    expect(zoneNamesOver('America/New_York', '', '2026-12-01')).toEqual([]);
    expect(zoneNamesOver('America/New_York', '2026-12-05', '2026-12-01')).toEqual([]);
  });
});
