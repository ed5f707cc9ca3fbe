import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarAuthError, CalendarUnavailableError, EventGoneError, type BookingEvent } from '../../provider.ts';
import { CalDavProvider } from './caldav-provider.ts';
import { eventIcs, startRadicale, type Radicale } from './test-radicale.ts';

const HOUR = 3_600_000;
/** Monday 2026-12-07 00:00 UTC. */
const MONDAY = Date.UTC(2026, 11, 7);
const WINDOW = { from: MONDAY, to: MONDAY + 14 * 24 * HOUR };

function booking(uid: string, start: number): BookingEvent {
  return {
    uid,
    title: 'Home inspection: Smith',
    description: '1 Main St, Columbus\nhttps://maps.example/?q=1+Main+St',
    location: '1 Main St, Columbus',
    start,
    end: start + 2 * HOUR,
    timeZone: 'America/New_York',
  };
}

describe('CalDavProvider against Radicale', () => {
  let radicale: Radicale;
  let calendar: string;
  let provider: CalDavProvider;

  beforeAll(async () => {
    radicale = await startRadicale({ mike: 'app-password-1' });
    calendar = await radicale.makeCalendar('mike', 'work', { timeZone: 'America/New_York', displayName: 'Work' });
    await radicale.makeCalendar('mike', 'personal');
    provider = new CalDavProvider({ url: `${radicale.url}mike/`, username: 'mike', password: 'app-password-1' });
  });
  afterAll(async () => {
    await radicale.stop();
  });

  it('lists the account calendars, named, and writable', async () => {
    const calendars = await provider.listCalendars();
    expect(calendars.map((c) => [c.name, c.writable, c.timeZone])).toEqual([
      ['personal', true, null],
      ['Work', true, 'America/New_York'],
    ]);
    expect(calendars.filter((c) => c.primary)).toHaveLength(1);
  });

  it('a wrong password is an authorisation error; a stopped server is unavailable', async () => {
    const wrong = new CalDavProvider({ url: `${radicale.url}mike/`, username: 'mike', password: 'nope' });
    await expect(wrong.listCalendars()).rejects.toBeInstanceOf(CalendarAuthError);
    const nowhere = new CalDavProvider({ url: 'http://127.0.0.1:1/', username: 'mike', password: 'x' });
    await expect(nowhere.readBusy('http://127.0.0.1:1/mike/work/', WINDOW, null)).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    );
  });

  it('reads busy instances: timed, all-day, recurring with exceptions, other zones across DST; not free, tentative, cancelled or ours', async () => {
    const cal = await radicale.makeCalendar('mike', 'bounds', { timeZone: 'America/New_York' });
    await radicale.put(
      'mike',
      cal,
      'dentist',
      eventIcs('dentist', ['DTSTART:20261208T150000Z', 'DTEND:20261208T160000Z']),
    );
    // All-day in the calendar's zone: New York's midnight, 05:00 UTC in winter.
    await radicale.put(
      'mike',
      cal,
      'holiday',
      eventIcs('holiday', ['DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261211']),
    );
    await radicale.put(
      'mike',
      cal,
      'free',
      eventIcs('free', ['DTSTART:20261209T150000Z', 'DTEND:20261209T160000Z', 'TRANSP:TRANSPARENT']),
    );
    await radicale.put(
      'mike',
      cal,
      'maybe',
      eventIcs('maybe', ['DTSTART:20261209T170000Z', 'DTEND:20261209T180000Z', 'STATUS:TENTATIVE']),
    );
    await radicale.put(
      'mike',
      cal,
      'off',
      eventIcs('off', ['DTSTART:20261209T190000Z', 'DTEND:20261209T200000Z', 'STATUS:CANCELLED']),
    );
    await radicale.put(
      'mike',
      cal,
      'declined',
      eventIcs('declined', [
        'DTSTART:20261211T150000Z',
        'DTEND:20261211T160000Z',
        'ATTENDEE;PARTSTAT=DECLINED:mailto:mike',
        'ORGANIZER:mailto:boss@example.com',
      ]),
    );
    await radicale.put(
      'mike',
      cal,
      'ours',
      eventIcs('ours', ['DTSTART:20261211T170000Z', 'DTEND:20261211T180000Z', 'X-ONLINE-SCHEDULER-BOOKING:1']),
    );
    // Daily 08:00 in Berlin, five times; the third instance moved to 12:00, the fourth cancelled.
    await radicale.put(
      'mike',
      cal,
      'school',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:school',
        'DTSTAMP:20261201T000000Z',
        'DTSTART;TZID=Europe/Berlin:20261207T080000',
        'DTEND;TZID=Europe/Berlin:20261207T083000',
        'RRULE:FREQ=DAILY;COUNT=5',
        'EXDATE;TZID=Europe/Berlin:20261210T080000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:school',
        'DTSTAMP:20261201T000000Z',
        'RECURRENCE-ID;TZID=Europe/Berlin:20261209T080000',
        'DTSTART;TZID=Europe/Berlin:20261209T120000',
        'DTEND;TZID=Europe/Berlin:20261209T123000',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const read = await provider.readBusy(cal, WINDOW, null);
    expect(read.mode).toBe('full');
    const spans = read.busy
      .map((e) => [new Date(e.start).toISOString(), new Date(e.end).toISOString()])
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(spans).toEqual([
      ['2026-12-07T07:00:00.000Z', '2026-12-07T07:30:00.000Z'],
      ['2026-12-08T07:00:00.000Z', '2026-12-08T07:30:00.000Z'],
      ['2026-12-08T15:00:00.000Z', '2026-12-08T16:00:00.000Z'],
      ['2026-12-09T11:00:00.000Z', '2026-12-09T11:30:00.000Z'],
      ['2026-12-10T05:00:00.000Z', '2026-12-11T05:00:00.000Z'],
      ['2026-12-11T07:00:00.000Z', '2026-12-11T07:30:00.000Z'],
    ]);
    expect(new Set(read.busy.map((e) => e.eventId)).size).toBe(read.busy.length);

    // Across the spring change: 09:00 New York is 14:00 UTC before 2027-03-14 and 13:00 after.
    const dst = await radicale.makeCalendar('mike', 'dst');
    await radicale.put(
      'mike',
      dst,
      'weekly',
      eventIcs('weekly', [
        'DTSTART;TZID=America/New_York:20270308T090000',
        'DTEND;TZID=America/New_York:20270308T100000',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ]),
    );
    const spring = await provider.readBusy(dst, { from: Date.UTC(2027, 2, 1), to: Date.UTC(2027, 2, 31) }, null);
    expect(spring.busy.map((e) => new Date(e.start).toISOString()).sort()).toEqual([
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
  });

  it('answers "no changes" cheaply while the collection is unchanged, and reads again when it changes', async () => {
    const cal = await radicale.makeCalendar('mike', 'ctag');
    await radicale.put('mike', cal, 'a', eventIcs('a', ['DTSTART:20261208T150000Z', 'DTEND:20261208T160000Z']));
    const first = await provider.readBusy(cal, WINDOW, null);
    expect(first.busy).toHaveLength(1);
    const same = await provider.readBusy(cal, WINDOW, first.cursor);
    expect(same).toEqual({ mode: 'changes', busy: [], removed: [], cursor: first.cursor });
    // A later window (the next day) reads in full even with the collection unchanged.
    const later = await provider.readBusy(
      cal,
      { from: WINDOW.from + 24 * HOUR, to: WINDOW.to + 24 * HOUR },
      first.cursor,
    );
    expect(later.mode).toBe('full');
    await radicale.remove('mike', `${cal}a.ics`);
    const after = await provider.readBusy(cal, WINDOW, first.cursor);
    expect(after).toMatchObject({ mode: 'full', busy: [] });
  });

  it('creates once per uid, moves with If-Match, deletes tolerating a missing event; its own events are never busy', async () => {
    const start = Date.UTC(2026, 11, 8, 15);
    const ref = await provider.createEvent(calendar, booking('order-1-inspector-7@online-scheduler', start));
    expect(ref.etag).toBeTruthy();
    const again = await provider.createEvent(calendar, booking('order-1-inspector-7@online-scheduler', start));
    expect(again.eventId).toBe(ref.eventId);
    let objects = await radicale.list('mike', calendar);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.ics).toContain('TZID=America/New_York');
    expect((await provider.readBusy(calendar, WINDOW, null)).busy).toEqual([]);

    const moved = await provider.updateEvent(ref, booking('order-1-inspector-7@online-scheduler', start + 24 * HOUR));
    expect(moved.etag).not.toBe(ref.etag);
    objects = await radicale.list('mike', calendar);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.ics).toContain('DTSTART;TZID=America/New_York:20261209T100000');
    // A stale etag (the inspector's app touched it since) is written over once, not duplicated.
    await provider.updateEvent(ref, booking('order-1-inspector-7@online-scheduler', start));
    expect(await radicale.list('mike', calendar)).toHaveLength(1);

    await provider.deleteEvent(moved);
    expect(await radicale.list('mike', calendar)).toEqual([]);
    await expect(provider.deleteEvent(moved)).resolves.toBeUndefined();
    await expect(
      provider.updateEvent(moved, booking('order-1-inspector-7@online-scheduler', start)),
    ).rejects.toBeInstanceOf(EventGoneError);
  });

  it('reads a calendar with 10,000 events in the window', async () => {
    const cal = await radicale.makeCalendar('mike', 'big');
    // Written as Radicale stores them, one file per event (test-radicale.ts's `seed` says why).
    const stamp = (t: number) =>
      new Date(t)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const events = Array.from({ length: 10_000 }, (_, i) => {
      const start = WINDOW.from + i * 2 * 60_000;
      const ics = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        `UID:big-${i}`,
        'DTSTAMP:20261201T000000Z',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start + 60_000)}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      return { name: `big-${i}`, ics };
    });
    await radicale.seed('mike', 'big', events);
    const patient = new CalDavProvider(
      { url: `${radicale.url}mike/`, username: 'mike', password: 'app-password-1' },
      { timeoutMs: 240_000 },
    );
    const read = await patient.readBusy(cal, WINDOW, null);
    expect(read.busy).toHaveLength(10_000);
    expect(new Set(read.busy.map((e) => e.eventId)).size).toBe(10_000);
  }, 300_000);
});
