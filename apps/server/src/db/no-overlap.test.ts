import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testDatabaseFactories } from './test-databases.ts';
import type { DatabaseHandle } from './connection.ts';
import * as t from './schema.ts';
import { importCompanyDocument } from '../modules/companies/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../modules/companies/demo-company.ts';
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

describe.each(testDatabaseFactories())('the no-double-booking constraint on $name', (factory) => {
  let database: DatabaseHandle;
  let companyId: string;
  let orderId: string;

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = company!.id;
    const [order] = await database.db.insert(t.orders).values({ companyId, officeId: DEMO_OFFICE_UUID }).returning();
    orderId = order!.id;
  });
  afterAll(async () => database.close());

  const book = (inspectorId: number, from: string, to: string, kind: 'appointment' | 'hold' = 'appointment') =>
    database.db.insert(t.appointments).values({
      companyId,
      officeId: DEMO_OFFICE_UUID,
      orderId,
      inspectorId,
      kind,
      during: `[${from},${to})`,
      holdExpiresAt: kind === 'hold' ? new Date(Date.now() + 15 * 60_000) : null,
    });

  it('accepts an appointment on a free inspector', async () => {
    await expect(book(101, '2027-03-01 14:00Z', '2027-03-01 17:00Z')).resolves.toBeDefined();
  });

  it('rejects an overlapping appointment of the same inspector (exclusion violation 23P01)', async () => {
    const error = await book(101, '2027-03-01 16:00Z', '2027-03-01 18:00Z').then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('23P01');
    const rows = await database.db.select().from(t.appointments).where(and(eq(t.appointments.companyId, companyId), eq(t.appointments.inspectorId, 101)));
    expect(rows).toHaveLength(1);
  });

  it('treats holds like appointments', async () => {
    const error = await book(101, '2027-03-01 15:00Z', '2027-03-01 15:30Z', 'hold').then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('23P01');
  });

  it('allows back-to-back bookings (ranges are half-open) and other inspectors at the same time', async () => {
    await expect(book(101, '2027-03-01 17:00Z', '2027-03-01 18:00Z', 'hold')).resolves.toBeDefined();
    await expect(book(102, '2027-03-01 14:00Z', '2027-03-01 17:00Z')).resolves.toBeDefined();
  });

  it('rejects empty or inclusive ranges and a hold without an expiry', async () => {
    const empty = await book(103, '2027-03-02 14:00Z', '2027-03-02 14:00Z').then(() => null, (e: unknown) => e);
    expect(sqlState(empty)).toBe('23514');
    const noExpiry = await database.db
      .insert(t.appointments)
      .values({ companyId, officeId: DEMO_OFFICE_UUID, orderId, inspectorId: 103, kind: 'hold', during: '[2027-03-03 14:00Z,2027-03-03 15:00Z)' })
      .then(() => null, (e: unknown) => e);
    expect(sqlState(noExpiry)).toBe('23514');
  });
});
