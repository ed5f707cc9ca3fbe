import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { describeOnEachDatabase } from '../test-support/each-database.ts';
import type { DatabaseHandle } from './connection.ts';
import { changeKeys } from './change-feed.ts';
import * as t from './schema.ts';
import { rangeOf } from '../modules/scheduling/scheduling.repository.ts';
import { importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { demoDocument } from '../test-support/test-app.ts';

describeOnEachDatabase('the database announces changes', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let companyId: string;
  let orderId: string;
  let otherOrderId: string;

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = company!.id;
    [{ id: orderId }, { id: otherOrderId }] = (await database.db
      .insert(t.orders)
      .values([
        { companyId, officeId: DEMO_OFFICE_UUID },
        { companyId, officeId: DEMO_OFFICE_UUID },
      ])
      .returning({ id: t.orders.id })) as [{ id: string }, { id: string }];
  });
  afterAll(async () => database.close());

  /** Which of `keys` were announced by `change`, once every announcement has arrived. */
  async function announcedBy(change: () => Promise<unknown>, keys: string[]): Promise<string[]> {
    await database.changes.flush();
    const before = database.changes.now();
    await change();
    await database.changes.flush();
    return keys.filter((key) => !database.changes.unchangedSince(before, [key]));
  }

  it('is live once the database is open', () => {
    expect(database.changes.live).toBe(true);
  });

  it('announces the schedule when an appointment or hold is written or removed', async () => {
    const keys = [changeKeys.schedule(companyId), changeKeys.order(orderId), changeKeys.company(companyId)];
    const insert = () =>
      database.db.insert(t.appointments).values({
        companyId,
        officeId: DEMO_OFFICE_UUID,
        orderId,
        inspectorId: 101,
        kind: 'appointment',
        during: rangeOf(Date.UTC(2031, 0, 6, 14), Date.UTC(2031, 0, 6, 17)),
      });
    expect(await announcedBy(insert, keys)).toEqual([changeKeys.schedule(companyId)]);
    expect(
      await announcedBy(() => database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId)), keys),
    ).toEqual([changeKeys.schedule(companyId)]);
  });

  describe('the weeks of commitments (migration 0051)', () => {
    const WEEK_MS = 7 * 86_400_000;
    // A week's edge in 2031 (UTC weeks counted from the epoch, as the scheduling store counts them).
    const week = Math.ceil(Date.UTC(2031, 2, 1) / WEEK_MS);
    const edge = week * WEEK_MS;
    const HOUR = 3_600_000;
    // Functions: the company's id is known only once beforeAll ran.
    const keysOf = (...weeks: number[]) => weeks.map((n) => changeKeys.commitmentsWeek(companyId, n));
    const weekKeys = () => keysOf(week - 2, week - 1, week, week + 1);
    const appointment = (start: number, end: number) =>
      database.db
        .insert(t.appointments)
        .values({
          companyId,
          officeId: DEMO_OFFICE_UUID,
          orderId,
          inspectorId: 101,
          kind: 'appointment',
          during: rangeOf(start, end),
        })
        .returning({ id: t.appointments.id });
    afterEach(async () => {
      await database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
      await database.db.update(t.orders).set({ postalCode: '' }).where(eq(t.orders.id, orderId));
    });

    it('announces the week a commitment is in, and not the next when it ends at its start', async () => {
      const all = [...weekKeys(), changeKeys.commitments(companyId)];
      expect(await announcedBy(() => appointment(edge - HOUR, edge), all)).toEqual(keysOf(week - 1));
      expect(await announcedBy(() => appointment(edge, edge + HOUR), all)).toEqual(keysOf(week));
      expect(await announcedBy(() => appointment(edge + WEEK_MS - 1, edge + WEEK_MS), all)).toEqual(keysOf(week));
    });

    it('announces both weeks of a commitment across an edge, and those before and after a move', async () => {
      let id = '';
      expect(
        await announcedBy(async () => {
          [{ id }] = (await appointment(edge - HOUR, edge + HOUR)) as [{ id: string }];
        }, weekKeys()),
      ).toEqual(keysOf(week - 1, week));
      expect(
        await announcedBy(
          () =>
            database.db
              .update(t.appointments)
              .set({ during: rangeOf(edge + WEEK_MS, edge + WEEK_MS + HOUR) })
              .where(eq(t.appointments.id, id)),
          weekKeys(),
        ),
      ).toEqual(keysOf(week - 1, week, week + 1));
      expect(
        await announcedBy(() => database.db.delete(t.appointments).where(eq(t.appointments.id, id)), weekKeys()),
      ).toEqual(keysOf(week + 1));
    });

    it('announces every week of the company for a commitment of more than 60 weeks, week by week up to 60', async () => {
      const company = changeKeys.commitments(companyId);
      const first = keysOf(week)[0]!;
      const sixtieth = changeKeys.commitmentsWeek(companyId, week + 59);
      expect(await announcedBy(() => appointment(edge, edge + 60 * WEEK_MS), [first, sixtieth, company])).toEqual([
        first,
        sixtieth,
      ]);
      await database.db.delete(t.appointments).where(eq(t.appointments.orderId, orderId));
      expect(await announcedBy(() => appointment(edge, edge + 60 * WEEK_MS + 1), [first, sixtieth, company])).toEqual([
        company,
      ]);
    });

    it("announces the weeks of an order's commitments when its property moves, and of a calendar's busy time", async () => {
      await appointment(edge + HOUR, edge + 2 * HOUR);
      await database.changes.flush();
      expect(
        await announcedBy(
          () => database.db.update(t.orders).set({ postalCode: '43017' }).where(eq(t.orders.id, orderId)),
          weekKeys(),
        ),
      ).toEqual(keysOf(week));
      expect(
        await announcedBy(
          () => database.db.update(t.orders).set({ county: 'Delaware' }).where(eq(t.orders.id, orderId)),
          weekKeys(),
        ),
      ).toEqual([]);
      const [connection] = await database.db
        .insert(t.calendarConnections)
        .values({ companyId, inspectorId: 102, provider: 'caldav', credentialsEncrypted: 'sealed' })
        .returning({ id: t.calendarConnections.id });
      try {
        expect(
          await announcedBy(
            () =>
              database.db.insert(t.calendarBusy).values({
                companyId,
                inspectorId: 102,
                connectionId: connection!.id,
                calendarId: 'work',
                eventId: 'dentist',
                during: rangeOf(edge - 2 * WEEK_MS, edge - 2 * WEEK_MS + HOUR),
              }),
            weekKeys(),
          ),
        ).toEqual(keysOf(week - 2));
      } finally {
        await database.db.delete(t.calendarConnections).where(eq(t.calendarConnections.id, connection!.id));
      }
    });
  });

  it("announces an order's change to that order only, and the schedule when its property moves", async () => {
    const keys = [changeKeys.order(orderId), changeKeys.order(otherOrderId), changeKeys.schedule(companyId)];
    expect(
      await announcedBy(
        () => database.db.update(t.orders).set({ county: 'Franklin' }).where(eq(t.orders.id, orderId)),
        keys,
      ),
    ).toEqual([changeKeys.order(orderId)]);
    expect(
      await announcedBy(
        () => database.db.update(t.orders).set({ postalCode: '43017' }).where(eq(t.orders.id, orderId)),
        keys,
      ),
    ).toEqual([changeKeys.order(orderId), changeKeys.schedule(companyId)]);
    expect(
      await announcedBy(
        () => database.db.update(t.orders).set({ latitude: 40.1, longitude: -83.1 }).where(eq(t.orders.id, orderId)),
        keys,
      ),
    ).toEqual([changeKeys.order(orderId), changeKeys.schedule(companyId)]);
  });

  it("announces a session's change", async () => {
    const [session] = await database.db
      .insert(t.sessions)
      .values({
        companyId,
        officeId: DEMO_OFFICE_UUID,
        orderId,
        tokenHash: 'f'.repeat(64),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const keys = [changeKeys.session(session!.id), changeKeys.order(orderId)];
    expect(
      await announcedBy(
        () => database.db.update(t.sessions).set({ expiresAt: new Date() }).where(eq(t.sessions.id, session!.id)),
        keys,
      ),
    ).toEqual([changeKeys.session(session!.id)]);
  });

  it('announces the configuration when the company, an office, an inspector or the catalogue changes', async () => {
    const keys = [changeKeys.company(companyId), changeKeys.schedule(companyId)];
    const company = [changeKeys.company(companyId)];
    expect(
      await announcedBy(
        () => database.db.update(t.companies).set({ name: 'Renamed' }).where(eq(t.companies.id, companyId)),
        keys,
      ),
    ).toEqual(company);
    expect(
      await announcedBy(
        () => database.db.update(t.offices).set({ phone: '(614) 555-0199' }).where(eq(t.offices.companyId, companyId)),
        keys,
      ),
    ).toEqual(company);
    expect(
      await announcedBy(
        () =>
          database.db
            .update(t.inspectors)
            .set({ maxInspectionsPerDay: 2 })
            .where(eq(t.inspectors.companyId, companyId)),
        keys,
      ),
    ).toEqual(company);
    expect(
      await announcedBy(
        () => database.db.update(t.services).set({ durationMinutes: 200 }).where(eq(t.services.companyId, companyId)),
        keys,
      ),
    ).toEqual(company);
    expect(
      await announcedBy(
        () => database.db.update(t.packages).set({ durationMinutes: 200 }).where(eq(t.packages.companyId, companyId)),
        keys,
      ),
    ).toEqual(company);
    expect(await announcedBy(() => importCompanyDocument(database.db, demoDocument()), keys)).toEqual(company);
  });

  it('announces nothing for a change that is rolled back', async () => {
    const keys = [changeKeys.order(orderId)];
    const rolledBack = () =>
      database.db
        .transaction(async (tx) => {
          await tx.update(t.orders).set({ postalCode: '43004' }).where(eq(t.orders.id, orderId));
          tx.rollback();
        })
        .catch(() => undefined);
    expect(await announcedBy(rolledBack, keys)).toEqual([]);
  });

  if (factory.name === 'postgres') {
    it('suspends while its listening connection is gone, and resumes with everything forgotten', async () => {
      const loadedAt = database.changes.now();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN scheduler_changes'`,
      );
      await expect.poll(() => database.changes.live, { timeout: 5_000 }).toBe(false);
      await expect.poll(() => database.changes.live, { timeout: 10_000 }).toBe(true);
      expect(database.changes.unchangedSince(loadedAt, [])).toBe(false);
      expect(
        await announcedBy(
          () => database.db.update(t.orders).set({ postalCode: '43215' }).where(eq(t.orders.id, orderId)),
          [changeKeys.order(orderId)],
        ),
      ).toEqual([changeKeys.order(orderId)]);
    });
  }
});
