import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { draftPruneTasks } from './abandoned-drafts.ts';
import { deleteAbandonedDrafts, DRAFTS_LOOKED_AT_PER_DELETE } from './abandoned-drafts.repository.ts';
import { DAY_MS, fixtureCompany, fixtureVisit, SECOND_MS } from './drafts-fixtures.ts';

/**
 * The drafts' walk (decision 0079): a statement reads at most DRAFTS_LOOKED_AT_PER_DELETE drafts
 * per draft it may delete, oldest first, and the next one starts where it stopped: past the
 * drafts it kept (a live hold), but never past an abandoned draft it did not reach.
 */

const NOW = new Date('2027-06-15T16:00:00.000Z');
const CUTOFF = new Date(NOW.getTime() - 30 * DAY_MS);
const STARTED = new Date(CUTOFF.getTime() - 20 * DAY_MS);
/** The n-th draft of the walk: untouched since n seconds after a minute before the cut-off. */
const updatedAt = (n: number) => new Date(CUTOFF.getTime() - 60 * SECOND_MS + n * SECOND_MS);

describeOnEachDatabase('abandoned drafts walked in windows', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let company = '';
  const office = randomUUID();
  const db = () => database.db;

  beforeEach(async () => {
    database = await factory.open();
    company = await fixtureCompany(db(), 'walk', [{ id: office, timeZone: 'America/Chicago' }]);
    // The funnel is rolled up past every draft here: only their holds can keep them.
    await db().insert(t.funnelRollUps).values({ companyId: company, officeId: office, rolledBefore: CUTOFF });
  });
  afterEach(async () => database.close());

  /** A draft abandoned at updatedAt(n), kept by a hold that has not lapsed when `held`. */
  const draft = async (n: number, held: boolean) => {
    const id = await fixtureVisit(db(), {
      companyId: company,
      officeId: office,
      startedAt: STARTED,
      updatedAt: updatedAt(n),
      lastSeenAt: STARTED,
      expiresAt: STARTED,
    });
    if (held)
      await db()
        .insert(t.appointments)
        .values({
          companyId: company,
          officeId: office,
          orderId: id,
          inspectorId: 1,
          kind: 'hold',
          during: `[2027-07-01 ${String(n).padStart(2, '0')}:00+00,2027-07-01 ${String(n).padStart(2, '0')}:30+00)`,
          holdExpiresAt: new Date(NOW.getTime() + SECOND_MS),
        });
    return id;
  };
  const remaining = async (ids: string[]) =>
    (await db().select({ id: t.orders.id }).from(t.orders).where(inArray(t.orders.id, ids))).length;

  it('reads no further than its window: as many kept drafts as it looks at hide the abandoned one from the first statement, not from the next', async () => {
    const kept = [];
    for (let n = 0; n < DRAFTS_LOOKED_AT_PER_DELETE; n++) kept.push(await draft(n, true));
    const abandoned = await draft(DRAFTS_LOOKED_AT_PER_DELETE, false);

    const first = await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, null);
    expect(first).toEqual({ deleted: 0, last: updatedAt(DRAFTS_LOOKED_AT_PER_DELETE - 1), exhausted: false });
    expect(await remaining([abandoned])).toBe(1);

    const next = await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, first.last);
    expect(next).toEqual({ deleted: 1, last: updatedAt(DRAFTS_LOOKED_AT_PER_DELETE), exhausted: false });
    expect(await remaining([abandoned])).toBe(0);
    expect(await remaining(kept)).toBe(DRAFTS_LOOKED_AT_PER_DELETE);
    // Nothing is left past the last deletion: the walk is over.
    expect(await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, next.last)).toEqual({
      deleted: 0,
      last: null,
      exhausted: true,
    });
  });

  it('reaches the abandoned draft in one statement behind one kept draft fewer than it looks at', async () => {
    for (let n = 0; n < DRAFTS_LOOKED_AT_PER_DELETE - 1; n++) await draft(n, true);
    const abandoned = await draft(DRAFTS_LOOKED_AT_PER_DELETE - 1, false);

    expect(await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, null)).toEqual({
      deleted: 1,
      last: updatedAt(DRAFTS_LOOKED_AT_PER_DELETE - 1),
      exhausted: false,
    });
    expect(await remaining([abandoned])).toBe(0);
  });

  it('stopped at its limit, resumes at its last deletion: the abandoned drafts of its window it did not reach are the next ones', async () => {
    const abandoned = [await draft(0, false), await draft(1, false), await draft(2, false)];

    const first = await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, null);
    expect(first).toEqual({ deleted: 1, last: updatedAt(0), exhausted: false });
    const next = await deleteAbandonedDrafts(db(), NOW, CUTOFF, 1, first.last);
    expect(next).toEqual({ deleted: 1, last: updatedAt(1), exhausted: false });
    expect(await remaining(abandoned)).toBe(1);
  });

  it("the job's batch walks past the kept drafts to the abandoned ones behind them, and its next batch finds none", async () => {
    const kept = [];
    for (let n = 0; n < 2 * DRAFTS_LOOKED_AT_PER_DELETE; n++) kept.push(await draft(n, true));
    const abandoned = [
      await draft(2 * DRAFTS_LOOKED_AT_PER_DELETE, false),
      await draft(2 * DRAFTS_LOOKED_AT_PER_DELETE + 1, false),
    ];
    const task = draftPruneTasks().find((each) => each.name === 'abandoned_drafts')!;

    expect(await task.pruneBatch(db(), NOW, 2)).toBe(2);
    expect(await remaining(abandoned)).toBe(0);
    expect(await task.pruneBatch(db(), NOW, 2)).toBe(0);
    expect(await remaining(kept)).toBe(2 * DRAFTS_LOOKED_AT_PER_DELETE);
  });
});
