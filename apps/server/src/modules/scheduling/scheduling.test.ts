import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import * as t from '../../db/schema.ts';
import { openDatabase } from '../../db/connection.ts';
import {
  demoDocument,
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { hashToken } from '../sessions/tokens.ts';
import { bundledPostalCodes } from './postal-codes.ts';
import { SessionStore } from '../sessions/sessions.store.ts';
import { authenticate } from '../sessions/sessions.service.ts';
import { commitInspectors, isOverlapViolation, rangeOf } from './scheduling.repository.ts';
import {
  announceScheduleChanged,
  availabilityJson,
  setDatetime,
  type SetDatetimeResult,
} from './scheduling.service.ts';
import { COMMITMENT_WEEK_MS, SchedulingStore, weekNumbersOf } from './scheduling.store.ts';
import { changeKeys } from '../../db/change-feed.ts';
import { straightLineEstimator, type LatLng } from '@scheduler/domain/availability/geo';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';

const API = '/demo/json/online_scheduler';

function tomorrowPlus(days: number): string {
  return new Date(Date.now() + (days + 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first ordinary working day of the demo's inspectors (Monday to Friday, no holiday or
 * changed hours) at least `days` days after tomorrow, so the test means the same on any date.
 */
function weekdayFrom(days: number): string {
  return demoOrdinaryWeekday(tomorrowPlus(days));
}

const SERVICES = {
  singleFamily: 'a1c0ffee-0000-4000-8000-000000000001',
  wellWater: 'a1c0ffee-0000-4000-8000-000000000011',
} as const;

/** The services an inspector of the demo company performs, as its document says. */
function servicesOf(inspectorId: number): string[] {
  const inspectors = demoDocument().inspectors as Array<{ id: number; services: string[] }>;
  return inspectors.find((i) => i.id === inspectorId)!.services;
}

describeOnEachDatabase('scheduling calls', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000' } });
  });
  afterEach(() => harness.clock.reset());
  afterAll(async () => harness.close());

  const get = (token: string, path: string) =>
    harness.app.inject({ method: 'GET', url: `${API}${path}`, headers: { 'x-auth-token': token } });
  const post = (token: string, path: string, payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { 'x-auth-token': token },
      payload: payload as object,
    });

  async function firstSlots(token: string, days = 13): Promise<AppointmentSlot[]> {
    const response = await get(token, `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(days)}&limit=4`);
    expect(response.statusCode).toBe(200);
    return response.json<AppointmentSlot[]>();
  }

  it('lists slots of the demo office in the spec shape', async () => {
    const token = await startDemoSession(harness.app);
    const slots = await firstSlots(token);
    expect(slots.length).toBeGreaterThan(0);
    const perDay = new Map<string, number>();
    for (const s of slots) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(4);
    const slot = slots[0]!;
    expect(slot).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      start: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/),
      start_datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/),
    });
    expect(slot.users.length).toBeGreaterThan(0);
  });

  it('sends the listing compressed as the browser asks, the same answer in every encoding', async () => {
    const token = await startDemoSession(harness.app);
    const url = `${API}/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(27)}`;
    const plain = await harness.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await harness.app.inject({
        method: 'GET',
        url,
        headers: { 'x-auth-token': token, 'accept-encoding': `${encoding}, deflate` },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('accepts the wizard query forms and refuses bad ones with 400 naming the field', async () => {
    const token = await startDemoSession(harness.app);
    const services = encodeURIComponent(JSON.stringify(['a1c0ffee-0000-4000-8000-000000000001']));
    expect(
      (
        await get(
          token,
          `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(3)}&services=${services}&inspectors=[101]&duration=120`,
        )
      ).statusCode,
    ).toBe(200);
    const tooLong = await get(token, `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(200)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { field: 'to' } });
    const backwards = await get(token, `/availability?from=${tomorrowPlus(3)}&to=${tomorrowPlus(0)}`);
    expect(backwards.json()).toMatchObject({ error: { field: 'to' } });
    const badDate = await get(token, `/availability?from=tomorrow&to=${tomorrowPlus(0)}`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ error: { field: 'from' } });
    expect(
      (await get(token, `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(1)}&inspectors=[abc]`)).statusCode,
    ).toBe(400);
  });

  it('holds a slot: other sessions stop seeing it, and the holder can release it', async () => {
    const holder = await startDemoSession(harness.app);
    const other = await startDemoSession(harness.app);
    const slot = (await firstSlots(holder))[0]!;
    // The other visitor's listing is in the answers cache before the hold...
    expect((await firstSlots(other)).some((s) => s.timestamp === slot.timestamp)).toBe(true);
    const start = new Date(slot.timestamp * 1000).toISOString();
    const held = await post(holder, '/set_datetime', { datetime: start, inspectors: slot.users });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({
      status: 'ok',
      hold_expires_at: new Date(harness.clock.now() + 15 * 60_000).toISOString(),
    });

    // ...and the hold makes it stale at once.
    const seenByOther = (await firstSlots(other)).filter(
      (s) => s.timestamp === slot.timestamp && s.users.join() === slot.users.join(),
    );
    expect(seenByOther).toEqual([]);
    const seenByHolder = (await firstSlots(holder)).filter((s) => s.id === slot.id);
    expect(seenByHolder).toHaveLength(1);

    const order = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': holder },
    });
    // The browser learns from the order until when the time is held.
    expect(order.json()).toMatchObject({
      datetime: start,
      hold_expires_at: held.json().hold_expires_at,
      inspectors: slot.users.map((id) => ({ id, requested: false })),
    });

    const taken = await post(other, '/set_datetime', { datetime: start, inspectors: slot.users });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().status).toBe('unavailable');
    expect(taken.json().appointments.length).toBeGreaterThan(0);

    expect((await post(holder, '/set_datetime', { datetime: null })).json()).toEqual({
      status: 'ok',
      hold_expires_at: null,
    });
    expect((await firstSlots(other)).some((s) => s.id === slot.id)).toBe(true);
    const released = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': holder },
    });
    expect(released.json()).toMatchObject({ datetime: null, hold_expires_at: null });
  });

  describe('listings stay true while answered from memory', () => {
    const ALL_INSPECTORS = [101, 102, 103, 104, 105];

    async function companyAndOrder(): Promise<{ companyId: string; orderId: string }> {
      const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
      const [order] = await harness.database.db
        .insert(t.orders)
        .values({ companyId: company!.id, officeId: DEMO_OFFICE_UUID })
        .returning();
      return { companyId: company!.id, orderId: order!.id };
    }

    /** Commits for every inspector of the office at `start`, as another instance or an administrator would. */
    async function occupyEveryone(start: number, holdExpiresAt: Date | null) {
      const { companyId, orderId } = await companyAndOrder();
      await harness.database.db.insert(t.appointments).values(
        ALL_INSPECTORS.map((inspectorId) => ({
          companyId,
          officeId: DEMO_OFFICE_UUID,
          orderId,
          inspectorId,
          kind: holdExpiresAt ? ('hold' as const) : ('appointment' as const),
          holdExpiresAt,
          during: rangeOf(start, start + 180 * 60_000),
        })),
      );
      // The database's announcement reaches the server (at once on PGlite; over LISTEN on PostgreSQL).
      await harness.database.changes.flush();
      return orderId;
    }

    const offersAt = (slots: AppointmentSlot[], timestamp: number) => slots.some((s) => s.timestamp === timestamp);

    it('drops a time booked straight in the database from the next listing', async () => {
      const token = await startDemoSession(harness.app);
      const slot = (await firstSlots(token, 20)).at(-2)!;
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(true);
      const orderId = await occupyEveryone(slot.timestamp * 1000, null);
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(false);
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
      await harness.database.changes.flush();
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(true);
    });

    it('reads the weeks a request spans, and finds in them what the database holds for its window', async () => {
      const store = new SchedulingStore(
        harness.database.db,
        harness.database.changes,
        bundledPostalCodes,
        harness.clock.now,
      );
      const { companyId, orderId } = await companyAndOrder();
      const rules = (await store.officeRules(companyId, DEMO_OFFICE_UUID))!;
      const now = harness.clock.now();
      // A week's edge ten days or more ahead, and an appointment from an hour before it to an hour after.
      const edge = (Math.floor(now / COMMITMENT_WEEK_MS) + 2) * COMMITMENT_WEEK_MS;
      await harness.database.db.insert(t.appointments).values({
        companyId,
        officeId: DEMO_OFFICE_UUID,
        orderId,
        inspectorId: 101,
        kind: 'appointment',
        during: rangeOf(edge - 3_600_000, edge + 3_600_000),
      });
      await harness.database.changes.flush();
      const scope = { companyId, officeId: DEMO_OFFICE_UUID, orderId: 'c0000000-0000-4000-8000-00000000cafe' };
      const key = (b: { inspectorId: number; start: number; end: number }) => `${b.inspectorId}|${b.start}|${b.end}`;
      const across = `101|${edge - 3_600_000}|${edge + 3_600_000}`;
      for (const window of [
        { from: edge - 3 * 86_400_000, to: edge + 3 * 86_400_000 },
        // The appointment's last hour only: the week after the edge is enough to find it.
        { from: edge, to: edge + 86_400_000 },
        // Its first hour only.
        { from: edge - 86_400_000, to: edge - 3_000_000 },
      ]) {
        const cached = (await store.busy(rules, scope, window, now, { fresh: false })).busy.map(key).sort();
        const fresh = (await store.busy(rules, scope, window, now, { fresh: true })).busy.map(key).sort();
        expect(cached).toEqual(fresh);
        expect(cached.filter((k) => k === across)).toHaveLength(1);
      }
      // A window ending at a week's edge reads up to it; one starting at an edge reads from it.
      const week = edge / COMMITMENT_WEEK_MS;
      expect(weekNumbersOf({ from: edge - 1, to: edge })).toEqual([week - 1]);
      expect(weekNumbersOf({ from: edge, to: edge + 1 })).toEqual([week]);
      expect(weekNumbersOf({ from: edge - 1, to: edge + 1 })).toEqual([week - 1, week]);
      expect(weekNumbersOf({ from: edge, to: edge })).toEqual([]);
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
      await harness.database.changes.flush();
      const window = { from: edge - 3 * 86_400_000, to: edge + 3 * 86_400_000 };
      expect((await store.busy(rules, scope, window, now, { fresh: false })).busy.map(key)).not.toContain(across);
    });

    it('keeps each week until a change touches it, and reads only the weeks a request misses (decision 0105)', async () => {
      // The store over a database handle that counts the commitments' queries (raw SQL: execute).
      let queries = 0;
      const db = harness.database.db;
      const counting = new Proxy(db, {
        get(target, property, receiver) {
          if (property === 'execute')
            return (...args: Parameters<typeof db.execute>) => {
              queries++;
              return target.execute(...args);
            };
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      const store = new SchedulingStore(counting, harness.database.changes, bundledPostalCodes, harness.clock.now);
      const { companyId, orderId } = await companyAndOrder();
      const rules = (await store.officeRules(companyId, DEMO_OFFICE_UUID))!;
      const now = harness.clock.now();
      const week = Math.floor(now / COMMITMENT_WEEK_MS) + 3;
      const start = (n: number) => n * COMMITMENT_WEEK_MS;
      const scope = { companyId, officeId: DEMO_OFFICE_UUID, orderId: 'c0000000-0000-4000-8000-00000000beef' };
      const busyIn = async (window: { from: number; to: number }) =>
        (await store.busy(rules, scope, window, now, { fresh: false })).busy.map((b) => b.start);
      const queriesOf = async (read: () => Promise<unknown>) => {
        const before = queries;
        await read();
        return queries - before;
      };
      const book = async (at: number) => {
        await db.insert(t.appointments).values({
          companyId,
          officeId: DEMO_OFFICE_UUID,
          orderId,
          inspectorId: 101,
          kind: 'appointment',
          during: rangeOf(at, at + 3_600_000),
        });
        await harness.database.changes.flush();
      };
      try {
        const thisWeek = { from: start(week) + 86_400_000, to: start(week) + 2 * 86_400_000 };
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(1);
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(0);
        // A booking the week after leaves this week's entry current.
        await book(start(week + 1) + 3_600_000);
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(0);
        // Over both weeks: this one from memory, the next read (one query) and its booking found.
        const bothWeeks = { from: start(week) + 86_400_000, to: start(week + 1) + 2 * 86_400_000 };
        expect(await queriesOf(() => busyIn(bothWeeks))).toBe(1);
        expect(await busyIn(bothWeeks)).toEqual([start(week + 1) + 3_600_000]);
        // A booking in this week makes it stale, and the next read finds it.
        await book(start(week) + 30 * 3_600_000);
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(1);
        expect(await busyIn(bothWeeks)).toEqual([start(week) + 30 * 3_600_000, start(week + 1) + 3_600_000]);
        // This instance's own change, said before the database's announcement comes: the weeks it names.
        const before = harness.database.changes.now();
        announceScheduleChanged(harness.database.changes, companyId, [
          { start: start(week + 1), end: start(week + 1) + 1 },
        ]);
        expect(harness.database.changes.unchangedSince(before, [changeKeys.commitmentsWeek(companyId, week + 1)])).toBe(
          false,
        );
        expect(harness.database.changes.unchangedSince(before, [changeKeys.commitmentsWeek(companyId, week)])).toBe(
          true,
        );
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(0);
        // Not knowing the times: every week of the company.
        announceScheduleChanged(harness.database.changes, companyId);
        expect(await queriesOf(() => busyIn(thisWeek))).toBe(1);
      } finally {
        await db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
        await harness.database.changes.flush();
      }
    });

    it("gives a time back when another visitor's hold on it expires, with no change in the database", async () => {
      const token = await startDemoSession(harness.app);
      const slot = (await firstSlots(token, 20)).at(-3)!;
      const orderId = await occupyEveryone(slot.timestamp * 1000, new Date(harness.clock.now() + 60_000));
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(false);
      harness.clock.advance(59_999);
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(false);
      harness.clock.advance(1);
      expect(offersAt(await firstSlots(token, 20), slot.timestamp)).toBe(true);
      // At that very instant the time can be held: the lapsed holds give way to the new one.
      const held = await post(token, '/set_datetime', {
        datetime: new Date(slot.timestamp * 1000).toISOString(),
        inspectors: [ALL_INSPECTORS[0]],
      });
      expect(held.json()).toMatchObject({ status: 'ok' });
      await post(token, '/set_datetime', { datetime: null });
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
    });

    it("follows the company's configuration as soon as it changes", async () => {
      const token = await startDemoSession(harness.app);
      expect((await firstSlots(token)).length).toBeGreaterThan(0);
      await harness.database.db
        .update(t.inspectors)
        .set({ active: false })
        .where(eq(t.inspectors.officeId, DEMO_OFFICE_UUID));
      await harness.database.changes.flush();
      try {
        expect(await firstSlots(token)).toEqual([]);
      } finally {
        await harness.database.db
          .update(t.inspectors)
          .set({ active: true })
          .where(eq(t.inspectors.officeId, DEMO_OFFICE_UUID));
        await harness.database.changes.flush();
      }
      expect((await firstSlots(token)).length).toBeGreaterThan(0);
    });
  });

  describe("the company's calendar settings, off and on (issue 22)", () => {
    type Doc = Record<string, any>;
    /** The demo's document with these settings (and changes), imported; the listing follows it at once. */
    async function demoWith(settings: Record<string, string>, change?: (document: Doc) => void) {
      await importCompanyDocument(harness.database.db, demoDocumentWith(settings, change));
      await harness.database.changes.flush();
    }
    afterEach(async () => demoWith({}));

    /** A day's whole listing (no per-day limit, which would hide the inspectors beyond the first). */
    const listing = async (token: string, from: string, to: string, extra = '') => {
      const response = await get(token, `/availability?from=${from}&to=${to}${extra}`);
      expect(response.statusCode).toBe(200);
      return response.json<AppointmentSlot[]>();
    };

    it('offers times on the day itself only while ALLOW_TODAY is on', async () => {
      const day = weekdayFrom(3);
      const noNotice = (document: Doc) => {
        document.offices[0].scheduling.minimum_notice_hours = 0;
      };
      // The server's clock five minutes into that day in Columbus (00:05 EST, or 01:05 EDT).
      harness.clock.advance(Date.parse(`${day}T05:05:00.000Z`) - harness.clock.now());
      await demoWith({ ONLINE_SCHEDULER_V3_ALLOW_TODAY: 'N' }, noNotice);
      const token = await startDemoSession(harness.app);
      expect(await listing(token, day, day)).toEqual([]);
      await demoWith({ ONLINE_SCHEDULER_V3_ALLOW_TODAY: 'Y' }, noNotice);
      expect((await listing(token, day, day)).length).toBeGreaterThan(0);
    });

    it("keeps to each inspector's postal codes by weekday only while LIMIT_ZIP_BY_DAY is on", async () => {
      const day = weekdayFrom(3);
      // Every inspector serves only 99999 on every weekday.
      const elsewhereEveryDay = (document: Doc) => {
        for (const inspector of document.inspectors)
          inspector.postal_codes_by_weekday = Object.fromEntries(
            ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, ['99999']]),
          );
      };
      await demoWith({ ONLINE_SCHEDULER_V3_LIMIT_ZIP_BY_DAY: 'Y' }, elsewhereEveryDay);
      const token = await startDemoSession(harness.app);
      expect(await listing(token, day, day, '&postal_code=43229')).toEqual([]);
      await demoWith({ ONLINE_SCHEDULER_V3_LIMIT_ZIP_BY_DAY: 'N' }, elsewhereEveryDay);
      expect((await listing(token, day, day, '&postal_code=43229')).length).toBeGreaterThan(0);
    });

    it('offers a time once per inspector while SHOW_INSPECTOR_NAMES is on, and once per time while it is off', async () => {
      const day = weekdayFrom(3);
      const token = await startDemoSession(harness.app);
      /** The most slots offered at one time (Node 20 has no Map.groupBy). */
      const perTime = (slots: AppointmentSlot[]) => {
        const counts = new Map<number, number>();
        for (const slot of slots) counts.set(slot.timestamp, (counts.get(slot.timestamp) ?? 0) + 1);
        return Math.max(...counts.values());
      };
      await demoWith({ ONLINE_SCHEDULER_V3_SHOW_INSPECTOR_NAMES: 'Y' });
      const named = await listing(token, day, day);
      expect(perTime(named)).toBeGreaterThan(1);
      expect(named.every((slot) => slot.users.length === 1)).toBe(true);
      await demoWith({ ONLINE_SCHEDULER_V3_SHOW_INSPECTOR_NAMES: 'N' });
      expect(perTime(await listing(token, day, day))).toBe(1);
    });
  });

  it('answers time_available with yes, or no with alternatives', async () => {
    const token = await startDemoSession(harness.app);
    const slot = (await firstSlots(token))[0]!;
    const from = new Date(slot.timestamp * 1000).toISOString();
    const to = new Date(slot.timestamp * 1000 + 180 * 60_000).toISOString();
    const yes = await get(
      token,
      `/time_available?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&inspectors=[${slot.users.join(',')}]`,
    );
    expect(yes.json()).toEqual({ status: 'yes', appointments: [] });
    const night = new Date(slot.timestamp * 1000 - 10 * 3_600_000).toISOString();
    const no = await get(
      token,
      `/time_available?from=${encodeURIComponent(night)}&to=${encodeURIComponent(night)}&duration=180`,
    );
    expect(no.json().status).toBe('no');
    expect(no.json().appointments.length).toBeGreaterThan(0);
  });

  it('validates the inspectors against the services, adding a free inspector who performs the missing one', async () => {
    const token = await startDemoSession(harness.app);
    // Darnell (103) and Mike (101) do not test well water; Sarah (102) does. At a time all three
    // are free, Mike, the best-ranked, is the one a careless choice would add.
    expect(servicesOf(103)).not.toContain(SERVICES.wellWater);
    expect(servicesOf(101)).not.toContain(SERVICES.wellWater);
    expect(servicesOf(102)).toContain(SERVICES.wellWater);
    const startsOf = async (inspectorId: number) =>
      new Set(
        (
          await get(
            token,
            `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(13)}&inspectors=[${inspectorId}]&services=["${SERVICES.singleFamily}"]&duration=180`,
          )
        )
          .json<AppointmentSlot[]>()
          .map((s) => s.timestamp),
      );
    const [darnell, mike, sarah] = [await startsOf(103), await startsOf(101), await startsOf(102)];
    const shared = [...darnell].find((timestamp) => mike.has(timestamp) && sarah.has(timestamp));
    expect(shared).toBeDefined();

    const held = await post(token, '/set_datetime', {
      datetime: new Date(shared! * 1000).toISOString(),
      inspectors: [103],
    });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({
      status: 'ok',
      hold_expires_at: new Date(harness.clock.now() + 15 * 60_000).toISOString(),
    });

    const result = await get(
      token,
      `/validate_inspectors_services?inspectors=[103]&services=["${SERVICES.singleFamily}","${SERVICES.wellWater}"]&duration=180`,
    );
    expect(result.statusCode).toBe(200);
    const {
      status,
      added_inspectors: team,
      appointments,
    } = result.json<{ status: string; added_inspectors: number[]; appointments: AppointmentSlot[] }>();
    expect(status).toBe('ok');
    expect(appointments).toEqual([]);
    expect(team).toHaveLength(2);
    expect(team[0]).toBe(103);
    expect(servicesOf(team[1]!)).toContain(SERVICES.wellWater);
    // The best-ranked of those free who perform it.
    expect(team[1]).toBe(102);

    // Nobody free performs a service no inspector of the office performs at all: a conflict, with alternatives.
    const pool = await get(
      token,
      `/validate_inspectors_services?inspectors=[103]&services=["${SERVICES.singleFamily}","a1c0ffee-0000-4000-8000-000000000099"]&duration=180`,
    );
    expect(pool.json()).toMatchObject({ status: 'conflict', added_inspectors: [] });
  });

  it('sets inspectors of the office only', async () => {
    const token = await startDemoSession(harness.app);
    expect((await post(token, '/set_inspectors', [101, 102])).json()).toEqual({ status: 'ok' });
    const unknown = await post(token, '/set_inspectors', [101, 999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'unknown_inspector', field: '1' } });
  });

  it('saves the postal code of the postal-code step, refusing a bad one with the field named', async () => {
    const token = await startDemoSession(harness.app);
    expect((await post(token, '/set_postal_code', { postal_code: '43017' })).json()).toEqual({ status: 'ok' });
    const order = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': token },
    });
    expect(order.json().postal_code).toBe('43017');
    const bad = await post(token, '/set_postal_code', { postal_code: '4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'postal_code' } });
  });

  it('keeps a ZIP+4 of a US office as its five digits, and refuses what is not a ZIP code', async () => {
    const token = await startDemoSession(harness.app);
    expect((await post(token, '/set_postal_code', { postal_code: '43017-1234' })).statusCode).toBe(200);
    const order = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order',
      headers: { 'x-auth-token': token },
    });
    expect(order.json().postal_code).toBe('43017');
    for (const postalCode of ['ABCDE', '43a17', '430', '00000']) {
      const refused = await post(token, '/set_postal_code', { postal_code: postalCode });
      expect(refused.statusCode, postalCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_postal_code', field: 'postal_code' } });
    }
  });

  it('places the property at its postal code before there is an address, and keeps to driving radii', async () => {
    const token = await startDemoSession(harness.app);
    const usersOf = async (query: string) =>
      new Set(
        (await get(token, `/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(13)}${query}`))
          .json<AppointmentSlot[]>()
          .flatMap((s) => s.users),
      );
    // Newark, Ohio, 33 miles east of Columbus: in reach of Sarah (102), Karen (104) and Tom (105)
    // only; Mike (101, Dublin) and Darnell (103, Grove City) would drive beyond their radius.
    expect(await usersOf('&postal_code=43055')).toEqual(new Set([102, 104, 105]));
    expect(await usersOf('&postal_code=45202')).toEqual(new Set()); // Cincinnati: nobody drives that far
    expect(await usersOf('')).toEqual(new Set([101, 102, 103, 104, 105])); // no place known: no radius applies
    await post(token, '/set_postal_code', { postal_code: '43055' });
    expect(await usersOf('')).toEqual(new Set([102, 104, 105]));
  });

  it("counts the drive from an appointment known only by its order's postal code", async () => {
    const token = await startDemoSession(harness.app);
    const day = weekdayFrom(1);
    const newYork = ZonedCalendar.of('America/New_York');
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const [elsewhere] = await harness.database.db
      .insert(t.orders)
      .values({ companyId: company!.id, officeId: DEMO_OFFICE_UUID })
      .returning();
    // Tom (105) works 10:00-18:00 and inspects from 10:00 to 12:00 that day.
    const [appointment] = await harness.database.db
      .insert(t.appointments)
      .values({
        companyId: company!.id,
        officeId: DEMO_OFFICE_UUID,
        orderId: elsewhere!.id,
        inspectorId: 105,
        kind: 'appointment',
        during: rangeOf(newYork.toInstant(day, 600)!, newYork.toInstant(day, 720)!),
      })
      .returning();
    const tomsStarts = async () =>
      (await get(token, `/availability?from=${day}&to=${day}&postal_code=43017&inspectors=[105]&duration=120`))
        .json<AppointmentSlot[]>()
        .map((s) => s.start);
    try {
      // Where that appointment is, nobody knows: the office's 30-minute buffer is all it needs.
      expect(await tomsStarts()).toContain('12:30 PM');
      // It is in Cincinnati: four hours' drive to Dublin leaves no time for a two-hour inspection that day.
      await harness.database.db.update(t.orders).set({ postalCode: '45202' }).where(eq(t.orders.id, elsewhere!.id));
      await harness.database.changes.flush();
      expect(await tomsStarts()).toEqual([]);
    } finally {
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.id, appointment!.id));
    }
  });

  it("knows an appointment's place from its order as it is written, and follows the order when it moves (decision 0108)", async () => {
    const token = await startDemoSession(harness.app);
    const day = weekdayFrom(1);
    const newYork = ZonedCalendar.of('America/New_York');
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    // An order in Cincinnati before its appointment is written.
    const [cincinnati] = await harness.database.db
      .insert(t.orders)
      .values({ companyId: company!.id, officeId: DEMO_OFFICE_UUID, postalCode: '45202' })
      .returning();
    const [appointment] = await harness.database.db
      .insert(t.appointments)
      .values({
        companyId: company!.id,
        officeId: DEMO_OFFICE_UUID,
        orderId: cincinnati!.id,
        inspectorId: 105,
        kind: 'appointment',
        during: rangeOf(newYork.toInstant(day, 600)!, newYork.toInstant(day, 720)!),
      })
      .returning();
    const placeOfAppointment = async () => {
      const [row] = await harness.database.db
        .select({
          postalCode: t.appointments.postalCode,
          latitude: t.appointments.latitude,
          longitude: t.appointments.longitude,
        })
        .from(t.appointments)
        .where(eq(t.appointments.id, appointment!.id));
      return row;
    };
    const tomsStarts = async () =>
      (await get(token, `/availability?from=${day}&to=${day}&postal_code=43017&inspectors=[105]&duration=120`))
        .json<AppointmentSlot[]>()
        .map((s) => s.start);
    try {
      expect(await placeOfAppointment()).toEqual({ postalCode: '45202', latitude: null, longitude: null });
      expect(await tomsStarts()).toEqual([]);
      // The property was in Dublin after all, found by its address: the appointment's copy follows.
      await harness.database.db
        .update(t.orders)
        .set({ postalCode: '43017', latitude: 40.0992, longitude: -83.1141 })
        .where(eq(t.orders.id, cincinnati!.id));
      await harness.database.changes.flush();
      expect(await placeOfAppointment()).toEqual({ postalCode: '43017', latitude: 40.0992, longitude: -83.1141 });
      expect(await tomsStarts()).toContain('12:30 PM');
    } finally {
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.id, appointment!.id));
    }
  });

  it('measures the distance on a date from the postal code until the address is known', async () => {
    const token = await startDemoSession(harness.app);
    const none = await get(
      token,
      `/distance_on_datetime?datetime=${encodeURIComponent(new Date(Date.now() + 2 * 86_400_000).toISOString())}`,
    );
    expect(none.json()).toMatchObject({ status: 'ok', miles: null, max_miles: null, code: 'ok' });
    // Until the address is known, the postal code's centroid stands in for it.
    await post(token, '/set_postal_code', { postal_code: '45202' });
    const far = await get(
      token,
      `/distance_on_datetime?datetime=${encodeURIComponent(new Date(Date.now() + 2 * 86_400_000).toISOString())}`,
    );
    expect(far.json()).toMatchObject({ status: 'out_of_range' });
    expect(far.json().miles).toBeGreaterThan(far.json().max_miles);
  });

  it("measures the drive to the address from the inspector's home, previous appointment and on to the next one", async () => {
    const token = await startDemoSession(harness.app);
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const companyId = company!.id;
    const dublin: LatLng = { latitude: 40.0992, longitude: -83.1141 }; // Mike's (101) home base; he drives 35 miles at most
    const groveCity: LatLng = { latitude: 39.8815, longitude: -83.093 };
    const newark: LatLng = { latitude: 40.0581, longitude: -82.4013 };
    const westerville: LatLng = { latitude: 40.1262, longitude: -82.9291 };
    const roads = straightLineEstimator(1.3, 32); // the demo office's road factor and speed
    const milesBetween = (a: LatLng, b: LatLng) => Math.round(roads.miles(a, b) * 10) / 10;

    // The property is in Grove City: the address step's geocode, written where it keeps it.
    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    await harness.database.db
      .update(t.orders)
      .set({ postalCode: '43123', latitude: groveCity.latitude, longitude: groveCity.longitude })
      .where(eq(t.orders.id, session!.orderId));
    await harness.database.changes.flush();
    expect((await post(token, '/set_inspectors', [101])).statusCode).toBe(200);

    const day = weekdayFrom(3);
    const newYork = ZonedCalendar.of('America/New_York');
    const at = (minutes: number) => newYork.toInstant(day, minutes)!;
    const distance = async () =>
      (
        await get(token, `/distance_on_datetime?datetime=${encodeURIComponent(new Date(at(12 * 60)).toISOString())}`)
      ).json();
    const appointments: string[] = [];
    /** Another order of that day, at `place`, for one inspector. */
    async function appointment(inspectorId: number, place: LatLng, fromMinutes: number, toMinutes: number) {
      const [order] = await harness.database.db
        .insert(t.orders)
        .values({ companyId, officeId: DEMO_OFFICE_UUID, ...place })
        .returning();
      await harness.database.db.insert(t.appointments).values({
        companyId,
        officeId: DEMO_OFFICE_UUID,
        orderId: order!.id,
        inspectorId,
        kind: 'appointment',
        during: rangeOf(at(fromMinutes), at(toMinutes)),
      });
      appointments.push(order!.id);
      return order!.id;
    }
    async function cancel(orderId: string) {
      await harness.database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
    }

    try {
      // A free day: from home.
      const fromHome = {
        status: 'ok',
        code: 'ok',
        inspector_id: 101,
        miles: milesBetween(dublin, groveCity),
        max_miles: 35,
      };
      expect(await distance()).toEqual(fromHome);
      // Another inspector's day is not his.
      await appointment(102, newark, 8 * 60, 10 * 60);
      expect(await distance()).toEqual(fromHome);

      // His morning in Newark: the drive from there is too long.
      const morning = await appointment(101, newark, 8 * 60, 10 * 60);
      expect(await distance()).toEqual({
        status: 'out_of_range',
        code: 'ERROR_EXCEEDS_NEXT_APT_RADIUS',
        inspector_id: 101,
        miles: milesBetween(newark, groveCity),
        max_miles: 35,
      });
      await cancel(morning);

      // His afternoon in Newark: the drive on to it counts too.
      const afternoon = await appointment(101, newark, 15 * 60, 17 * 60);
      expect(await distance()).toEqual({
        status: 'out_of_range',
        code: 'ERROR_EXCEEDS_NEXT_APT_RADIUS',
        inspector_id: 101,
        miles: milesBetween(groveCity, newark),
        max_miles: 35,
      });
      await cancel(afternoon);

      // A morning in Westerville, farther from the property than his home but in reach: he drives from there.
      await appointment(101, westerville, 8 * 60, 10 * 60);
      expect(milesBetween(westerville, groveCity)).toBeGreaterThan(milesBetween(dublin, groveCity));
      expect(await distance()).toEqual({
        status: 'ok',
        code: 'ok',
        inspector_id: 101,
        miles: milesBetween(westerville, groveCity),
        max_miles: 35,
      });
    } finally {
      for (const orderId of appointments) await cancel(orderId);
    }
  });

  if (factory.name === 'postgres') {
    it('keeps a second server instance on the same database in step: its listing loses a time the first one holds', async () => {
      const second = await startTestApp(
        { name: 'postgres', open: () => openDatabase({ kind: 'postgres', url: harness.database.url! }) },
        { config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000' } },
      );
      const { app: other, database: otherDatabase } = second;
      try {
        const onOther = await startDemoSession(other);
        const listOnOther = async () =>
          (
            await other.inject({
              method: 'GET',
              url: `${API}/availability?from=${tomorrowPlus(0)}&to=${tomorrowPlus(13)}&limit=4`,
              headers: { 'x-auth-token': onOther },
            })
          ).json<AppointmentSlot[]>();
        const slot = (await listOnOther()).at(-4)!;
        const sameTime = (slots: AppointmentSlot[]) =>
          slots.filter((s) => s.timestamp === slot.timestamp && s.users.join() === slot.users.join());
        expect(sameTime(await listOnOther())).toHaveLength(1); // now in the other instance's answers cache

        const holder = await startDemoSession(harness.app);
        expect(
          (
            await post(holder, '/set_datetime', {
              datetime: new Date(slot.timestamp * 1000).toISOString(),
              inspectors: slot.users,
            })
          ).statusCode,
        ).toBe(200);
        await otherDatabase.changes.flush(); // the announcement has crossed to the other instance
        expect(sameTime(await listOnOther())).toEqual([]);

        await post(holder, '/set_datetime', { datetime: null });
        await otherDatabase.changes.flush();
        expect(sameTime(await listOnOther())).toHaveLength(1);
      } finally {
        await second.close();
      }
    });
  }

  it('answers "unavailable" with alternatives when the database refuses a hold that the check before it let through', async () => {
    const store = new SchedulingStore(
      harness.database.db,
      harness.database.changes,
      bundledPostalCodes,
      harness.clock.now,
    );
    const sessions = new SessionStore(harness.database.db, harness.database.changes, harness.clock.now);
    const sessionOf = async (token: string) =>
      authenticate(
        sessions,
        { ttlDays: 7 },
        { token, companyKey: 'demo', officeUuid: DEMO_OFFICE_UUID },
        { allowConfirmedAfterExpiry: false },
      );
    const [first, second] = [
      await sessionOf(await startDemoSession(harness.app)),
      await sessionOf(await startDemoSession(harness.app)),
    ];
    const day = tomorrowPlus(9);
    const slot = JSON.parse((await availabilityJson(store, first, { from: day, to: addDays(day, 6) })).text).at(
      -1,
    ) as AppointmentSlot;
    const body = { datetime: new Date(slot.timestamp * 1000).toISOString(), inspectors: slot.users };
    // The two calls take the same steps, and the embedded database runs one statement at a time
    // in the order asked, so each step of the one is followed by the same step of the other: both
    // checks find the time free before either hold is written, and the second insert meets the
    // exclusion constraint. (On PostgreSQL the two run side by side; either way one must lose.)
    const results = await Promise.all([setDatetime(store, first, body), setDatetime(store, second, body)]);
    expect(results.map((r) => r.status).sort()).toEqual(['ok', 'unavailable']);
    const loser = results.find((r) => r.status === 'unavailable') as Extract<
      SetDatetimeResult,
      { status: 'unavailable' }
    >;
    expect(loser.appointments.length).toBeGreaterThan(0);
    expect(loser.appointments.some((s) => s.timestamp === slot.timestamp && s.users.join() === slot.users.join())).toBe(
      false,
    );
    const holds = await harness.database.db
      .select()
      .from(t.appointments)
      .where(and(eq(t.appointments.inspectorId, slot.users[0]!), eq(t.appointments.kind, 'hold')));
    expect(holds.filter((h) => h.orderId === first.orderId || h.orderId === second.orderId)).toHaveLength(1);
    for (const session of [first, second]) await setDatetime(store, session, { datetime: null });
  });

  it('lets exactly one of 50 racing sessions hold the same slot', async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => startDemoSession(harness.app)));
    const slot = (await firstSlots(tokens[0]!, 20)).at(-1)!;
    const body = { datetime: new Date(slot.timestamp * 1000).toISOString(), inspectors: slot.users };
    const responses = await Promise.all(tokens.map((token) => post(token, '/set_datetime', body)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().status).toBe('unavailable');
      expect(response.json().appointments.length).toBeGreaterThan(0);
    }
    const holds = await harness.database.db
      .select()
      .from(t.appointments)
      .where(and(eq(t.appointments.inspectorId, slot.users[0]!), eq(t.appointments.kind, 'hold')));
    const overlapping = holds.filter((h) =>
      h.during.includes(new Date(slot.timestamp * 1000).toISOString().slice(0, 13).replace('T', ' ')),
    );
    expect(overlapping).toHaveLength(1);
  });
  it('holds and books through one insert, and the database refuses an overlap of either (decision 0003)', async () => {
    const sessions = new SessionStore(harness.database.db, harness.database.changes, harness.clock.now);
    const sessionOf = async (token: string) =>
      authenticate(
        sessions,
        { ttlDays: 7 },
        { token, companyKey: 'demo', officeUuid: DEMO_OFFICE_UUID },
        { allowConfirmedAfterExpiry: false },
      );
    const [holder, booker] = [
      await sessionOf(await startDemoSession(harness.app)),
      await sessionOf(await startDemoSession(harness.app)),
    ];
    const { db } = harness.database;
    // A night far ahead, which no slot of the other tests reaches.
    const start = Date.parse(`${tomorrowPlus(60)}T03:00:00Z`);
    const now = new Date(harness.clock.now());
    const commitment = (session: typeof holder, at: Date) => ({
      companyId: session.companyId,
      officeId: session.officeId,
      orderId: session.orderId,
      inspectorIds: [101],
      start,
      end: start + 3_600_000,
      now: at,
    });
    const refusal = (promise: Promise<void>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );

    await commitInspectors(db, {
      ...commitment(holder, now),
      terms: { kind: 'hold', expiresAt: new Date(now.getTime() + 15 * 60_000) },
    });
    expect(
      isOverlapViolation(
        await refusal(commitInspectors(db, { ...commitment(booker, now), terms: { kind: 'appointment' } })),
      ),
    ).toBe(true);

    // Once the hold has lapsed, the booking clears it and takes the time; a new hold then meets the booking.
    const later = new Date(now.getTime() + 16 * 60_000);
    await commitInspectors(db, { ...commitment(booker, later), terms: { kind: 'appointment' } });
    expect(
      isOverlapViolation(
        await refusal(
          commitInspectors(db, {
            ...commitment(holder, later),
            terms: { kind: 'hold', expiresAt: new Date(later.getTime() + 15 * 60_000) },
          }),
        ),
      ),
    ).toBe(true);
    expect(isOverlapViolation(new Error('something else'))).toBe(false);

    const rows = await db
      .select()
      .from(t.appointments)
      .where(inArray(t.appointments.orderId, [holder.orderId, booker.orderId]));
    expect(rows).toEqual([
      expect.objectContaining({
        orderId: booker.orderId,
        inspectorId: 101,
        kind: 'appointment',
        holdExpiresAt: null,
        during: expect.stringContaining(new Date(start).toISOString().slice(0, 10)),
      }),
    ]);
    await db.delete(t.appointments).where(eq(t.appointments.orderId, booker.orderId));
  });
});
