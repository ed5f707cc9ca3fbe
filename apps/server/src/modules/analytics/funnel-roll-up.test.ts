import { randomUUID } from 'node:crypto';
import type { FunnelResponse, FunnelStep } from '@scheduler/contracts/analytics';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { DAY_MS, fixtureCompany, fixtureVisit, SECOND_MS } from '../retention/drafts-fixtures.ts';
import { companyFunnel } from './analytics.service.ts';
import { rollUpNextDays, type RollUpOffice } from './funnel-roll-up.repository.ts';
import { pruneRolledUpEvents, rollUpFunnel } from './funnel-roll-up.service.ts';

/**
 * The funnel rolled up (issue 49, decision 0075): its figures read the same before and after, per
 * day, office and source, whatever part of them is rolled up; each day counted once.
 */

/** The app's clock: 9 AM in New York on Wednesday 31 March 2027 (EDT). */
const NOW = new Date('2027-03-31T13:00:00.000Z');
const KEEP_DAYS = 30;
/** NOW less 30 days is 2027-03-01T13:00Z: 08:00 on 1 March in New York (EST) and 02:00 on 2 March in Auckland (NZDT). */
const NEW_YORK_TARGET = new Date('2027-03-01T05:00:00.000Z');
const AUCKLAND_TARGET = new Date('2027-03-01T11:00:00.000Z');
const FULL: FunnelStep[] = ['postal-code', 'calendar', 'address', 'contacts', 'property-info', 'packages', 'review'];
const SOURCES = ['google', undefined, 'newsletter'] as const;
const SPAN = { from: '2027-02-18', to: '2027-03-05' };

describeOnEachDatabase('the funnel rolled up', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  const newYork = randomUUID();
  const auckland = randomUUID();
  const theirOffice = randomUUID();
  let ours = '';
  let theirs = '';
  let atTarget = '';
  let beforeTarget = '';
  let alive = '';

  const db = () => database.db;
  const read = (key: string): Promise<FunnelResponse> => companyFunnel(db(), key, SPAN);
  const eventsOf = async (orderId: string) =>
    Number((await db().select({ n: count() }).from(t.funnelEvents).where(eq(t.funnelEvents.orderId, orderId)))[0]!.n);

  /** Runs a task's batches as the runner does: again until one does less than the limit; how much in all. */
  async function drain(batch: (limit: number) => Promise<number>, limit: number): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await batch(limit);
      total += done;
      if (done < limit) return total;
    }
  }
  const rollUp = (now: Date, keepDays = KEEP_DAYS) => drain((limit) => rollUpFunnel(db(), now, keepDays, limit), 4);
  const pruneEvents = () => drain((limit) => pruneRolledUpEvents(db(), limit), 7);
  const rolledDays = () =>
    db()
      .select()
      .from(t.funnelDays)
      .orderBy(asc(t.funnelDays.officeId), asc(t.funnelDays.day), asc(t.funnelDays.source));
  const rolledBefore = async (officeId: string) =>
    (await db().select().from(t.funnelRollUps).where(eq(t.funnelRollUps.officeId, officeId)))[0]?.rolledBefore;

  /** Sessions on every day of the span in each office, of every kind the funnel tells apart. */
  async function visits(companyId: string, officeId: string, firstDay: Date): Promise<void> {
    for (let day = 0; day < 12; day++)
      for (let k = 0; k <= day % 3; k++) {
        const n = day + k;
        const steps = FULL.slice(0, n % (FULL.length + 1));
        await fixtureVisit(db(), {
          companyId,
          officeId,
          startedAt: new Date(firstDay.getTime() + day * DAY_MS + k * 3_600_000),
          steps,
          status: n % 4 === 0 ? 'confirmed' : n % 7 === 0 ? 'cancelled' : 'draft',
          byPhone: n % 9 === 0,
          source: SOURCES[n % SOURCES.length],
        });
      }
  }

  beforeAll(async () => {
    database = await factory.open();
    ours = await fixtureCompany(db(), 'ours', [
      { id: newYork, timeZone: 'America/New_York' },
      { id: auckland, timeZone: 'Pacific/Auckland' },
    ]);
    theirs = await fixtureCompany(db(), 'theirs', [{ id: theirOffice, timeZone: 'America/New_York' }]);
    await visits(ours, newYork, new Date('2027-02-18T12:00:00Z'));
    await visits(ours, auckland, new Date('2027-02-18T02:00:00Z'));
    await visits(theirs, theirOffice, new Date('2027-02-18T16:00:00Z'));
    // Either side of New York's target midnight: the second before is rolled up, the midnight is not.
    beforeTarget = await fixtureVisit(db(), {
      companyId: ours,
      officeId: newYork,
      startedAt: new Date(NEW_YORK_TARGET.getTime() - SECOND_MS),
      steps: FULL,
      status: 'confirmed',
    });
    atTarget = await fixtureVisit(db(), {
      companyId: ours,
      officeId: newYork,
      startedAt: NEW_YORK_TARGET,
      steps: FULL,
      status: 'confirmed',
    });
  });
  afterAll(async () => database.close());

  it('reads the same figures before and after rolling up, part of the days and then all, and keeps the raw events of the days not rolled up', async () => {
    const before = [await read('ours'), await read('theirs')];
    expect(before[0]!.offices.every((office) => office.totals.started > 10 && office.totals.confirmed > 0)).toBe(true);
    expect(before[0]!.offices[0]!.sources.length).toBe(3);

    // Five days more kept: only the first days are rolled up.
    expect(await rollUp(NOW, KEEP_DAYS + 5)).toBeGreaterThan(0);
    expect(await pruneEvents()).toBeGreaterThan(0);
    expect([await read('ours'), await read('theirs')]).toEqual(before);

    // Two runs at once: each day is counted once.
    await Promise.all([rollUp(NOW), rollUp(NOW)]);
    await pruneEvents();
    expect([await read('ours'), await read('theirs')]).toEqual(before);
    expect(await rolledBefore(newYork)).toEqual(NEW_YORK_TARGET);
    expect(await rolledBefore(auckland)).toEqual(AUCKLAND_TARGET);
    expect(await rolledBefore(theirOffice)).toEqual(NEW_YORK_TARGET);
    // Its session's events, a second apart, go once the bound passes them: here the first.
    expect(await eventsOf(beforeTarget)).toBe(FULL.length - 1);
    expect(await eventsOf(atTarget)).toBe(FULL.length);

    // Again: nothing more to fold, nothing counted twice.
    const days = await rolledDays();
    expect(days.length).toBeGreaterThan(0);
    expect(await rollUp(NOW)).toBe(0);
    expect(await rolledDays()).toEqual(days);
    expect([await read('ours'), await read('theirs')]).toEqual(before);
  });

  it("waits for a draft's session still alive on a day due, then rolls it up once it ended", async () => {
    const later = new Date(NOW.getTime() + 3 * DAY_MS);
    alive = await fixtureVisit(db(), {
      companyId: ours,
      officeId: newYork,
      // 1 March in New York, a day due three days later; its visitor still about.
      startedAt: new Date('2027-03-01T15:00:00Z'),
      steps: ['postal-code', 'calendar'],
      lastSeenAt: new Date(later.getTime() - DAY_MS),
    });
    const before = await read('ours');
    await rollUp(later);
    await pruneEvents();
    expect(await rolledBefore(newYork)).toEqual(new Date('2027-03-01T05:00:00.000Z'));
    expect(await eventsOf(alive)).toBe(2);
    expect(await read('ours')).toEqual(before);

    const ended = new Date(later.getTime() + 7 * DAY_MS);
    await rollUp(ended);
    await pruneEvents();
    expect(await eventsOf(alive)).toBe(0);
    expect(await eventsOf(atTarget)).toBe(0);
    expect(await eventsOf(beforeTarget)).toBe(0);
    expect(await read('ours')).toEqual(before);
    const [theirDays] = await db()
      .select({ n: count() })
      .from(t.funnelDays)
      .where(and(eq(t.funnelDays.companyId, theirs), eq(t.funnelDays.officeId, theirOffice)));
    expect(theirDays!.n).toBeGreaterThan(0);
  });

  it('folds whole days up to the day of its `orders`-th order in one transaction, and stops at the day of a visitor still about', async () => {
    const office: RollUpOffice = { companyId: '', officeId: randomUUID(), timeZone: 'America/New_York' };
    office.companyId = await fixtureCompany(db(), 'spans', [{ id: office.officeId, timeZone: office.timeZone }]);
    // New York days (EST): 2 sessions on 1 February, 3 on the 2nd, 1 on the 3rd, 2 on the 9th.
    const started = (day: number, hour: number) => new Date(Date.UTC(2027, 1, day, hour + 5));
    for (const [day, hours] of [
      [1, [0, 23]],
      [2, [0, 8, 23]],
      [3, [12]],
      [9, [9, 10]],
    ] as const)
      for (const hour of hours)
        await fixtureVisit(db(), {
          companyId: office.companyId,
          officeId: office.officeId,
          startedAt: started(day, hour),
          steps: FULL,
        });
    const later = new Date('2027-03-12T14:00:00Z');
    // The 9th's second visitor is still about on the 12th (its session lasts a week after it was last seen).
    const aliveOn9th = await fixtureVisit(db(), {
      companyId: office.companyId,
      officeId: office.officeId,
      startedAt: started(9, 11),
      steps: ['postal-code'],
      lastSeenAt: new Date('2027-03-10T00:00:00Z'),
    });
    const readSpans = () => companyFunnel(db(), 'spans', { from: '2027-02-01', to: '2027-02-10' });
    const before = await readSpans();
    expect(before.offices[0]!.totals.started).toBe(9);
    const midnight = (day: number) => new Date(Date.UTC(2027, 1, day, 5));

    // The 2nd order is the 1st's last: that day alone; the 3rd order is the 2nd's first: the whole 2nd.
    expect(await rollUpNextDays(db(), office, later, KEEP_DAYS, 2)).toBe(2);
    expect(await rolledBefore(office.officeId)).toEqual(midnight(2));
    expect(await rollUpNextDays(db(), office, later, KEEP_DAYS, 1)).toBe(3);
    expect(await rolledBefore(office.officeId)).toEqual(midnight(3));
    // Enough orders for every day due: the 3rd, then the days up to the one a visitor is still on.
    expect(await rollUpNextDays(db(), office, later, KEEP_DAYS, 500)).toBe(1);
    expect(await rolledBefore(office.officeId)).toEqual(midnight(9));
    expect(await rollUpNextDays(db(), office, later, KEEP_DAYS, 500)).toBeNull();
    expect(await eventsOf(aliveOn9th)).toBe(1);

    // Once the visitor has gone, the 9th and the empty days after it up to the target.
    const gone = new Date('2027-03-20T14:00:00Z');
    expect(await rollUpNextDays(db(), office, gone, KEEP_DAYS, 500)).toBe(3);
    expect(await rolledBefore(office.officeId)).toEqual(new Date('2027-02-18T05:00:00Z'));
    expect(await rollUpNextDays(db(), office, gone, KEEP_DAYS, 500)).toBeNull();
    await pruneEvents();
    expect(await readSpans()).toEqual(before);
  });
});
