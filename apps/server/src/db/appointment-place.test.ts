/**
 * An appointment's copy of its order's place (migration 0053, decision 0108) stays true when the
 * order moves while the appointment is being written on another connection: the copy is read with
 * the order's row locked, so the move waits and then updates the new row. PostgreSQL only: PGlite
 * has one connection, on which nothing runs side by side.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection.ts';
import { createScratchDatabase, POSTGRES_TEMPLATE_ENV } from './test-databases.ts';
import { importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { demoDocument } from '../test-support/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const DURING = `tstzrange('2030-03-04T15:00:00Z', '2030-03-04T17:00:00Z')`;

/** Whether `work` is still waiting after `ms` (blocked on a lock), without giving up on it. */
async function stillWaitingAfter(work: Promise<unknown>, ms: number): Promise<boolean> {
  const waited = Symbol('waited');
  const first = await Promise.race([work, new Promise((resolve) => setTimeout(() => resolve(waited), ms))]);
  return first === waited;
}

describe.skipIf(!serverUrl)("an appointment's place while its order moves on another connection (PostgreSQL)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let booking: pg.Client;
  let office: pg.Client;
  let companyId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'scheduler_place', process.env[POSTGRES_TEMPLATE_ENV]);
    handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    await importCompanyDocument(handle.db, demoDocument());
    booking = new pg.Client({ connectionString: scratch.url });
    office = new pg.Client({ connectionString: scratch.url });
    await Promise.all([booking.connect(), office.connect()]);
    companyId = (await booking.query<{ id: string }>(`select id from companies where key = 'demo'`)).rows[0]!.id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([booking?.end(), office?.end()]);
    await handle?.close();
    await scratch?.drop();
  });

  const newOrder = async (postalCode: string) =>
    (
      await office.query<{ id: string }>(
        `insert into orders (company_id, office_id, postal_code) values ($1, $2, $3) returning id`,
        [companyId, DEMO_OFFICE_UUID, postalCode],
      )
    ).rows[0]!.id;

  const insertAppointment = (client: pg.Client, orderId: string, inspectorId: number) =>
    client.query(
      `insert into appointments (company_id, office_id, order_id, inspector_id, kind, during)
       values ($1, $2, $3, $4, 'appointment', ${DURING})`,
      [companyId, DEMO_OFFICE_UUID, orderId, inspectorId],
    );

  it('gives a row written while the order moves the place the order ends with', async () => {
    const orderId = await newOrder('45202');
    await booking.query('begin');
    await insertAppointment(booking, orderId, 101);
    // The office moves the order to Dublin while the booking's row is not committed yet.
    const move = office.query(`update orders set postal_code = '43017' where id = $1`, [orderId]);
    expect(await stillWaitingAfter(move, 300)).toBe(true);
    await booking.query('commit');
    await move;
    const { rows } = await office.query(`select postal_code from appointments where order_id = $1`, [orderId]);
    expect(rows).toEqual([{ postal_code: '43017' }]);
  });

  it('lets two holds of one order follow each other, not deadlock, as each then sets the order’s time', async () => {
    const orderId = await newOrder('43017');
    await booking.query('begin');
    await office.query('begin');
    // Other inspectors than the first test's, whose appointment holds 101 at that time.
    await insertAppointment(booking, orderId, 103);
    const second = insertAppointment(office, orderId, 104).then(() =>
      office.query(`update orders set datetime = lower(${DURING}) where id = $1`, [orderId]),
    );
    expect(await stillWaitingAfter(second, 300)).toBe(true);
    await booking.query(`update orders set datetime = lower(${DURING}) where id = $1`, [orderId]);
    await booking.query('commit');
    await second;
    await office.query('commit');
    const { rows } = await office.query(
      `select inspector_id, postal_code from appointments where order_id = $1 order by inspector_id`,
      [orderId],
    );
    expect(rows).toEqual([
      { inspector_id: 103, postal_code: '43017' },
      { inspector_id: 104, postal_code: '43017' },
    ]);
  });
});
