import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { describeOnEachDatabase } from '../test-support/each-database.ts';
import type { DatabaseHandle } from './connection.ts';
import * as t from './schema.ts';
import { importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { demoDocument } from '../test-support/test-app.ts';

/** Walks a driver error and its causes for the PostgreSQL SQLSTATE. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE a write failed with, or null when it succeeded. */
const outcome = (write: Promise<unknown>) =>
  write.then(
    () => null,
    (error: unknown) => sqlState(error) ?? 'no SQLSTATE',
  );

// Each case books on a day of its own, so that every case passes alone and in any order.
describeOnEachDatabase('the no-double-booking constraint', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let companyId: string;
  let orderId: string;
  /** A second order: the constraint is between orders (an order's own rows may overlap, as a move holds its new time). */
  let otherOrderId: string;

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = company!.id;
    const [order] = await database.db.insert(t.orders).values({ companyId, officeId: DEMO_OFFICE_UUID }).returning();
    orderId = order!.id;
    const [other] = await database.db.insert(t.orders).values({ companyId, officeId: DEMO_OFFICE_UUID }).returning();
    otherOrderId = other!.id;
  });
  afterAll(async () => database.close());

  const book = (
    inspectorId: number,
    from: string,
    to: string,
    kind: 'appointment' | 'hold' = 'appointment',
    holdExpiresAt = new Date(Date.now() + 15 * 60_000),
    order = orderId,
  ) =>
    database.db.insert(t.appointments).values({
      companyId,
      officeId: DEMO_OFFICE_UUID,
      orderId: order,
      inspectorId,
      kind,
      during: `[${from},${to})`,
      holdExpiresAt: kind === 'hold' ? holdExpiresAt : null,
    });

  /** What an inspector has booked on one UTC date: kind and range, as ISO instants, by start. */
  async function bookedOn(
    inspectorId: number,
    date: string,
  ): Promise<Array<{ kind: string; from: string; to: string }>> {
    const rows = await database.db
      .select({
        kind: t.appointments.kind,
        from: sql<string>`to_char(lower(${t.appointments.during}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`,
        to: sql<string>`to_char(upper(${t.appointments.during}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`,
      })
      .from(t.appointments)
      .where(
        and(
          eq(t.appointments.companyId, companyId),
          eq(t.appointments.inspectorId, inspectorId),
          sql`${t.appointments.during} && tstzrange(${`${date}T00:00Z`}::timestamptz, ${`${date}T00:00Z`}::timestamptz + interval '1 day')`,
        ),
      )
      .orderBy(sql`lower(${t.appointments.during})`);
    return rows;
  }

  it('accepts an appointment on a free inspector, with its range as given', async () => {
    expect(await outcome(book(101, '2027-03-01 14:00Z', '2027-03-01 17:00Z'))).toBeNull();
    expect(await bookedOn(101, '2027-03-01')).toEqual([
      { kind: 'appointment', from: '2027-03-01T14:00Z', to: '2027-03-01T17:00Z' },
    ]);
  });

  /** Another order's booking of the inspector. */
  const bookOther = (inspectorId: number, from: string, to: string, kind: 'appointment' | 'hold' = 'appointment') =>
    book(inspectorId, from, to, kind, undefined, otherOrderId);

  it("rejects another order's overlapping appointment of the same inspector (exclusion violation 23P01)", async () => {
    expect(await outcome(book(101, '2027-03-02 14:00Z', '2027-03-02 17:00Z'))).toBeNull();
    expect(await outcome(bookOther(101, '2027-03-02 16:00Z', '2027-03-02 18:00Z'))).toBe('23P01');
    expect(await outcome(bookOther(101, '2027-03-02 13:00Z', '2027-03-02 18:00Z'))).toBe('23P01'); // around it
    expect(await bookedOn(101, '2027-03-02')).toEqual([
      { kind: 'appointment', from: '2027-03-02T14:00Z', to: '2027-03-02T17:00Z' },
    ]);
  });

  it('treats holds like appointments, both ways', async () => {
    expect(await outcome(book(101, '2027-03-03 14:00Z', '2027-03-03 17:00Z'))).toBeNull();
    expect(await outcome(bookOther(101, '2027-03-03 15:00Z', '2027-03-03 15:30Z', 'hold'))).toBe('23P01');
    expect(await outcome(book(102, '2027-03-03 14:00Z', '2027-03-03 15:00Z', 'hold'))).toBeNull();
    expect(await outcome(bookOther(102, '2027-03-03 14:30Z', '2027-03-03 16:00Z'))).toBe('23P01');
    expect(await bookedOn(101, '2027-03-03')).toEqual([
      { kind: 'appointment', from: '2027-03-03T14:00Z', to: '2027-03-03T17:00Z' },
    ]);
    expect(await bookedOn(102, '2027-03-03')).toEqual([
      { kind: 'hold', from: '2027-03-03T14:00Z', to: '2027-03-03T15:00Z' },
    ]);
  });

  it('blocks with an expired hold until it is deleted: the constraint cannot see the clock', async () => {
    expect(
      await outcome(book(103, '2027-03-04 14:00Z', '2027-03-04 15:00Z', 'hold', new Date(Date.now() - 60_000))),
    ).toBeNull();
    expect(await outcome(bookOther(103, '2027-03-04 14:00Z', '2027-03-04 15:00Z'))).toBe('23P01');
    await database.db
      .delete(t.appointments)
      .where(and(eq(t.appointments.inspectorId, 103), eq(t.appointments.kind, 'hold')));
    expect(await outcome(book(103, '2027-03-04 14:00Z', '2027-03-04 15:00Z'))).toBeNull();
    expect(await bookedOn(103, '2027-03-04')).toEqual([
      { kind: 'appointment', from: '2027-03-04T14:00Z', to: '2027-03-04T15:00Z' },
    ]);
  });

  it("lets one order's own rows overlap: a booking being moved holds its new time over its old one", async () => {
    expect(await outcome(book(105, '2027-03-08 14:00Z', '2027-03-08 17:00Z'))).toBeNull();
    expect(await outcome(book(105, '2027-03-08 15:00Z', '2027-03-08 18:00Z', 'hold'))).toBeNull();
    // Another order still cannot take either.
    expect(await outcome(bookOther(105, '2027-03-08 17:30Z', '2027-03-08 18:30Z'))).toBe('23P01');
    expect(await bookedOn(105, '2027-03-08')).toEqual([
      { kind: 'appointment', from: '2027-03-08T14:00Z', to: '2027-03-08T17:00Z' },
      { kind: 'hold', from: '2027-03-08T15:00Z', to: '2027-03-08T18:00Z' },
    ]);
  });

  it('allows back-to-back bookings (ranges are half-open) and other inspectors at the same time', async () => {
    expect(await outcome(book(104, '2027-03-05 14:00Z', '2027-03-05 17:00Z'))).toBeNull();
    expect(await outcome(book(104, '2027-03-05 17:00Z', '2027-03-05 18:00Z', 'hold'))).toBeNull();
    expect(await outcome(book(104, '2027-03-05 13:00Z', '2027-03-05 14:00Z'))).toBeNull();
    expect(await outcome(book(105, '2027-03-05 14:00Z', '2027-03-05 17:00Z'))).toBeNull();
    expect(await bookedOn(104, '2027-03-05')).toEqual([
      { kind: 'appointment', from: '2027-03-05T13:00Z', to: '2027-03-05T14:00Z' },
      { kind: 'appointment', from: '2027-03-05T14:00Z', to: '2027-03-05T17:00Z' },
      { kind: 'hold', from: '2027-03-05T17:00Z', to: '2027-03-05T18:00Z' },
    ]);
    expect(await bookedOn(105, '2027-03-05')).toEqual([
      { kind: 'appointment', from: '2027-03-05T14:00Z', to: '2027-03-05T17:00Z' },
    ]);
  });

  it('rejects empty or inclusive ranges and a hold without an expiry (check violation 23514)', async () => {
    expect(await outcome(book(101, '2027-03-06 14:00Z', '2027-03-06 14:00Z'))).toBe('23514');
    const inclusive = database.db.insert(t.appointments).values({
      companyId,
      officeId: DEMO_OFFICE_UUID,
      orderId,
      inspectorId: 101,
      kind: 'appointment',
      during: '[2027-03-06 15:00Z,2027-03-06 16:00Z]',
    });
    expect(await outcome(inclusive)).toBe('23514');
    const noExpiry = database.db.insert(t.appointments).values({
      companyId,
      officeId: DEMO_OFFICE_UUID,
      orderId,
      inspectorId: 101,
      kind: 'hold',
      during: '[2027-03-06 17:00Z,2027-03-06 18:00Z)',
    });
    expect(await outcome(noExpiry)).toBe('23514');
    expect(await bookedOn(101, '2027-03-06')).toEqual([]);
  });
});
