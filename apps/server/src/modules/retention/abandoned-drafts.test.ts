import { randomUUID } from 'node:crypto';
import type { FunnelStep } from '@scheduler/contracts/analytics';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { companyFunnel } from '../analytics/analytics.service.ts';
import { draftPruneTasks } from './abandoned-drafts.ts';
import { DAY_MS, fixtureCompany, fixtureVisit, SECOND_MS, type FixtureVisit } from './drafts-fixtures.ts';
import type { PruneTask } from './prune-task.ts';

/**
 * Abandoned drafts pruned (issue 49, decision 0075), at the bounds of the app's clock: 30 days
 * untouched, every session ended, every hold lapsed, the funnel's day rolled up; never a confirmed
 * or cancelled order, and the funnel's figures unchanged.
 */

const NOW = new Date('2027-06-15T16:00:00.000Z');
const CUTOFF = new Date(NOW.getTime() - 30 * DAY_MS);
const OLDER = new Date(CUTOFF.getTime() - SECOND_MS);
const YOUNGER = new Date(CUTOFF.getTime() + SECOND_MS);
/** Days before any draft here: the funnel's raw events of the drafts' days are rolled up. */
const STARTED = new Date(CUTOFF.getTime() - 20 * DAY_MS);
const STEPS: FunnelStep[] = ['postal-code', 'calendar', 'address', 'contacts'];

describeOnEachDatabase('abandoned drafts pruned', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  const office = randomUUID();
  const theirOffice = randomUUID();
  let ours = '';
  let theirs = '';
  const gone: Record<string, string> = {};
  const kept: Record<string, string> = {};

  const db = () => database.db;
  const tasks = draftPruneTasks();
  const task = (name: string): PruneTask => tasks.find((each) => each.name === name)!;
  const run = async (name: string, limit: number) => {
    let total = 0;
    for (;;) {
      const done = await task(name).pruneBatch(db(), NOW, limit);
      total += done;
      if (done < limit) return total;
    }
  };
  const span = { from: '2027-04-10', to: '2027-06-15' };
  const funnels = async () => [await companyFunnel(db(), 'ours', span), await companyFunnel(db(), 'theirs', span)];
  const remaining = async (ids: string[]) =>
    (await db().select({ id: t.orders.id }).from(t.orders).where(inArray(t.orders.id, ids))).map((row) => row.id);
  const rowsOf = async (table: typeof t.sessions | typeof t.funnelEvents | typeof t.orderParties, orderId: string) =>
    Number((await db().select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n);

  const draft = (visit: Partial<FixtureVisit>, companyId = ours, officeId = office) =>
    fixtureVisit(db(), {
      companyId,
      officeId,
      startedAt: STARTED,
      steps: STEPS,
      lastSeenAt: STARTED,
      expiresAt: new Date(STARTED.getTime() + 7 * DAY_MS),
      ...visit,
    });

  beforeAll(async () => {
    database = await factory.open();
    ours = await fixtureCompany(db(), 'ours', [{ id: office, timeZone: 'America/Chicago' }]);
    theirs = await fixtureCompany(db(), 'theirs', [{ id: theirOffice, timeZone: 'America/Los_Angeles' }]);

    gone.olderBySecond = await draft({ updatedAt: OLDER, lastSeenAt: OLDER, expiresAt: OLDER });
    kept.youngerBySecond = await draft({ updatedAt: YOUNGER });
    kept.seenRecently = await draft({ updatedAt: OLDER, lastSeenAt: YOUNGER, expiresAt: YOUNGER });
    gone.seenLongAgo = await draft({ updatedAt: OLDER, lastSeenAt: OLDER, expiresAt: OLDER });
    // On a later day: its day of the funnel waits for the session, and the days before it do not.
    kept.sessionAlive = await draft({
      startedAt: new Date(STARTED.getTime() + 2 * DAY_MS),
      updatedAt: OLDER,
      lastSeenAt: OLDER,
      expiresAt: new Date(NOW.getTime() + 1),
    });
    gone.sessionEndedNow = await draft({ updatedAt: OLDER, lastSeenAt: OLDER, expiresAt: NOW });
    kept.confirmed = await draft({ updatedAt: OLDER, status: 'confirmed' });
    kept.cancelled = await draft({ updatedAt: OLDER, status: 'cancelled' });
    gone.theirs = await draft({ updatedAt: OLDER }, theirs, theirOffice);
    kept.theirsYounger = await draft({ updatedAt: YOUNGER }, theirs, theirOffice);
    // Started after the funnel's bound (30 days of raw events, whole days): not rolled up yet.
    kept.notRolledUp = await draft({ startedAt: OLDER, updatedAt: OLDER, lastSeenAt: OLDER, expiresAt: OLDER });

    // A lapsed hold, a coupon's lease, an answer and a party go with their draft; a hold not lapsed keeps it.
    const hold = (orderId: string, hour: number, expires: Date) => ({
      companyId: ours,
      officeId: office,
      orderId,
      inspectorId: 1,
      kind: 'hold' as const,
      during: `[2027-07-01 ${hour}:00+00,2027-07-01 ${hour + 1}:00+00)`,
      holdExpiresAt: expires,
    });
    gone.lapsedHold = await draft({ updatedAt: OLDER });
    kept.liveHold = await draft({ updatedAt: OLDER });
    await db()
      .insert(t.appointments)
      .values([hold(gone.lapsedHold, 10, NOW), hold(kept.liveHold, 12, new Date(NOW.getTime() + SECOND_MS))]);
    await db()
      .insert(t.couponRedemptions)
      .values({ companyId: ours, orderId: gone.lapsedHold, code: 'SPRING', leaseExpiresAt: OLDER });
    await db().insert(t.orderAnswers).values({ companyId: ours, orderId: gone.lapsedHold, controlId: 1, value: 'x' });
    await db()
      .insert(t.orderParties)
      .values({ companyId: ours, orderId: gone.lapsedHold, role: 'client', person: { first: 'Pat' } });
    kept.noted = await draft({ updatedAt: OLDER });
    await db().insert(t.orderNotes).values({
      companyId: ours,
      orderId: kept.noted,
      body: 'Called back',
      authorUserId: 'office-user',
      authorName: 'Office',
    });
  });
  afterAll(async () => database.close());

  it('keeps every draft while the funnel is not rolled up, then prunes those untouched for 30 days, in batches, with what hangs on them, and the funnel reads the same', async () => {
    expect(await run('abandoned_drafts', 2)).toBe(0);
    const before = await funnels();
    expect(before[0]!.offices[0]!.totals.started).toBeGreaterThan(10);

    expect(await run('funnel_roll_up', 3)).toBeGreaterThan(0);
    expect(await run('funnel_events', 5)).toBeGreaterThan(0);
    expect(await funnels()).toEqual(before);

    expect(await task('abandoned_drafts').pruneBatch(db(), NOW, 2)).toBe(2);
    expect(await run('abandoned_drafts', 2)).toBe(Object.keys(gone).length - 2);
    expect(await remaining(Object.values(gone))).toEqual([]);
    expect((await remaining(Object.values(kept))).sort()).toEqual(Object.values(kept).sort());
    expect(await funnels()).toEqual(before);

    for (const table of [t.sessions, t.funnelEvents, t.orderParties])
      expect(await rowsOf(table, gone.lapsedHold!)).toBe(0);
    const leftOf = async (table: typeof t.appointments | typeof t.couponRedemptions | typeof t.orderAnswers) =>
      Number((await db().select({ n: count() }).from(table).where(eq(table.companyId, ours)))[0]!.n);
    expect([await leftOf(t.appointments), await leftOf(t.couponRedemptions), await leftOf(t.orderAnswers)]).toEqual([
      1, 0, 0,
    ]);
    expect(await rowsOf(t.sessions, kept.sessionAlive!)).toBe(1);
    expect(await rowsOf(t.funnelEvents, kept.notRolledUp!)).toBe(STEPS.length);
    expect(await run('abandoned_drafts', 2)).toBe(0);
  });
});
