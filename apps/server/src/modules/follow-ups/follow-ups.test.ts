import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ConsoleMyTasks, ConsoleOrderNote, ConsoleOrderTask } from '@scheduler/contracts/console';
import { ORDER_NOTE_MAX, ORDER_TASK_TITLE_MAX } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { todayIn } from './follow-ups.service.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'notes-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000f1';
const SECRET = 'Client is difficult — gate code 4417, do not share';

describe('todayIn', () => {
  it("reads today's date on the zone's clock, not UTC's", () => {
    // 03:00 UTC on Tuesday is still Monday evening in Columbus.
    expect(todayIn('America/New_York', new Date('2027-03-02T03:00:00Z'))).toBe('2027-03-01');
    expect(todayIn('UTC', new Date('2027-03-02T03:00:00Z'))).toBe('2027-03-02');
  });
});

describeOnEachDatabase('notes and follow-ups on an order', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let mike: ConsolePerson;
  let sarah: ConsolePerson;
  let outsider: ConsolePerson;
  let mikeBooking: ManagedBooking;
  let sarahBooking: ManagedBooking;
  let otherBooking: ManagedBooking;

  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    person: ConsolePerson,
    payload?: Record<string, unknown>,
  ) => harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const addNote = (orderId: string, body: string, person: ConsolePerson = office) =>
    call('POST', `${DEMO}/orders/${orderId}/notes`, person, { body });
  const addTask = (orderId: string, payload: Record<string, unknown>, person: ConsolePerson = office) =>
    call('POST', `${DEMO}/orders/${orderId}/tasks`, person, payload);
  const notesOf = async (orderId: string, person: ConsolePerson = office) => {
    const response = await call('GET', `${DEMO}/orders/${orderId}/notes`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ notes: ConsoleOrderNote[] }>().notes;
  };
  const tasksOf = async (orderId: string, person: ConsolePerson = office) => {
    const response = await call('GET', `${DEMO}/orders/${orderId}/tasks`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ tasks: ConsoleOrderTask[] }>().tasks;
  };
  const myTasks = async (person: ConsolePerson, companyKey = 'demo') => {
    const response = await call('GET', `/api/console/companies/${companyKey}/my-tasks`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsoleMyTasks>().tasks;
  };

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    owner = await signedInMember(harness, 'owner@notes.example', 'owner');
    office = await signedInMember(harness, 'office@notes.example', 'office');
    mike = await signedInMember(harness, 'mike@notes.example', 'inspector', 'demo', 101);
    sarah = await signedInMember(harness, 'sarah@notes.example', 'inspector', 'demo', 102);
    outsider = await signedInMember(harness, 'office@other.example', 'office', OTHER_KEY);
    const solo = (id: number) => (slots: AppointmentSlot[]) =>
      slots
        .flatMap((slot) => [slot, ...(slot.group ?? [])])
        .find((slot) => slot.users.length === 1 && slot.users[0] === id);
    mikeBooking = await ManagedBooking.book(harness, day(7), { pick: solo(101), agentEmail: 'ray@example.com' });
    sarahBooking = await ManagedBooking.book(harness, day(7), { pick: solo(102) });
    otherBooking = await ManagedBooking.book(harness, day(7), {
      company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE },
    });
  });
  beforeEach(() => {
    setClock(harness, MONDAY);
  });
  afterAll(async () => harness.close());

  it('keeps notes newest first with their author, bounded at 2000 characters, recorded without their words', async () => {
    const orderId = mikeBooking.orderId;
    expect((await addNote(orderId, 'First call: no answer')).statusCode).toBe(201);
    setClock(harness, '2027-03-01T15:00:00.000Z');
    const longest = await addNote(orderId, 'x'.repeat(ORDER_NOTE_MAX), owner);
    expect(longest.statusCode, longest.body).toBe(201);
    const tooLong = await addNote(orderId, 'x'.repeat(ORDER_NOTE_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { field: 'body' } });
    const blank = await addNote(orderId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { field: 'body' } });

    const notes = await notesOf(orderId);
    expect(notes.map((note) => [note.body.length, note.author_name])).toEqual([
      [ORDER_NOTE_MAX, 'owner'],
      ['First call: no answer'.length, 'office'],
    ]);
    expect(notes[1]!.created_at).toBe(MONDAY);
    const events = await mikeBooking.events('note_added');
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('First call');
  });

  it("lets an inspector read their own orders' notes and tasks but write none, and not read another inspector's", async () => {
    expect((await addNote(sarahBooking.orderId, 'About Sarah’s order')).statusCode).toBe(201);
    expect((await notesOf(mikeBooking.orderId, mike)).length).toBeGreaterThan(0);
    expect(await tasksOf(mikeBooking.orderId, mike)).toBeDefined();
    expect((await addNote(mikeBooking.orderId, 'from mike', mike)).statusCode).toBe(403);
    expect(
      (await addTask(mikeBooking.orderId, { title: 'x', due_date: day(8), owner_user_id: mike.userId }, mike))
        .statusCode,
    ).toBe(403);
    for (const path of ['notes', 'tasks']) {
      const response = await call('GET', `${DEMO}/orders/${sarahBooking.orderId}/${path}`, mike);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('Sarah’s order');
    }
  });

  it("lets an inspector read every order's notes when the company lets inspectors see all orders", async () => {
    const db = harness.database.db;
    const [company] = await db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    await db
      .update(t.companies)
      .set({ consoleSettings: { ...company!.consoleSettings, inspectors_see_all_orders: true } })
      .where(eq(t.companies.key, 'demo'));
    try {
      expect((await notesOf(sarahBooking.orderId, mike)).map((note) => note.body)).toContain('About Sarah’s order');
    } finally {
      await db
        .update(t.companies)
        .set({ consoleSettings: company!.consoleSettings })
        .where(eq(t.companies.key, 'demo'));
    }
    const response = await call('GET', `${DEMO}/orders/${sarahBooking.orderId}/notes`, mike);
    expect(response.statusCode).toBe(404);
  });

  it('makes tasks for a member who may open the order, bounded, done and undone, in their list overdue first', async () => {
    const orderId = mikeBooking.orderId;
    const made = await addTask(orderId, {
      title: 't'.repeat(ORDER_TASK_TITLE_MAX),
      due_date: '2027-03-03',
      owner_user_id: office.userId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json<ConsoleOrderTask>();
    expect(task).toMatchObject({ owner_name: 'office', created_by: 'office', done_at: null, overdue: false });
    const late = (
      await addTask(orderId, { title: 'Send the radon report', due_date: '2027-02-26', owner_user_id: office.userId })
    ).json<ConsoleOrderTask>();
    expect(late.overdue).toBe(true);
    expect(
      (
        await addTask(sarahBooking.orderId, {
          title: 'Call Sarah’s client',
          due_date: '2027-03-02',
          owner_user_id: office.userId,
        })
      ).statusCode,
    ).toBe(201);

    for (const [payload, field] of [
      [{ title: 't'.repeat(ORDER_TASK_TITLE_MAX + 1), due_date: '2027-03-03', owner_user_id: office.userId }, 'title'],
      [{ title: 'x', due_date: '2027-02-30', owner_user_id: office.userId }, 'due_date'],
      [{ title: 'x', due_date: '2100-01-01', owner_user_id: office.userId }, 'due_date'],
      [{ title: 'x', due_date: '2027-03-03', owner_user_id: outsider.userId }, 'owner_user_id'],
      // Sarah may not open Mike's order: the task would show her an order she cannot read.
      [{ title: 'x', due_date: '2027-03-03', owner_user_id: sarah.userId }, 'owner_user_id'],
    ] as const) {
      const refused = await addTask(orderId, payload);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json(), field).toMatchObject({ error: { field } });
    }
    expect(
      (await addTask(orderId, { title: 'Mike checks the attic', due_date: '2027-03-04', owner_user_id: mike.userId }))
        .statusCode,
    ).toBe(201);

    const mine = await myTasks(office);
    expect(mine.map((item) => [item.title, item.overdue])).toEqual([
      ['Send the radon report', true],
      ['Call Sarah’s client', false],
      ['t'.repeat(ORDER_TASK_TITLE_MAX), false],
    ]);
    expect(mine[0]!.order).toMatchObject({
      reference: orderId.replace(/-/g, '').slice(0, 8).toUpperCase(),
      client: expect.any(String),
      appointment: { local_date: day(7), time_zone: 'America/New_York' },
    });
    expect((await myTasks(mike)).map((item) => item.title)).toEqual(['Mike checks the attic']);

    const done = await call('PATCH', `${DEMO}/tasks/${late.id}`, office, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ done_at: MONDAY, overdue: false });
    expect((await myTasks(office)).map((item) => item.title)).not.toContain('Send the radon report');
    expect((await tasksOf(orderId)).at(-1)!.id).toBe(late.id);
    expect((await call('PATCH', `${DEMO}/tasks/${late.id}`, office, { done: false })).json()).toMatchObject({
      done_at: null,
      overdue: true,
    });
    expect(await mikeBooking.events('task_done')).toHaveLength(1);
    expect(await mikeBooking.events('task_reopened')).toHaveLength(1);
    expect(await mikeBooking.events('task_created')).toHaveLength(3);

    const moved = await call('PATCH', `${DEMO}/tasks/${task.id}`, owner, {
      due_date: '2027-03-10',
      owner_user_id: owner.userId,
    });
    expect(moved.json()).toMatchObject({ due_date: '2027-03-10', owner_name: 'owner' });
    expect((await call('PATCH', `${DEMO}/tasks/${task.id}`, owner, {})).statusCode).toBe(400);
    expect((await call('PATCH', `${DEMO}/tasks/${task.id}`, mike, { done: true })).statusCode).toBe(403);
    const wrongOwner = await call('PATCH', `${DEMO}/tasks/${task.id}`, owner, { owner_user_id: outsider.userId });
    expect(wrongOwner.json()).toMatchObject({ error: { field: 'owner_user_id' } });
  });

  it("walls off another company's notes and tasks: its member gets 404 and changes nothing", async () => {
    const otherKey = `/api/console/companies/${OTHER_KEY}`;
    const theirs = await call('POST', `${otherKey}/orders/${otherBooking.orderId}/tasks`, outsider, {
      title: 'Other’s follow-up',
      due_date: '2027-03-03',
      owner_user_id: outsider.userId,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const ours = (await tasksOf(mikeBooking.orderId))[0]!;
    const before = JSON.stringify(await harness.database.db.select().from(t.orderTasks).orderBy(t.orderTasks.id));

    // Their key with our order, their key with our task: not found, not changed.
    expect((await call('GET', `${otherKey}/orders/${mikeBooking.orderId}/notes`, outsider)).statusCode).toBe(404);
    expect(
      (await call('POST', `${otherKey}/orders/${mikeBooking.orderId}/notes`, outsider, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `${otherKey}/tasks/${ours.id}`, outsider, { done: true })).statusCode).toBe(404);
    // Our key with their task: ours refuses it too.
    expect(
      (await call('PATCH', `${DEMO}/tasks/${theirs.json<ConsoleOrderTask>().id}`, owner, { done: true })).statusCode,
    ).toBe(404);
    expect(JSON.stringify(await harness.database.db.select().from(t.orderTasks).orderBy(t.orderTasks.id))).toBe(before);
    expect((await myTasks(outsider, OTHER_KEY)).map((item) => item.title)).toEqual(['Other’s follow-up']);
    expect((await myTasks(office)).map((item) => item.title)).not.toContain('Other’s follow-up');
  });

  it("never shows a note to the client or agent: not on the manage page, in any e-mail, or in the admin API's order", async () => {
    const booking = mikeBooking;
    expect((await addNote(booking.orderId, SECRET)).statusCode).toBe(201);
    expect(
      (await addTask(booking.orderId, { title: SECRET, due_date: '2027-03-05', owner_user_id: office.userId }))
        .statusCode,
    ).toBe(201);
    expect((await booking.view()).body).not.toContain('gate code');
    expect((await booking.view(booking.tokens.agent!)).body).not.toContain('gate code');
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const adminOrders = await harness.app.inject({
      method: 'GET',
      url: '/api/admin/companies/demo/orders?status=all',
      headers: admin,
    });
    expect(adminOrders.statusCode).toBe(200);
    expect(adminOrders.body).toContain(booking.orderId);
    const adminEvents = await harness.app.inject({
      method: 'GET',
      url: `/api/admin/companies/demo/orders/${booking.orderId}/events`,
      headers: admin,
    });
    expect(adminEvents.statusCode).toBe(200);
    for (const answer of [adminOrders.body, adminEvents.body]) expect(answer).not.toContain('gate code');

    // The confirmations render the order as it is when they go; a cancellation too.
    const cancelled = await call('POST', `${DEMO}/orders/${booking.orderId}/cancel`, office, {
      reason: 'client asked',
      override: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const outbox = mkdtempSync(join(tmpdir(), 'notes-outbox-'));
    try {
      await testWorker(harness.database.db, outbox, { now: () => harness.clock.now() }).runDue();
      const files = readdirSync(outbox, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(2);
      for (const file of files)
        expect(readFileSync(join(file.parentPath, file.name), 'utf8'), file.name).not.toContain('gate code');
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
    expect((await notesOf(booking.orderId)).map((note) => note.body)).toContain(SECRET);
  });
});
