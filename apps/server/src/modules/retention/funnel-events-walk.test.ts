import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { deleteRolledUpEvents, officesWithEventsToPrune } from '../analytics/funnel-roll-up.repository.ts';
import { DAY_MS, fixtureCompany, fixtureVisit, SECOND_MS } from './drafts-fixtures.ts';

/**
 * The rolled-up events' walk (decision 0079): a batch reads at most `limit` of the office's
 * events before the bound, oldest first from its cursor, and deletes those whose order is rolled
 * up; the cursor moves to the last event read, or to the bound once a batch read fewer than its
 * limit. An event before the bound of an order that started at it stays.
 */

const BOUND = new Date('2027-05-16T05:00:00.000Z');
const STARTED = new Date(BOUND.getTime() - 2 * DAY_MS);

describeOnEachDatabase('rolled-up funnel events walked in batches', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let company = '';
  const office = randomUUID();
  let rolledUp = '';
  let atBound = '';
  const db = () => database.db;

  beforeEach(async () => {
    database = await factory.open();
    company = await fixtureCompany(db(), 'walk', [{ id: office, timeZone: 'America/Chicago' }]);
    await db().insert(t.funnelRollUps).values({ companyId: company, officeId: office, rolledBefore: BOUND });
    // Three events of an order started before the bound, at STARTED + 0, 1 and 2 s.
    rolledUp = await fixtureVisit(db(), {
      companyId: company,
      officeId: office,
      startedAt: STARTED,
      steps: ['postal-code', 'calendar', 'address'],
    });
    // An order started at the bound (not rolled up), with an event a second before it.
    atBound = await fixtureVisit(db(), { companyId: company, officeId: office, startedAt: BOUND });
    await db()
      .insert(t.funnelEvents)
      .values({
        companyId: company,
        officeId: office,
        orderId: atBound,
        name: 'step_viewed',
        step: 'postal-code',
        createdAt: new Date(BOUND.getTime() - SECOND_MS),
      });
  });
  afterEach(async () => database.close());

  const next = async () => (await officesWithEventsToPrune(db())).find((each) => each.officeId === office);
  const eventsOf = async (orderId: string) =>
    (await db().select().from(t.funnelEvents).where(eq(t.funnelEvents.orderId, orderId))).length;

  it('a batch of its limit reads no further: the cursor stops at its last event, and the next batch passes the event it keeps to the bound', async () => {
    expect(await deleteRolledUpEvents(db(), (await next())!, 3)).toBe(3);
    expect((await next())!.eventsPrunedBefore).toEqual(new Date(STARTED.getTime() + 2 * SECOND_MS));
    expect(await eventsOf(atBound)).toBe(1);

    expect(await deleteRolledUpEvents(db(), (await next())!, 3)).toBe(0);
    expect(await next()).toBeUndefined();
    expect([await eventsOf(rolledUp), await eventsOf(atBound)]).toEqual([0, 1]);
  });

  it('a batch reading fewer events than its limit deletes the rolled-up ones and finishes the office', async () => {
    expect(await deleteRolledUpEvents(db(), (await next())!, 5)).toBe(3);
    expect(await next()).toBeUndefined();
    expect([await eventsOf(rolledUp), await eventsOf(atBound)]).toEqual([0, 1]);
  });

  it("batches of half the office's events walk it in turn, the kept event read once more before the office is done", async () => {
    expect(await deleteRolledUpEvents(db(), (await next())!, 2)).toBe(2);
    expect(await eventsOf(rolledUp)).toBe(1);
    // The last rolled-up event and the kept one: a full walk, so the office is not done yet.
    expect(await deleteRolledUpEvents(db(), (await next())!, 2)).toBe(1);
    expect((await next())!.eventsPrunedBefore).toEqual(new Date(BOUND.getTime() - SECOND_MS));
    expect(await deleteRolledUpEvents(db(), (await next())!, 2)).toBe(0);
    expect(await next()).toBeUndefined();
    expect([await eventsOf(rolledUp), await eventsOf(atBound)]).toEqual([0, 1]);
  });
});
