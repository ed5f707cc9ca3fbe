/**
 * npm run bench -- availability
 * The availability engine in-process (median and p99 ms per request) at 5, 20, 50 and 100
 * inspectors, and at 200 the wizard's 14 days at 8 a day (decision 0103); then the whole
 * /availability call over HTTP (autocannon, 10 connections) for 50 inspectors against the
 * embedded database. BENCH_ENGINE_ONLY=1 leaves out the HTTP part.
 */
import autocannon from 'autocannon';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { findSlots, seededRandom, TimeOffByInspector } from '@scheduler/domain/availability/engine';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { testDatabaseFactories } from '../apps/server/src/db/test-databases.ts';
import * as t from '../apps/server/src/db/schema.ts';
import { rangeOf } from '../apps/server/src/modules/scheduling/scheduling.repository.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import {
  BENCH_OFFICE,
  DURATION_MINUTES,
  generateAppointments,
  generateDocument,
  generateSyncedBusy,
  SYNCED_EVENTS_PER_INSPECTOR,
  WINDOW_DAYS,
} from './availability-workload.ts';
import { benchSession, startBenchServer } from './bench-server.ts';
import { summarise } from './stats.ts';

const ENGINE_RUNS = 200;
const HTTP_SECONDS = 10;

function firstDate(): string {
  return addDays(new Date().toISOString().slice(0, 10), 1);
}

interface EngineFigures {
  median: number;
  p99: number;
  slots: number;
}

/** What one engine request asks, beyond its office: the bench's 42 days, every slot, names hidden, unless told. */
interface EngineWorkload {
  inspectors: number;
  synced: number;
  days?: number;
  /** The most slots a day (the wizard asks 8); 0 for all. */
  limit?: number;
  groupSlots?: boolean;
}

/** One engine request over a generated office, ready to run again and again. */
function engineRequest({
  inspectors: inspectorCount,
  synced: syncedPerInspector,
  days = WINDOW_DAYS,
  limit = 0,
  groupSlots = true,
}: EngineWorkload): () => number {
  const doc = companyDocumentSchema.parse(generateDocument(inspectorCount));
  const from = firstDate();
  // The appointments and synced events the server would load for this request: those of its weeks
  // (it reads the window's whole weeks, scheduling.store.ts), not the whole horizon's.
  const windowFrom = Date.parse(`${from}T00:00:00Z`) - 7 * 86_400_000;
  const windowTo = Date.parse(`${addDays(from, days)}T00:00:00Z`) + 7 * 86_400_000;
  const busy = [
    ...generateAppointments(inspectorCount, from),
    ...generateSyncedBusy(inspectorCount, from, syncedPerInspector),
  ]
    .filter((b) => b.end > windowFrom && b.start < windowTo)
    .sort((a, b) => a.start - b.start);
  // As the server keeps them with its cached weeks (scheduling.store.ts, decision 0095): the
  // synced events merged per inspector once, and the appointments that each request filters.
  const timeOff = new TimeOffByInspector(busy);
  const appointments = busy.filter((b) => !b.timeOff);
  const run = () =>
    findSlots({
      office: doc.offices[0]!,
      inspectors: doc.inspectors,
      busy: appointments,
      timeOff,
      request: {
        from,
        to: addDays(from, days - 1),
        durationMinutes: DURATION_MINUTES,
        postalCode: null,
        location: null,
        requestedInspectorIds: [],
        serviceIds: doc.services.map((s) => s.uuid),
        limit,
      },
      rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots },
      now: Date.now(),
      random: seededRandom(1),
    }).length;
  return run;
}

/**
 * The engine's median and p99 per request for each workload. The workloads take turns, one
 * request each, so that a machine shared with other work weighs on all of them alike and their
 * ratio holds within a run even when the figures themselves move between runs.
 */
function benchEngine(workloads: readonly EngineWorkload[]): EngineFigures[] {
  const runs = workloads.map(engineRequest);
  for (let i = 0; i < 20; i++) for (const run of runs) run(); // warm up the JIT
  const times = runs.map(() => [] as number[]);
  const slots = runs.map(() => 0);
  for (let i = 0; i < ENGINE_RUNS; i++)
    runs.forEach((run, k) => {
      const started = performance.now();
      slots[k] = run();
      times[k]!.push(performance.now() - started);
    });
  return times.map((t, k) => ({ ...summarise(t), slots: slots[k]! }));
}

async function benchHttp(inspectorCount: number, database: DatabaseHandle, syncedPerInspector = 0) {
  await importCompanyDocument(database.db, generateDocument(inspectorCount));
  const [company] = await database.db.select().from(t.companies);
  const [order] = await database.db
    .insert(t.orders)
    .values({ companyId: company!.id, officeId: BENCH_OFFICE })
    .returning();
  const busy = generateAppointments(inspectorCount, firstDate());
  for (let i = 0; i < busy.length; i += 500) {
    await database.db.insert(t.appointments).values(
      busy.slice(i, i + 500).map((b) => ({
        companyId: company!.id,
        officeId: BENCH_OFFICE,
        orderId: order!.id,
        inspectorId: b.inspectorId,
        kind: 'appointment' as const,
        during: rangeOf(b.start, b.end),
      })),
    );
  }
  // Busy time synced from the inspectors' own calendars (decision 0089), one connection each.
  if (syncedPerInspector > 0) {
    const connections = await database.db
      .insert(t.calendarConnections)
      .values(
        Array.from({ length: inspectorCount }, (_, i) => ({
          companyId: company!.id,
          inspectorId: i + 1,
          provider: 'caldav' as const,
          credentialsEncrypted: 'bench',
          busyCalendarIds: ['bench'],
        })),
      )
      .returning({ id: t.calendarConnections.id, inspectorId: t.calendarConnections.inspectorId });
    const connectionOf = new Map(connections.map((c) => [c.inspectorId, c.id]));
    const synced = generateSyncedBusy(inspectorCount, firstDate(), syncedPerInspector);
    for (let i = 0; i < synced.length; i += 1_000) {
      await database.db.insert(t.calendarBusy).values(
        synced.slice(i, i + 1_000).map((b, j) => ({
          companyId: company!.id,
          inspectorId: b.inspectorId,
          connectionId: connectionOf.get(b.inspectorId)!,
          calendarId: 'bench',
          eventId: `e${i + j}`,
          during: rangeOf(b.start, b.end),
        })),
      );
    }
  }
  const { app, base } = await startBenchServer(database, {
    SEARCH_RATE_LIMIT: '1000000000',
    SESSION_RATE_LIMIT: '1000',
  });
  const token = await benchSession(base, 'bench', BENCH_OFFICE);
  const from = firstDate();
  const path = `/bench/json/online_scheduler/availability?from=${from}&to=${addDays(from, WINDOW_DAYS - 1)}`;
  const check = await fetch(`${base}${path}&duration=${DURATION_MINUTES}`, { headers: { 'x-auth-token': token } });
  const body = await check.text();
  const slots = (JSON.parse(body) as unknown[]).length;
  // The load comes from a worker thread: on the server's own thread, reading the answers would
  // take turns with writing them and count the client's work as the server's latency.
  const load = (connections: number, requests: Array<{ path: string }>, headers: Record<string, string> = {}) =>
    autocannon({
      url: base,
      connections,
      duration: HTTP_SECONDS,
      headers: { 'x-auth-token': token, ...headers },
      workers: 1,
      requests: requests.map((r) => ({ method: 'GET' as const, ...r })),
    });
  // The visitor's question repeated, as the wizard repeats it: answered from the answers cache.
  const repeated = await load(10, [{ path: `${path}&duration=${DURATION_MINUTES}` }]);
  // The same, compressed as browsers ask for it (the compressed form is cached with the answer).
  const brotli = await load(10, [{ path: `${path}&duration=${DURATION_MINUTES}` }], {
    'accept-encoding': 'gzip, deflate, br, zstd',
  });
  // 300 different questions in turn (durations of 150 to 449 minutes), one at a time: more than
  // the answers cache keeps, so every request runs the engine and serialises its answer (the
  // office's rules and commitments still come from memory). With several connections, they
  // would walk the list in step and share answers.
  const distinct = await load(
    1,
    Array.from({ length: 300 }, (_, i) => ({ path: `${path}&duration=${150 + i}` })),
  );
  await app.close();
  await database.close();
  const figures = (result: autocannon.Result) => ({
    rps: result.requests.average,
    median: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
  return {
    repeated: figures(repeated),
    brotli: figures(brotli),
    distinct: figures(distinct),
    slots,
    kilobytes: Math.round(body.length / 1024),
  };
}

export async function benchAvailability(): Promise<boolean> {
  process.stdout.write(
    `\navailability: one office, ${WINDOW_DAYS}-day window, 15-minute granularity, ${DURATION_MINUTES}-minute inspections, ~60 appointments per inspector, names hidden (grouped)\n`,
  );
  process.stdout.write('  engine, in-process:\n');
  const line = (label: string, { median, p99, slots }: EngineFigures) =>
    `    ${label}: median ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms per request (${slots} slots)`;
  for (const count of [5, 20, 50, 100]) {
    const label = `${String(count).padStart(3)} inspectors (${count * 60} appointments)`;
    if (count !== 50) {
      process.stdout.write(`${line(label, benchEngine([{ inspectors: count, synced: 0 }])[0]!)}\n`);
      continue;
    }
    // With the busy time synced from the inspectors' own calendars (decision 0089), in turns
    // with today's: issue 45 asks its median within 1.5 times today's (decision 0095).
    const [today, synced] = benchEngine([
      { inspectors: count, synced: 0 },
      { inspectors: count, synced: SYNCED_EVENTS_PER_INSPECTOR },
    ]);
    process.stdout.write(
      `${line(label, today!)}\n${line(`${label.replace(/\)$/, '')}, plus ${SYNCED_EVENTS_PER_INSPECTOR} synced calendar events each, in turns with the line above)`, synced!)}, ${(synced!.median / today!.median).toFixed(2)} times its median\n`,
    );
  }
  // A big company's booking (issue 48): 200 inspectors, the wizard's 14 days at 8 a day, names
  // shown and hidden, in turns with all of the same days' slots (decision 0103).
  const wizard = { inspectors: 200, synced: 0, days: 14 };
  for (const groupSlots of [false, true]) {
    const [eight, every] = benchEngine([
      { ...wizard, limit: 8, groupSlots },
      { ...wizard, limit: 0, groupSlots },
    ]);
    const label = `200 inspectors, 14 days, names ${groupSlots ? 'hidden' : 'shown'}`;
    process.stdout.write(
      `${line(`${label}, 8 a day`, eight!)}\n${line(`${label}, every slot (in turns with the line above)`, every!)}, ${(eight!.median / every!.median).toFixed(2)} times its median\n`,
    );
  }
  if (process.env.BENCH_ENGINE_ONLY === '1') return true;
  // The embedded database always; a real PostgreSQL too when TEST_DATABASE_URL names one.
  const databases: Array<[string, () => Promise<DatabaseHandle>]> = [
    ['embedded database (PGlite)', () => openDatabase({ kind: 'pglite', dataDir: null })],
  ];
  const postgres = testDatabaseFactories().find((f) => f.name === 'postgres');
  if (postgres) databases.push(['PostgreSQL', () => postgres.open()]);
  let ok = true;
  const cases = databases.flatMap(([name, open]) => [
    [name, open, 0] as const,
    [name, open, SYNCED_EVENTS_PER_INSPECTOR] as const,
  ]);
  for (const [name, open, synced] of cases) {
    const http = await benchHttp(50, await open(), synced);
    const extra = synced ? `, ${synced} synced calendar events each` : '';
    process.stdout.write(
      `  HTTP, 50 inspectors${extra}, ${name}, autocannon ${HTTP_SECONDS}s (${http.slots} slots, ${http.kilobytes} KB an answer):\n`,
    );
    const runs = [
      ['the same question repeated, 10 connections', http.repeated],
      ['the same, brotli-compressed as browsers ask, 10 connections', http.brotli],
      ['a different question each time, 1 connection', http.distinct],
    ] as const;
    for (const [label, run] of runs) {
      process.stdout.write(
        `    ${label}: ${run.rps.toFixed(1)} requests/s, median ${run.median} ms, p99 ${run.p99} ms, ${run.errors} errors\n`,
      );
      ok = ok && run.errors === 0;
    }
  }
  return ok;
}
