/**
 * npm run bench -- availability
 * The availability engine in-process (median and p99 ms per request) at 5, 20, 50 and 100
 * inspectors, and the whole /availability call over HTTP (autocannon, 10 connections) for 50
 * inspectors against the embedded database.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { findSlots, seededRandom } from '@scheduler/domain/availability/engine';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { buildApp } from '../apps/server/src/app.ts';
import { configSchema } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { testDatabaseFactories } from '../apps/server/src/db/test-databases.ts';
import * as t from '../apps/server/src/db/schema.ts';
import { rangeOf } from '../apps/server/src/modules/scheduling/scheduling.repository.ts';
import { importCompanyDocument } from '../apps/server/src/modules/companies/companies.service.ts';
import { BENCH_OFFICE, DURATION_MINUTES, generateAppointments, generateDocument, WINDOW_DAYS } from './availability-workload.ts';
import { summarise } from './stats.ts';

const ENGINE_RUNS = 200;
const HTTP_SECONDS = 10;

function firstDate(): string {
  return addDays(new Date().toISOString().slice(0, 10), 1);
}

function benchEngine(inspectorCount: number): { median: number; p99: number; slots: number } {
  const doc = companyDocumentSchema.parse(generateDocument(inspectorCount));
  const from = firstDate();
  const busy = generateAppointments(inspectorCount, from);
  const run = () =>
    findSlots({
      office: doc.offices[0]!,
      inspectors: doc.inspectors,
      busy,
      request: { from, to: addDays(from, WINDOW_DAYS - 1), durationMinutes: DURATION_MINUTES, postalCode: null, location: null, requestedInspectorIds: [], serviceIds: doc.services.map((s) => s.uuid), limit: 0 },
      rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: true },
      now: Date.now(),
      random: seededRandom(1),
    });
  for (let i = 0; i < 20; i++) run(); // warm up the JIT
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < ENGINE_RUNS; i++) {
    const started = performance.now();
    slots = run().length;
    times.push(performance.now() - started);
  }
  const { median, p99 } = summarise(times);
  return { median, p99, slots };
}

async function benchHttp(inspectorCount: number, database: DatabaseHandle) {
  await importCompanyDocument(database.db, generateDocument(inspectorCount));
  const [company] = await database.db.select().from(t.companies);
  const [order] = await database.db.insert(t.orders).values({ companyId: company!.id, officeId: BENCH_OFFICE }).returning();
  const busy = generateAppointments(inspectorCount, firstDate());
  for (let i = 0; i < busy.length; i += 500) {
    await database.db.insert(t.appointments).values(
      busy.slice(i, i + 500).map((b) => ({ companyId: company!.id, officeId: BENCH_OFFICE, orderId: order!.id, inspectorId: b.inspectorId, kind: 'appointment' as const, during: rangeOf(b.start, b.end) })),
    );
  }
  const app = await buildApp({
    db: database.db,
    config: configSchema.parse({ LOG_LEVEL: 'silent', SEARCH_RATE_LIMIT: '1000000000', SESSION_RATE_LIMIT: '1000' }),
    adminToken: 'bench-admin-token-0123456789',
    pingDatabase: database.ping,
    webDistDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const redirect = await fetch(`${base}/bench/online-scheduler/${BENCH_OFFICE}`, { redirect: 'manual' });
  const token = new URL(redirect.headers.get('location')!, base).searchParams.get('t')!;
  const from = firstDate();
  const url = `${base}/bench/json/online_scheduler/availability?from=${from}&to=${addDays(from, WINDOW_DAYS - 1)}&duration=${DURATION_MINUTES}`;
  const check = await fetch(url, { headers: { 'x-auth-token': token } });
  const slots = ((await check.json()) as unknown[]).length;
  const result = await autocannon({ url, connections: 10, duration: HTTP_SECONDS, headers: { 'x-auth-token': token } });
  await app.close();
  await database.close();
  return { rps: result.requests.average, median: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, slots };
}

export async function benchAvailability(): Promise<boolean> {
  process.stdout.write(`\navailability: one office, ${WINDOW_DAYS}-day window, 15-minute granularity, ${DURATION_MINUTES}-minute inspections, ~60 appointments per inspector, names hidden (grouped)\n`);
  process.stdout.write('  engine, in-process:\n');
  for (const count of [5, 20, 50, 100]) {
    const { median, p99, slots } = benchEngine(count);
    process.stdout.write(`    ${String(count).padStart(3)} inspectors (${count * 60} appointments): median ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms per request (${slots} slots)\n`);
  }
  // The embedded database always; a real PostgreSQL too when TEST_DATABASE_URL names one.
  const databases: Array<[string, () => Promise<DatabaseHandle>]> = [['embedded database (PGlite)', () => openDatabase({ kind: 'pglite', dataDir: null })]];
  const postgres = testDatabaseFactories().find((f) => f.name === 'postgres');
  if (postgres) databases.push(['PostgreSQL', () => postgres.open()]);
  let ok = true;
  for (const [name, open] of databases) {
    const http = await benchHttp(50, await open());
    process.stdout.write(
      `  HTTP, 50 inspectors, ${name}, autocannon ${HTTP_SECONDS}s x 10 connections: ${http.rps.toFixed(1)} requests/s, median ${http.median} ms, p99 ${http.p99} ms, ${http.errors} errors (${http.slots} slots a response)\n`,
    );
    ok = ok && http.errors === 0;
  }
  return ok;
}
