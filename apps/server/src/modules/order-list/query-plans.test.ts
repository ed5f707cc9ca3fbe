/**
 * The office's windowed reads keep to their window on a database big enough for the planner to
 * care (issue 48): no listed query's plan may read the whole of `orders`, `order_parties`, `jobs`
 * or `funnel_events` with a sequential scan. Each query is the repository's own, recorded as it
 * runs and then EXPLAINed with its parameters, so a query rewritten without its index fails here.
 * PostgreSQL only: its planner with real statistics is what production runs; PGlite is the same
 * planner over a database too slow to fill to this size in a test.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/connection.ts';
import * as schema from '../../db/schema.ts';
import { createScratchDatabase, POSTGRES_TEMPLATE_ENV } from '../../db/test-databases.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { demoDocument, demoDocumentWith } from '../../test-support/test-app.ts';
import { listConfirmedOrders, type OrdersFilter } from './admin-orders.repository.ts';
import { loadOrderMessageJobs } from './console-orders.repository.ts';
import { reachedByDay, sessionsByDay } from '../analytics/analytics.repository.ts';
import { orderReference } from '@scheduler/domain/order-reference';
import { reportByAgent, reportByInspector, reportByMonth, reportByService } from '../reports/reports.repository.ts';
import { loadCommitments } from '../scheduling/scheduling.repository.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Orders per company: the planner prefers an index once a window is a small part of the table. */
const ORDERS_PER_COMPANY = 15_000;
/** The tables a read must not walk beyond its window. */
const LARGE_TABLES = new Set([
  'orders',
  'order_parties',
  'jobs',
  'order_messages',
  'funnel_events',
  'order_agreements',
]);
/** The orders' appointments run over two years from here, one every ~70 minutes. */
const FIRST_APPOINTMENT = '2025-01-01T13:00:00Z';
const NEIGHBOUR_OFFICE = 'c0000000-0000-4000-8000-0000000000ef';

interface Recorded {
  sql: string;
  params: unknown[];
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The rows a plan's scans of the large tables read (kept, and read then filtered out), by table. */
function rowsRead(node: PlanNode, into: Record<string, number> = {}): Record<string, number> {
  const table = node['Relation Name'];
  if (table && LARGE_TABLES.has(table)) {
    const loops = node['Actual Loops'];
    const read =
      (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops;
    into[table] = (into[table] ?? 0) + read;
  }
  for (const child of node.Plans ?? []) rowsRead(child, into);
  return into;
}

/**
 * A company's confirmed orders made set-based, shaped as a confirm leaves them: two people each,
 * three message jobs naming the order, and the visit's funnel events.
 */
async function fillCompany(pool: pg.Pool, companyId: string, officeId: string, surname: string): Promise<void> {
  await pool.query(
    `insert into orders (company_id, office_id, status, confirmed_at, datetime, duration_minutes, inspectors,
       address1, city, postal_code, created_at)
     select $1, $2, case when n % 10 = 0 then 'cancelled' else 'confirmed' end,
       $4::timestamptz + (n * interval '70 minutes') - interval '3 days',
       $4::timestamptz + (n * interval '70 minutes'), 120,
       jsonb_build_array(jsonb_build_object('id', 101 + n % 5, 'requested', false)),
       n || ' Maple Street', 'Columbus', lpad((43000 + n % 900)::text, 5, '0'),
       $4::timestamptz + (n * interval '70 minutes') - interval '5 days'
     from generate_series(1, $3::int) n`,
    [companyId, officeId, ORDERS_PER_COMPANY, FIRST_APPOINTMENT],
  );
  // The confirmed orders' appointments, each with the inspector the order names (its five take turns).
  await pool.query(
    `insert into appointments (company_id, office_id, order_id, inspector_id, kind, during)
     select company_id, office_id, id, (inspectors -> 0 ->> 'id')::int, 'appointment',
       tstzrange(datetime, datetime + interval '120 minutes')
     from orders where company_id = $1 and status = 'confirmed'`,
    [companyId],
  );
  await pool.query(
    `insert into order_parties (company_id, order_id, role, position, person)
     select o.company_id, o.id, r.role, 0,
       jsonb_build_object('first', 'Client' || (row_number() over ()), 'last',
         case when r.role = 'client' and o.address1 = '7777 Maple Street' then $2 else 'Person' || (row_number() over () % 5000) end,
         'email', 'person' || (row_number() over ()) || '@example.com',
         'mobile_phone', '(614) ' || lpad((row_number() over () % 1000)::text, 3, '0') || '-' || lpad((row_number() over ())::text, 4, '0'))
     from orders o cross join (values ('client'), ('buyers_agent')) r(role)
     where o.company_id = $1`,
    [companyId, surname],
  );
  await pool.query(
    `insert into jobs (company_id, order_id, kind, dedupe_key, payload, run_at, done_at)
     select o.company_id, o.id, k.kind, k.kind || ':' || o.id, jsonb_build_object('order_id', o.id, 'audience', 'client'),
       o.confirmed_at, case when k.kind <> 'sms' then o.confirmed_at end
     from orders o cross join (values ('confirmation_email'), ('reminder_email'), ('sms')) k(kind)
     where o.company_id = $1`,
    [companyId],
  );
  // The finished ones are the order's kept messages too, as the worker writes them (decision 0074).
  await pool.query(
    `insert into order_messages (job_id, company_id, order_id, kind, dedupe_key, payload, state, attempts, run_at, done_at)
     select id, company_id, order_id, kind, dedupe_key, payload, 'sent', 1, run_at, done_at
     from jobs where company_id = $1 and done_at is not null`,
    [companyId],
  );
  await pool.query(
    `insert into funnel_events (company_id, office_id, order_id, name, step, created_at)
     select o.company_id, o.office_id, o.id, e.name, e.step, o.created_at
     from orders o cross join (values ('step_viewed', 'datetime'), ('step_viewed', 'review'), ('confirmed', null)) e(name, step)
     where o.company_id = $1`,
    [companyId],
  );
  // An agreement for every order, a third of them still waiting for a signature (issue 43).
  const { rows: templates } = await pool.query<{ id: string }>(
    `insert into agreement_templates (company_id, applies_to, current_version) values ($1, '{"all": true, "service_ids": [], "package_ids": []}', 1) returning id`,
    [companyId],
  );
  await pool.query(
    `insert into order_agreements (company_id, order_id, template_id, template_version, title, body_html,
       document_sha256, signers_required, status)
     select o.company_id, o.id, $2, 1, 'Agreement', '<p>Agreement</p>', repeat('a', 64), 'all',
       case when row_number() over () % 3 = 0 then 'pending' else 'signed' end
     from orders o where o.company_id = $1`,
    [companyId, templates[0]!.id],
  );
}

describe.skipIf(!serverUrl)('the office’s windowed reads on a large database (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let recording: Database;
  let recorded: Recorded[] = [];
  let companyId: string;
  let officeId: string;
  let oneOrderId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'scheduler_plans', process.env[POSTGRES_TEMPLATE_ENV]);
    handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    await importCompanyDocument(handle.db, demoDocument());
    await importCompanyDocument(
      handle.db,
      demoDocumentWith({}, (document) => {
        document.key = 'neighbour';
        document.offices[0].uuid = NEIGHBOUR_OFFICE;
        for (const inspector of document.inspectors) inspector.office = NEIGHBOUR_OFFICE;
      }),
    );
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const { rows: offices } = await pool.query<{ company_id: string; id: string; key: string }>(
      `select o.company_id, o.id, c.key from offices o join companies c on c.id = o.company_id order by o.position`,
    );
    for (const key of ['demo', 'neighbour']) {
      const office = offices.find((row) => row.key === key)!;
      await fillCompany(pool, office.company_id, office.id, key === 'demo' ? 'Zabriskie' : 'Neighbour');
    }
    const demoOffice = offices.find((row) => row.key === 'demo')!;
    companyId = demoOffice.company_id;
    officeId = demoOffice.id;
    oneOrderId = (await pool.query<{ id: string }>(`select id from orders where company_id = $1 limit 1`, [companyId]))
      .rows[0]!.id;
    await pool.query('analyze');
    recording = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => recorded.push({ sql, params }) },
    }) as unknown as Database;
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await handle?.close();
    await scratch?.drop();
  });

  /**
   * The rows of the large tables that every statement `read` runs reads, in all (EXPLAIN ANALYZE:
   * what the plan did, not what it guessed). A read bounded by its window reads about the
   * window's rows; one that walks the company's history reads ORDERS_PER_COMPANY or more.
   */
  async function rowsReadBy(read: (db: Database) => Promise<unknown>): Promise<number> {
    recorded = [];
    await read(recording);
    expect(recorded.length).toBeGreaterThan(0);
    let total = 0;
    for (const statement of recorded) {
      const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) ${statement.sql}`,
        statement.params,
      );
      for (const count of Object.values(rowsRead(rows[0]!['QUERY PLAN'][0]!.Plan))) total += count;
    }
    return total;
  }

  it('holds enough rows that a whole-table scan is what a missing index would cost', async () => {
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int n from orders`);
    expect(rows[0]!.n).toBe(2 * ORDERS_PER_COMPANY);
  });

  // A week is ~144 orders (one every 70 minutes), read once for the page and once for the count,
  // within a day either side of the office-local dates: a few hundred rows, against 15,000.
  it("lists a week of orders, and one inspector's week, through the (company, datetime) index", async () => {
    const week = { from: '2025-06-02', to: '2025-06-08' };
    const list = (filter: OrdersFilter) =>
      rowsReadBy((db) => listConfirmedOrders(db, companyId, filter, { offset: 0, limit: 50 }));
    expect(await list({ ...week, status: 'booked' })).toBeLessThan(600);
    expect(await list({ ...week, status: 'all', inspectorId: 102 })).toBeLessThan(600);
    // The unsigned agreements' filter probes each windowed order's own agreements (issue 43).
    expect(await list({ ...week, status: 'all', agreementUnsigned: true })).toBeLessThan(1_200);
  });

  it("finds a client by name, and a house number, through the search texts' trigram indexes", async () => {
    const search = (text: string) =>
      rowsReadBy((db) => listConfirmedOrders(db, companyId, { status: 'all', text }, { offset: 0, limit: 50 }));
    expect(await search('Zabriskie')).toBeLessThan(20);
    expect(await search('7777')).toBeLessThan(400);
    // A phone typed with dashes, through the digits' trigram index (issue 41): one person's number.
    expect(await search('614-123-1123')).toBeLessThan(50);
    const byPhone = await listConfirmedOrders(
      handle.db,
      companyId,
      { status: 'all', text: '614.123.1123' },
      { offset: 0, limit: 50 },
    );
    expect(byPhone.total).toBe(1);
    // The order number of the e-mails: a range of the primary key beside the trigram search (issue 41).
    expect(await search(orderReference(oneOrderId))).toBeLessThan(50);
    const found = await listConfirmedOrders(
      handle.db,
      companyId,
      { status: 'all', text: orderReference(oneOrderId) },
      { offset: 0, limit: 50 },
    );
    expect(found.rows.map((row) => row.order.id)).toEqual([oneOrderId]);
  });

  it('finds the search’s order and only it, whatever the neighbour holds, accents or not', async () => {
    for (const text of ['zabriskie', 'Zábriskie']) {
      const found = await listConfirmedOrders(handle.db, companyId, { status: 'all', text }, { offset: 0, limit: 50 });
      expect(found.rows.map((row) => row.order.address1)).toEqual(['7777 Maple Street']);
      expect(found.total).toBe(1);
    }
  });

  // Page 101 of 100 (decision 0071): OFFSET reads the 10,000 orders before it, a cursor the page's
  // 101 (and the cancelled orders among them, a tenth), through the (company, datetime, id) index.
  it('pages deep in the history by cursor, reading about the page, where OFFSET reads every order before it', async () => {
    const { rows } = await pool.query<{ datetime: Date; id: string }>(
      `select datetime, id from orders where company_id = $1 and status = 'confirmed' order by datetime, id offset 9999 limit 1`,
      [companyId],
    );
    const cursor = { direction: 'after' as const, at: rows[0]!.datetime.toISOString(), id: rows[0]!.id };
    const booked = { status: 'booked' as const };
    const byCursor = (direction: 'after' | 'before') =>
      rowsReadBy((db) =>
        listConfirmedOrders(db, companyId, booked, { cursor: { ...cursor, direction }, limit: 100 }, { count: false }),
      );
    expect(await byCursor('after')).toBeLessThan(250);
    expect(await byCursor('before')).toBeLessThan(250);
    expect(
      await rowsReadBy((db) =>
        listConfirmedOrders(db, companyId, booked, { offset: 10_000, limit: 100 }, { count: false }),
      ),
    ).toBeGreaterThan(10_000);
  });

  it("reads one order's messages through the jobs' and the kept messages' order indexes", async () => {
    expect(await rowsReadBy((db) => loadOrderMessageJobs(db, companyId, oneOrderId))).toBeLessThan(10);
  });

  // 90 days are ~1,850 visits of the office, each with three funnel events. The visits read each
  // order once and, through the events' (order, name, step) index, one event for "a step was
  // shown" and one for "the review was shown" of a confirmed order: ~5,550 (issue 42).
  it('counts 90 days of the funnel through the (company, office, created) index', async () => {
    const span = { from: '2025-03-01', to: '2025-05-29' };
    expect(await rowsReadBy((db) => sessionsByDay(db, companyId, [officeId], span))).toBeLessThan(6_500);
    expect(await rowsReadBy((db) => reachedByDay(db, companyId, [officeId], span))).toBeLessThan(8_000);
  });

  // Three months are ~1,890 orders of the company's 15,000 (one every 70 minutes), read through the
  // (company, datetime) index a day wider either side; the agents' table reads two people of each.
  it("reports three months through the (company, datetime) index, not the company's history", async () => {
    const span = { from: '2025-03-01', to: '2025-05-31' };
    for (const read of [reportByMonth, reportByInspector, reportByService])
      expect(await rowsReadBy((db) => read(db, companyId, span))).toBeLessThan(2_100);
    expect(await rowsReadBy((db) => reportByAgent(db, companyId, span))).toBeLessThan(6_000);
  });

  // The commitments snapshot's window (the booking horizon, here 100 days) holds ~1,850 of the
  // company's 13,500 appointments: each one's order is found by its key, not by matching them
  // against every order the company ever had (a hash join read all 15,000).
  it("loads a horizon of an office's commitments by the appointments' window, not the company's orders", async () => {
    const from = Date.parse('2025-06-01T00:00:00Z');
    const to = from + 100 * 86_400_000;
    const inspectors = [101, 102, 103, 104, 105];
    const commitments = await loadCommitments(recording, companyId, inspectors, from, to);
    expect(commitments.length).toBeGreaterThan(1_800);
    expect(commitments.every((c) => c.end > from && c.start < to && c.postalCode !== '')).toBe(true);
    expect(await rowsReadBy((db) => loadCommitments(db, companyId, inspectors, from, to))).toBeLessThan(4_000);
  });
});
