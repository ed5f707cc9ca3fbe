/**
 * The EXPLAIN (ANALYZE, BUFFERS) of the order lists' keyset reads on the built M database's big
 * company, for decision 0071: with migration 0028's index made inside a transaction that is rolled
 * back, so the built database stays as the generator left it. `node --import tsx bench/scale/explain-keyset.ts`
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../apps/server/src/db/schema.ts';
import type { Database } from '../../apps/server/src/db/connection.ts';
import { listConfirmedOrders } from '../../apps/server/src/modules/order-list/admin-orders.repository.ts';
import { SERVER_URL } from './databases.ts';

const client = new pg.Client({ connectionString: `${SERVER_URL}/scale_m` });
await client.connect();
const recorded: Array<{ sql: string; params: unknown[] }> = [];
const db = drizzle(client, {
  schema,
  logger: { logQuery: (sql, params) => recorded.push({ sql, params }) },
}) as unknown as Database;
try {
  await client.query('begin');
  await client.query(`create index if not exists orders_company_datetime_id_idx on orders (company_id, datetime, id)`);
  if (process.env.KEEP_OLD_INDEX !== '1') await client.query(`drop index if exists orders_company_datetime_idx`);
  if (process.env.NO_NEW_INDEX === '1') await client.query(`drop index orders_company_datetime_id_idx`);
  const { rows: companies } = await client.query<{ id: string }>(`select id from companies where key = 'bigco'`);
  const companyId = companies[0]!.id;
  const { rows: deep } = await client.query<{ datetime: Date; id: string }>(
    `select datetime, id from orders where company_id = $1 and status = 'confirmed' order by datetime, id offset 4899 limit 1`,
    [companyId],
  );
  const cursor = { direction: 'after' as const, at: deep[0]!.datetime.toISOString(), id: deep[0]!.id };
  const month = { from: '2026-10-01', to: '2026-10-31', status: 'booked' as const };
  const reads: Array<[string, () => Promise<unknown>]> = [
    [
      'first page by keyset (100)',
      () => listConfirmedOrders(db, companyId, { status: 'booked' }, { cursor: null, limit: 100 }, { count: false }),
    ],
    [
      'page 50 by cursor (100 after the 4,900th)',
      () => listConfirmedOrders(db, companyId, { status: 'booked' }, { cursor, limit: 100 }, { count: false }),
    ],
    [
      'page 50 backward (100 before the 4,900th)',
      () =>
        listConfirmedOrders(
          db,
          companyId,
          { status: 'booked' },
          { cursor: { ...cursor, direction: 'before' }, limit: 100 },
          { count: false },
        ),
    ],
    [
      'page 50 by OFFSET 4,900',
      () => listConfirmedOrders(db, companyId, { status: 'booked' }, { offset: 4900, limit: 100 }, { count: false }),
    ],
    [
      "a month's CSV, first batch of 500",
      () => listConfirmedOrders(db, companyId, month, { cursor: null, limit: 500 }, { count: false }),
    ],
    [
      "a month's page of 500 by number (before: the CSV's read)",
      () => listConfirmedOrders(db, companyId, month, { offset: 0, limit: 500 }, { count: false }),
    ],
  ];
  for (const [name, read] of reads) {
    recorded.length = 0;
    await read();
    for (const statement of recorded) {
      const { rows } = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      process.stdout.write(`\n### ${name}\n${statement.sql}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
    }
  }
} finally {
  await client.query('rollback');
  await client.end();
}
