import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { ConsoleSchedule } from '@scheduler/contracts/console';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { ManagedBooking, setClock, slotsOn } from '../booking-changes/manage-test-support.ts';

/** A Monday, 9 AM in Columbus: every test runs on this clock, whatever the real date. */
const MONDAY = '2027-03-01T14:00:00.000Z';

describeOnEachDatabase('console time off', (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    office = await signedInMember(harness, 'office@example.com', 'office');
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => harness.close());

  const dayAfter = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const block = (person: ConsolePerson, body: Record<string, unknown>) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/time-off',
      headers: person.headers,
      payload: body,
    });
  const unblock = (person: ConsolePerson, id: string) =>
    harness.app.inject({
      method: 'DELETE',
      url: `/api/console/companies/demo/time-off/${id}`,
      headers: person.headers,
    });
  /** The wizard's times of a day that name the inspector, for a fresh visitor. */
  async function visitorTimesOf(day: string, inspectorId: number): Promise<string[]> {
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn();
    const slots: AppointmentSlot[] = await slotsOn(harness.app, order.token, day);
    return slots
      .filter(
        (slot) =>
          slot.users.includes(inspectorId) || (slot.group ?? []).some((member) => member.users.includes(inspectorId)),
      )
      .map((slot) => slot.start);
  }

  it("takes the blocked hours out of the wizard's times at once, and gives them back when the block goes", async () => {
    setClock(harness, MONDAY);
    const day = dayAfter(7);
    const before = await visitorTimesOf(day, 101);
    expect(before.length).toBeGreaterThan(0);
    const created = await block(office, { inspector_id: 101, from_date: day, to_date: day, note: 'Dentist' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      inspector_id: 101,
      from_date: day,
      to_date: day,
      weekdays: null,
      start_time: null,
      end_time: null,
      note: 'Dentist',
      created_by: 'office',
    });
    expect(await visitorTimesOf(day, 101)).toEqual([]);
    // The console's schedule shows it as a whole day, and still shows the hours it takes from.
    const schedule = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/demo/schedule?from=${day}`,
      headers: office.headers,
    });
    const mike = schedule.json<ConsoleSchedule>().inspectors.find((inspector) => inspector.id === 101)!;
    expect(mike.time_off).toEqual([
      {
        time_off_id: created.json().id,
        local_date: day,
        local_start: '00:00',
        local_end: '24:00',
        note: 'Dentist',
        recurring: false,
      },
    ]);
    expect(mike.working_hours.length).toBeGreaterThan(0);
    expect((await unblock(office, created.json().id)).statusCode).toBe(204);
    expect(await visitorTimesOf(day, 101)).toEqual(before);
  });

  it('blocks only the hours given, on the weekdays given, up to and including its last date', async () => {
    setClock(harness, MONDAY);
    const first = dayAfter(7);
    const weekLater = addDays(first, 7);
    const before = await visitorTimesOf(first, 101);
    const dayAfterLast = addDays(weekLater, 7);
    const beforeAfterLast = await visitorTimesOf(dayAfterLast, 101);
    const weekday = new Date(`${first}T12:00:00Z`).getUTCDay();
    const created = await block(office, {
      inspector_id: 101,
      from_date: first,
      to_date: weekLater,
      weekdays: [weekday],
      start_time: '00:00',
      end_time: '12:00',
    });
    expect(created.statusCode).toBe(201);
    for (const day of [first, weekLater]) {
      const times = await visitorTimesOf(day, 101);
      // Nothing that starts before noon; what starts after is still offered.
      expect(times.filter((time) => time.endsWith('AM'))).toEqual([]);
    }
    expect((await visitorTimesOf(first, 101)).length).toBeLessThan(before.length);
    // The same weekday after the last date is untouched.
    expect(beforeAfterLast.some((time) => time.endsWith('AM'))).toBe(true);
    expect(await visitorTimesOf(dayAfterLast, 101)).toEqual(beforeAfterLast);
    await unblock(office, created.json().id);
  });

  it('refuses time off over a booked inspection and lists it, unless the office accepts it (the booking stays)', async () => {
    setClock(harness, MONDAY);
    const day = dayAfter(8);
    const booking = await ManagedBooking.book(harness, day, {
      pick: (slots) => slots.find((slot) => slot.users.includes(101)),
    });
    const refused = await block(office, { inspector_id: 101, from_date: day, to_date: day });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'time_off_conflicts' },
      conflicts: [{ order_id: booking.orderId, start: booking.start, client_name: 'Dana Whitaker' }],
    });
    // Another inspector's day is free to block.
    const other = await block(office, { inspector_id: 102, from_date: day, to_date: day });
    expect(other.statusCode).toBe(201);
    const accepted = await block(office, { inspector_id: 101, from_date: day, to_date: day, accept_conflicts: true });
    expect(accepted.statusCode).toBe(201);
    expect((await booking.viewJson()).order.state).toBe('booked');
    await unblock(office, accepted.json().id);
    await unblock(office, other.json().id);
  });

  it("lets an inspector block only their own time, and not remove another's block", async () => {
    setClock(harness, MONDAY);
    const mike = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
    const day = dayAfter(9);
    const own = await block(mike, { inspector_id: 101, from_date: day, to_date: day });
    expect(own.statusCode).toBe(201);
    expect((await block(mike, { inspector_id: 102, from_date: day, to_date: day })).statusCode).toBe(403);
    const sarahs = await block(office, { inspector_id: 102, from_date: day, to_date: day });
    expect((await unblock(mike, sarahs.json().id)).statusCode).toBe(403);
    const listed = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/demo/time-off?from=${day}&to=${day}&inspector_id=102`,
      headers: mike.headers,
    });
    // An inspector's list is their own, whatever they ask.
    expect(listed.json().time_off.map((entry: { inspector_id: number }) => entry.inspector_id)).toEqual([101]);
    await unblock(mike, own.json().id);
    await unblock(office, sarahs.json().id);
  });

  it('names the field of a block that cannot be', async () => {
    setClock(harness, MONDAY);
    const day = dayAfter(7);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ inspector_id: 101, from_date: day, to_date: addDays(day, -1) }, 'to_date'],
      [{ inspector_id: 101, from_date: day, to_date: addDays(day, 366) }, 'to_date'],
      [{ inspector_id: 101, from_date: day, to_date: day, start_time: '09:00' }, 'end_time'],
      [{ inspector_id: 101, from_date: day, to_date: day, start_time: '12:00', end_time: '12:00' }, 'end_time'],
      [{ inspector_id: 101, from_date: day, to_date: day, weekdays: [7] }, 'weekdays'],
      [{ inspector_id: 999, from_date: day, to_date: day }, 'inspector_id'],
      [{ inspector_id: 101, from_date: day, to_date: day, note: 'x'.repeat(201) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const response = await block(office, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.field).toContain(field);
    }
    // A year exactly (366 dates) is allowed.
    const year = await block(office, {
      inspector_id: 103,
      from_date: day,
      to_date: addDays(day, 365),
      accept_conflicts: true,
    });
    expect(year.statusCode).toBe(201);
    await unblock(office, year.json().id);
  });

  it("keeps another company's time off out of reach", async () => {
    setClock(harness, MONDAY);
    const day = dayAfter(7);
    const created = await block(office, { inspector_id: 101, from_date: day, to_date: day });
    const stranger = await harness.app.inject({
      method: 'DELETE',
      url: `/api/console/companies/other/time-off/${created.json().id}`,
      headers: office.headers,
    });
    expect(stranger.statusCode).toBe(403);
    await unblock(office, created.json().id);
    expect((await unblock(office, created.json().id)).statusCode).toBe(404);
  });
});
