import { describe, expect, it } from 'vitest';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { parseClockTime } from '@scheduler/domain/schedule/hours-text';
import { noonOf, officeHoldDefaults, officeHoldFormSchema, officeInstant } from './office-hold-form.ts';

const NEW_YORK = 'America/New_York';
const schema = officeHoldFormSchema(NEW_YORK);
const form = (changes: Record<string, unknown> = {}) => ({
  date: '2027-03-08',
  time: '2:00 PM',
  inspectors: '101',
  length: '180',
  ...changes,
});
const messagesOf = (values: Record<string, unknown>) =>
  schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('parseClockTime', () => {
  it.each([
    ['2:30 PM', 14 * 60 + 30],
    ['2:30pm', 14 * 60 + 30],
    ['2 p.m.', 14 * 60],
    [' 9:05 am ', 9 * 60 + 5],
    ['12 AM', 0],
    ['12:15 PM', 12 * 60 + 15],
    ['14:30', 14 * 60 + 30],
    ['9:05', 9 * 60 + 5],
    ['00:00', 0],
    ['23:59', 23 * 60 + 59],
  ])('reads %s', (text, minutes) => expect(parseClockTime(text)).toBe(minutes));

  it.each(['', '14', '24:00', '9:60', '13 PM', '0 AM', '2:3 PM', 'noon', '2:30 XM'])('refuses %j', (text) =>
    expect(parseClockTime(text)).toBeNull(),
  );
});

describe('officeInstant', () => {
  // The domain's ZonedCalendar is the reference (the form does not import it, for the first step's weight).
  it.each([
    [
      'America/New_York',
      ['2027-03-13', '2027-03-14', '2027-03-15', '2027-11-06', '2027-11-07', '2027-11-08', '2027-07-08'],
    ],
    ['America/Los_Angeles', ['2027-03-14', '2027-11-07']],
    ['Europe/London', ['2027-03-28', '2027-10-31']],
    ['Australia/Lord_Howe', ['2027-04-04', '2027-10-03']],
    ['Asia/Kolkata', ['2027-01-01']],
    ['America/Phoenix', ['2027-03-14']],
  ])(
    "answers as the domain's ZonedCalendar.toInstant does, every quarter hour of days around the clock changes: %s",
    (zone, days) => {
      const calendar = new ZonedCalendar(zone);
      for (const day of days.flatMap((d) => [addDays(d, -1), d, addDays(d, 1)])) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 15)
          expect(officeInstant(day, minutes, zone), `${day} ${minutes}`).toBe(calendar.toInstant(day, minutes));
      }
    },
  );
});

describe('the office hold form', () => {
  it("sends the office's wall time as the instant it is in the office's zone", () => {
    // Before New York's clocks go forward (14 March 2027), 2 PM is 19:00 UTC; after, 18:00.
    expect(schema.parse(form())).toEqual({
      wallTime: '2027-03-08 14:00:00',
      body: { datetime: '2027-03-08T19:00:00.000Z', inspectors: [101], duration: 180, accept_warnings: false },
    });
    expect(schema.parse(form({ date: '2027-07-08', time: '14:00' })).body.datetime).toBe('2027-07-08T18:00:00.000Z');
    // The hour the clocks go back happens twice: the first is meant.
    expect(schema.parse(form({ date: '2027-11-07', time: '1:30 AM' })).body.datetime).toBe('2027-11-07T05:30:00.000Z');
  });

  it('refuses a time the clocks skip, on the time field', () => {
    expect(messagesOf(form({ date: '2027-03-14', time: '2:30 AM' }))).toEqual([
      ['time', 'That time does not exist on this date: the clocks go forward then.'],
    ]);
  });

  it('leaves the length to the cart when it is empty', () => {
    expect(schema.parse(form({ length: '' })).body).toEqual({
      datetime: '2027-03-08T19:00:00.000Z',
      inspectors: [101],
      accept_warnings: false,
    });
  });

  it('says what each field wants', () => {
    expect(messagesOf(form({ date: '', time: ' ', inspectors: '', length: '' }))).toEqual([
      ['date', 'Required'],
      ['time', 'Required'],
      ['inspectors', 'Choose at least one inspector.'],
    ]);
    expect(messagesOf(form({ date: '2027-02-30', time: '25:00', length: '0' }))).toEqual([
      ['date', 'Enter a date.'],
      ['time', 'Enter a time like 2:30 PM or 14:30.'],
      ['length', 'Length must be a whole number of minutes from 1 to 1,440.'],
    ]);
    expect(messagesOf(form({ length: '90.5' }))).toEqual([
      ['length', 'Length must be a whole number of minutes from 1 to 1,440.'],
    ]);
    expect(messagesOf(form({ inspectors: Array.from({ length: 21 }, (_, i) => i + 1).join() }))).toEqual([
      ['inspectors', 'Send at most 20 inspectors.'],
    ]);
  });
});

describe('where the form starts', () => {
  const office = {
    time_zone: NEW_YORK,
    users: [
      { id: 101, display: 'Mike Alvarez' },
      { id: 102, display: 'Sarah Chen' },
    ],
  };

  it('at the held time, its inspectors and the cart length', () => {
    const order = { datetime: '2027-03-08T19:30:00.000Z', inspectors: [{ id: 102, requested: false }], duration: 150 };
    expect(officeHoldDefaults(order, office)).toEqual({
      date: '2027-03-08',
      time: '2:30 PM',
      inspectors: '102',
      length: '150',
    });
  });

  it('empty without a held time, with the only inspector of a one-inspector office, and no length without a cart', () => {
    expect(officeHoldDefaults({ datetime: null, inspectors: [], duration: 0 }, office)).toEqual({
      date: '',
      time: '',
      inspectors: '',
      length: '',
    });
    expect(
      officeHoldDefaults({ datetime: null, inspectors: [], duration: 0 }, { ...office, users: [office.users[0]!] })
        .inspectors,
    ).toBe('101');
  });
});

describe("the zone's name for a typed date", () => {
  it('is the one in force that day, and there is none to take before a date is typed', () => {
    expect(zoneAbbreviation(NEW_YORK, noonOf('2027-03-08', NEW_YORK)!)).toBe('EST');
    expect(zoneAbbreviation(NEW_YORK, noonOf('2027-07-08', NEW_YORK)!)).toBe('EDT');
    expect(noonOf('', NEW_YORK)).toBeNull();
    expect(noonOf('2027-02-30', NEW_YORK)).toBeNull();
  });
});
