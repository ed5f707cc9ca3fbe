import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openUnmigratedPglite } from './connection.ts';
import { createScratchDatabase } from './test-databases.ts';
import { POSTGRES_SKIP_REASON } from '../test-support/each-database.ts';

/**
 * The migrations that carry rows over (their SQL moves or derives data, not only the schema):
 * rows seeded as the migration before left them, then the migration applied, then what it made of
 * them read back. Run on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .sort();

/** A database of either kind, as these tests speak to it: statements and queries in plain SQL. */
interface RawDatabase {
  exec(statement: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

async function pgliteDatabase(): Promise<RawDatabase> {
  const client = await openUnmigratedPglite();
  return {
    exec: async (statement) => void (await client.exec(statement)),
    rows: async <T>(query: string) => (await client.query<T>(query)).rows,
    close: () => client.close(),
  };
}

async function postgresDatabase(): Promise<RawDatabase> {
  const scratch = await createScratchDatabase(serverUrl!, 'scheduler_data_migration');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    exec: async (statement) => void (await client.query(statement)),
    rows: async <T>(query: string) => (await client.query(query)).rows as T[],
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

/** Applies the migration files from `from` (its number, "0025"), up to but not including `until`. */
async function migrate(db: RawDatabase, from: string, until: string): Promise<void> {
  for (const file of files.filter((name) => name >= from && name < until)) {
    for (const statement of readFileSync(`${folder}/${file}`, 'utf8').split('--> statement-breakpoint'))
      if (statement.trim()) await db.exec(statement);
  }
}

const COMPANY = 'a0000000-0000-4000-8000-000000000001';
const OTHER_COMPANY = 'a0000000-0000-4000-8000-000000000002';
const OFFICE = 'b0000000-0000-4000-8000-000000000001';
const OTHER_OFFICE = 'b0000000-0000-4000-8000-000000000002';
const ORDER = 'c0000000-0000-4000-8000-000000000001';
const OTHER_ORDER = 'c0000000-0000-4000-8000-000000000002';

/** Two companies, each with an office (Columbus's zone, and Honolulu's) and one order. */
async function seedCompanies(db: RawDatabase): Promise<void> {
  await db.exec(`
    INSERT INTO companies (id, key, name) VALUES
      ('${COMPANY}', 'carried', 'Carried Inspections'), ('${OTHER_COMPANY}', 'island', 'Island Inspections');
    INSERT INTO offices (id, company_id, name, phone, email, state, time_zone, scheduling) VALUES
      ('${OFFICE}', '${COMPANY}', 'Columbus', '', '', 'OH', 'America/New_York', '{}'),
      ('${OTHER_OFFICE}', '${OTHER_COMPANY}', 'Honolulu', '', '', 'HI', 'Pacific/Honolulu', '{}');
    INSERT INTO orders (id, company_id, office_id) VALUES
      ('${ORDER}', '${COMPANY}', '${OFFICE}'), ('${OTHER_ORDER}', '${OTHER_COMPANY}', '${OTHER_OFFICE}');
  `);
}

function paidEvent(company: string, order: string, data: Record<string, unknown>, at: string): string {
  return `('${company}', '${order}', 'paid', '${JSON.stringify(data)}'::jsonb, '${at}')`;
}

const databases = [
  { name: 'PGlite', open: pgliteDatabase, skip: false, reason: '' },
  {
    name: 'PostgreSQL',
    open: postgresDatabase,
    skip: !serverUrl,
    reason: serverUrl ? '' : ` (${POSTGRES_SKIP_REASON})`,
  },
];

describe.each(databases)('migrations that carry rows over, on $name', ({ open, skip, reason }) => {
  it.skipIf(skip)(
    `0025 makes one online payment of the ledger from each well-formed "paid" event, received on the office's date${reason}`,
    async () => {
      const db = await open();
      try {
        await migrate(db, '0000', '0025');
        await seedCompanies(db);
        await db.exec(`
          INSERT INTO order_events (company_id, order_id, type, data, created_at) VALUES
            -- 03:30 UTC on 2 March is still 1 March in Columbus (EST, UTC-5).
            ${paidEvent(COMPANY, ORDER, { amount_cents: '40000', currency: 'usd', session_id: 'cs_first' }, '2026-03-02T03:30:00Z')},
            -- The same Checkout Session told twice (a webhook delivered again): one entry.
            ${paidEvent(COMPANY, ORDER, { amount_cents: '40000', currency: 'usd', session_id: 'cs_first' }, '2026-03-02T03:31:00Z')},
            -- At the bounds: 1 cent and 100000000 are carried; 0, one past the most, a non-number and no currency are not.
            ${paidEvent(COMPANY, ORDER, { amount_cents: '1', currency: 'usd', session_id: 'cs_least' }, '2026-03-03T15:00:00Z')},
            ${paidEvent(COMPANY, ORDER, { amount_cents: '100000000', currency: 'usd', session_id: 'cs_most' }, '2026-03-03T15:00:00Z')},
            ${paidEvent(COMPANY, ORDER, { amount_cents: '0', currency: 'usd', session_id: 'cs_zero' }, '2026-03-03T15:00:00Z')},
            ${paidEvent(COMPANY, ORDER, { amount_cents: '100000001', currency: 'usd', session_id: 'cs_over' }, '2026-03-03T15:00:00Z')},
            ${paidEvent(COMPANY, ORDER, { amount_cents: '12.50', currency: 'usd', session_id: 'cs_text' }, '2026-03-03T15:00:00Z')},
            ${paidEvent(COMPANY, ORDER, { amount_cents: '5000', session_id: 'cs_no_currency' }, '2026-03-03T15:00:00Z')},
            -- Another company's payment, with the same session id: its own entry, on its own office's date (HST, UTC-10).
            ${paidEvent(OTHER_COMPANY, OTHER_ORDER, { amount_cents: '25000', currency: 'usd', session_id: 'cs_first' }, '2026-03-02T08:00:00Z')};
          INSERT INTO order_events (company_id, order_id, type, data, created_at) VALUES
            ('${COMPANY}', '${ORDER}', 'confirmed', '{"amount_cents": "999"}'::jsonb, '2026-03-01T12:00:00Z');
        `);
        await migrate(db, '0025', '0026');
        const rows = await db.rows<Record<string, unknown>>(`
          SELECT company_id, order_id, kind, method, amount_cents, currency, received_on::text AS received_on,
                 checkout_session_id, recorded_at, reference, voided_at
          FROM order_ledger ORDER BY company_id, amount_cents`);
        const entry = (company: string, order: string, cents: number, session: string, on: string, at: string) => ({
          company_id: company,
          order_id: order,
          kind: 'payment',
          method: 'online',
          amount_cents: cents,
          currency: 'USD',
          received_on: on,
          checkout_session_id: session,
          recorded_at: new Date(at),
          reference: null,
          voided_at: null,
        });
        expect(rows).toEqual([
          entry(COMPANY, ORDER, 1, 'cs_least', '2026-03-03', '2026-03-03T15:00:00Z'),
          entry(COMPANY, ORDER, 40_000, 'cs_first', '2026-03-01', '2026-03-02T03:30:00Z'),
          entry(COMPANY, ORDER, 100_000_000, 'cs_most', '2026-03-03', '2026-03-03T15:00:00Z'),
          entry(OTHER_COMPANY, OTHER_ORDER, 25_000, 'cs_first', '2026-03-01', '2026-03-02T08:00:00Z'),
        ]);
      } finally {
        await db.close();
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    `0033 counts the moves made through a manage link of each order, not the office's (decision 0077)${reason}`,
    async () => {
      const db = await open();
      try {
        await migrate(db, '0000', '0033');
        await seedCompanies(db);
        const moved = (company: string, order: string, by: Record<string, unknown>) =>
          `('${company}', '${order}', 'rescheduled', '${JSON.stringify({ by })}'::jsonb)`;
        await db.exec(`
          UPDATE orders SET reschedule_count = 4 WHERE id = '${ORDER}';
          UPDATE orders SET reschedule_count = 1 WHERE id = '${OTHER_ORDER}';
          INSERT INTO order_events (company_id, order_id, type, data) VALUES
            ${moved(COMPANY, ORDER, { kind: 'visitor', role: 'client', link_id: 'l1' })},
            ${moved(COMPANY, ORDER, { kind: 'visitor', role: 'agent', link_id: 'l2' })},
            ${moved(COMPANY, ORDER, { kind: 'office', override: false })},
            ${moved(COMPANY, ORDER, { kind: 'office', override: true, user_id: 'u1', name: 'Pat' })},
            ${moved(OTHER_COMPANY, OTHER_ORDER, { kind: 'office', override: false })},
            ('${COMPANY}', '${ORDER}', 'cancelled', '{"by": {"kind": "visitor", "role": "client"}}'::jsonb);
        `);
        await migrate(db, '0033', '0034');
        expect(await db.rows(`SELECT id, reschedule_count, online_reschedule_count FROM orders ORDER BY id`)).toEqual([
          { id: ORDER, reschedule_count: 4, online_reschedule_count: 2 },
          { id: OTHER_ORDER, reschedule_count: 1, online_reschedule_count: 0 },
        ]);
      } finally {
        await db.close();
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    `0053 gives each appointment and hold its own order's place, of its own company (decision 0108)${reason}`,
    async () => {
      const db = await open();
      try {
        await migrate(db, '0000', '0053');
        await seedCompanies(db);
        const inspector = (company: string, office: string) =>
          `('${company}', 7, '${office}', 'Ann', 'Lee', 'Ann Lee', 3, 40, -83, 50, '[]'::jsonb)`;
        const during = `tstzrange('2026-03-02T15:00:00Z', '2026-03-02T17:00:00Z')`;
        await db.exec(`
          UPDATE orders SET postal_code = '45202', latitude = 39.1, longitude = -84.5 WHERE id = '${ORDER}';
          INSERT INTO inspectors (company_id, id, office_id, first, last, display, max_inspections_per_day,
            home_latitude, home_longitude, max_drive_miles, weekly_hours)
          VALUES ${inspector(COMPANY, OFFICE)}, ${inspector(OTHER_COMPANY, OTHER_OFFICE)};
          INSERT INTO appointments (company_id, office_id, order_id, inspector_id, kind, during) VALUES
            ('${COMPANY}', '${OFFICE}', '${ORDER}', 7, 'appointment', ${during}),
            ('${OTHER_COMPANY}', '${OTHER_OFFICE}', '${OTHER_ORDER}', 7, 'appointment', ${during});
        `);
        await migrate(db, '0053', '0054');
        expect(
          await db.rows(`SELECT order_id, postal_code, latitude, longitude FROM appointments ORDER BY order_id`),
        ).toEqual([
          { order_id: ORDER, postal_code: '45202', latitude: 39.1, longitude: -84.5 },
          { order_id: OTHER_ORDER, postal_code: '', latitude: null, longitude: null },
        ]);
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
