/**
 * Builds a scale database (sizes.ts) unless one built by this generator version is there:
 * the demo company as `npm start` seeds it, the other companies through the product's own import,
 * then the template bookings through the running server and the generated orders copied from them.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../../apps/server/src/db/connection.ts';
import * as t from '../../apps/server/src/db/schema.ts';
import { importCompanyDocument } from '../../apps/server/src/modules/company-document/companies.service.ts';
import { DEMO_OFFICE_UUID, ensureDemoCompany } from '../../apps/server/src/modules/company-document/demo-company.ts';
import { startBenchServer } from '../bench-server.ts';
import { orderCloner, secondsPerTable, TEMPLATE_PEOPLE, type Templates } from './clone-orders.ts';
import { officeUuidOf, scaleCompanyDocument } from './company-documents.ts';
import { createEmptyDatabase, openForBuilding, readMarker, urlOf, writeMarker, type BuildMarker } from './databases.ts';
import { StatusTally } from './http.ts';
import { planOrders } from './order-plan.ts';
import { BENCH_ADMIN_TOKEN, BENCH_SERVER_CONFIG } from './server-config.ts';
import { BIG_COMPANY_KEY, DEMO_KEY, GENERATOR_VERSION, type ScaleSize } from './sizes.ts';
import { bookThroughVisitorApi, FUNNEL_OF_A_BOOKING } from './visitor-booking.ts';

const processStart = performance.now();
/** A line of the build's progress, with the seconds since the process started: a long build (L) says where its time goes. */
const log = (line: string) =>
  process.stdout.write(`  [${((performance.now() - processStart) / 1000).toFixed(0).padStart(5)} s] ${line}\n`);

/** The companies of a size beside the demo: key, name, number (for its office uuid) and inspectors. */
function companiesOf(size: ScaleSize) {
  const companies: Array<{ key: string; name: string; number: number; inspectors: number }> = [];
  if (size.big)
    companies.push({ key: BIG_COMPANY_KEY, name: 'Big Inspections', number: 1, inspectors: size.big.inspectors });
  for (let n = 0; n < size.small.count; n++)
    companies.push({
      key: `small-${n + 1}`,
      name: `Small Inspections ${n + 1}`,
      number: n + 2,
      inspectors: size.small.inspectors,
    });
  return companies;
}

/**
 * A confirmed template order in a company (the big one unless told), and a second one the office
 * cancelled: booked through the visitor's and the admin's API, so that their rows are the product's.
 */
export async function bookTemplates(
  database: DatabaseHandle,
  companyKey = BIG_COMPANY_KEY,
  office = officeUuidOf(1),
): Promise<Templates> {
  const { app, base } = await startBenchServer(database, BENCH_SERVER_CONFIG);
  try {
    const tally = new StatusTally();
    const book = (pick: number) =>
      bookThroughVisitorApi({
        base,
        db: database.db,
        tally,
        read: 'template',
        companyKey,
        office,
        people: TEMPLATE_PEOPLE,
        pick: (slots) => slots[pick],
      });
    const confirmed = await book(0);
    const cancelled = await book(1);
    for (const booking of [confirmed, cancelled])
      if (booking.outcome !== 'ok') throw new Error(`the template booking failed: ${booking.outcome}`);
    const cancel = await fetch(`${base}/api/admin/companies/${companyKey}/orders/${cancelled.orderId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'The client found another house', override: true }),
    });
    if (cancel.status !== 200)
      throw new Error(`cancelling the template answered ${cancel.status}: ${await cancel.text()}`);
    return { confirmed: confirmed.orderId, cancelled: cancelled.orderId };
  } finally {
    await app.close();
  }
}

async function generateOrders(database: DatabaseHandle, size: ScaleSize, now: number): Promise<number> {
  const templates = await bookTemplates(database);
  log('template bookings made');
  const [template] = await database.db
    .select({ duration: t.orders.durationMinutes })
    .from(t.orders)
    .where(eq(t.orders.id, templates.confirmed));
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  let written = 0;
  try {
    const cloner = await orderCloner(client, templates);
    const companies = [
      { key: DEMO_KEY, office: DEMO_OFFICE_UUID, confirmed: size.small.confirmedOrders, seed: 0 },
      ...companiesOf(size).map((c) => ({
        key: c.key,
        office: officeUuidOf(c.number),
        confirmed: c.key === BIG_COMPANY_KEY ? size.big!.confirmedOrders : size.small.confirmedOrders,
        seed: c.number,
      })),
    ];
    for (const [i, company] of companies.entries()) {
      const [row] = await database.db
        .select({ id: t.companies.id })
        .from(t.companies)
        .where(eq(t.companies.key, company.key));
      const inspectors = await database.db
        .select({ id: t.inspectors.id })
        .from(t.inspectors)
        .where(eq(t.inspectors.companyId, row!.id));
      const busy = (await database.db.execute(
        sql`select inspector_id, lower(during) as start, upper(during) as end from appointments where company_id = ${row!.id}`,
      )) as unknown as { rows: Array<{ inspector_id: number; start: Date; end: Date }> };
      const planning = performance.now();
      const orders = planOrders({
        seed: 1_000 + company.seed,
        companyKey: company.key,
        confirmed: company.confirmed,
        inspectorIds: inspectors.map((inspector) => inspector.id),
        durationMinutes: template!.duration,
        timeZone: 'America/New_York',
        funnelEventCount: FUNNEL_OF_A_BOOKING.length + 1,
        busy: busy.rows.map((b) => ({
          inspectorId: b.inspector_id,
          start: new Date(b.start).getTime(),
          end: new Date(b.end).getTime(),
        })),
        now,
      });
      secondsPerTable.set(
        '(planning)',
        (secondsPerTable.get('(planning)') ?? 0) + (performance.now() - planning) / 1000,
      );
      await cloner.write({ companyId: row!.id, officeId: company.office }, orders);
      written += orders.length;
      if (i % 25 === 0 || company.key === BIG_COMPANY_KEY)
        log(`orders of ${company.key} written (${i + 1} of ${companies.length} companies, ${written} orders so far)`);
    }
    log(`seconds per table: ${[...secondsPerTable].map(([table, s]) => `${table} ${s.toFixed(1)}`).join(', ')}`);
    log('vacuum analyze (as autovacuum would have by now)');
    await client.query('set session_replication_role = origin');
    await client.query('vacuum analyze');
    log('vacuum analyze done');
  } finally {
    await client.end();
  }
  return written;
}

/** The size's database, built when missing, of another generator version, or when `rebuild` says so. */
export async function ensureScaleDatabase(size: ScaleSize, rebuild: boolean): Promise<BuildMarker> {
  const existing = await readMarker(size.database);
  if (existing && existing.version === GENERATOR_VERSION && existing.size === size.name && !rebuild) {
    log(`${size.database}: reused (built ${existing.builtAt} in ${existing.buildSeconds.toFixed(0)} s)`);
    return existing;
  }
  log(`${size.database}: building on ${urlOf(size.database)}`);
  const started = performance.now();
  await createEmptyDatabase(size.database);
  const database = await openForBuilding(size.database);
  try {
    // The demo company, as `npm start` seeds it.
    await ensureDemoCompany(database.db);
    const companies = companiesOf(size);
    for (const [i, company] of companies.entries()) {
      await importCompanyDocument(
        database.db,
        scaleCompanyDocument(company.key, company.name, company.number, company.inspectors),
      );
      if ((i + 1) % 100 === 0) log(`${i + 1} of ${companies.length} companies imported`);
    }
    log(`${companies.length + 1} companies imported in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const orders = size.big ? await generateOrders(database, size, Date.now()) : 0;
    const marker: BuildMarker = {
      version: GENERATOR_VERSION,
      size: size.name,
      builtAt: new Date().toISOString(),
      buildSeconds: (performance.now() - started) / 1000,
      facts: { companies: companies.length + 1, generatedOrders: orders },
    };
    await writeMarker(database, marker);
    log(`${size.database}: built in ${marker.buildSeconds.toFixed(0)} s (${orders} generated orders)`);
    return marker;
  } finally {
    await database.close();
  }
}
