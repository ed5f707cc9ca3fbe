/**
 * npm run bench -- confirm
 * Confirms per second over HTTP on PostgreSQL (TEST_DATABASE_URL; the embedded database when it
 * is unset), with 20 visitors at once:
 * - each booking its own time (every order holds a distinct inspector and time);
 * - all racing for the same few times after their holds lapsed (one wins each time; the others
 *   are answered 409 with alternatives).
 * Reports confirms/s, median and p99, and checks that no inspector holds two overlapping bookings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { buildApp } from '../apps/server/src/app.ts';
import { configSchema } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { testDatabaseFactories } from '../apps/server/src/db/test-databases.ts';
import * as t from '../apps/server/src/db/schema.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import { countOverlaps } from '../apps/server/src/modules/confirm/confirm.repository.ts';
import { startSession } from '../apps/server/src/modules/sessions/sessions.service.ts';
import { BENCH_OFFICE, generateDocument, SERVICES } from './availability-workload.ts';
import { summarise } from './stats.ts';

const VISITORS = 20;
const INSPECTORS = 50;
const DISTINCT_ORDERS = 2_000;
const RACING_ORDERS = 400;
/** The racing visitors' times: a few, each wanted by many. */
const RACED_TIMES = 5;
const DURATION_MINUTES = 60;
const GOAL_PER_SECOND = 250;
/**
 * BENCH_WEBHOOK_ENDPOINTS=3: the bench company has that many webhook endpoints subscribed to
 * order.confirmed (issue 46: a confirm with three endpoints costs at most 10 % more). Each confirm
 * then writes a delivery and its job per endpoint (decision 0086); nothing is sent here.
 */
const WEBHOOK_ENDPOINTS = Math.min(20, Math.max(0, Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 0) || 0));

interface Prepared {
  token: string;
  orderId: string;
}

const calendar = new ZonedCalendar('America/New_York');

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** The `count`-th weekday after `date`'s first weekday (0: that weekday itself). */
function weekdayAfter(date: string, count: number): string {
  let day = date;
  while (isWeekend(day)) day = addDays(day, 1);
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (!isWeekend(day)) left--;
  }
  return day;
}

/** The n-th distinct booking: an inspector, a weekday and one of eight hourly starts. */
function distinctTime(n: number, firstDate: string): { inspectorId: number; start: number } {
  const inspectorId = (n % INSPECTORS) + 1;
  const perInspector = Math.floor(n / INSPECTORS);
  // (The first date was skipped past a weekend only when counting from it: from a Saturday, the
  // first and second days both came out as Monday, and the bench's own holds overlapped.)
  const date = weekdayAfter(firstDate, Math.floor(perInspector / 8));
  return { inspectorId, start: calendar.toInstant(date, (9 + (perInspector % 8)) * 60)! };
}

/** Orders as the wizard leaves them before Review: cart, address, role, a client and a time (held, or lapsed). */
async function prepareOrders(
  database: DatabaseHandle,
  companyId: string,
  times: Array<{ inspectorId: number; start: number }>,
  held: boolean,
): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  const now = Date.now();
  for (const [i, time] of times.entries()) {
    const { token, orderId } = await startSession(database.db, { ttlDays: 1 }, 'bench', BENCH_OFFICE);
    const datetime = new Date(time.start);
    await database.db
      .update(t.orders)
      .set({
        serviceIds: [SERVICES[0]!],
        address1: `${100 + i} Main St`,
        city: 'Columbus',
        stateId: 1,
        postalCode: '43215',
        userType: { type: 'CLIENT_BUYER', text: 'Home Buyer', other: '' },
        datetime,
        durationMinutes: DURATION_MINUTES,
        inspectors: [{ id: time.inspectorId, requested: false }],
      })
      .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
    await database.db.insert(t.orderParties).values({
      companyId,
      orderId,
      role: 'client',
      position: 0,
      person: { first: 'Bench', last: `Client ${i}`, email: `client${i}@example.com` },
    });
    if (held) {
      await database.db.insert(t.appointments).values({
        companyId,
        officeId: BENCH_OFFICE,
        orderId,
        inspectorId: time.inspectorId,
        kind: 'hold',
        during: `[${datetime.toISOString()},${new Date(time.start + DURATION_MINUTES * 60_000).toISOString()})`,
        holdExpiresAt: new Date(now + 3_600_000),
      });
    }
    prepared.push({ token, orderId });
  }
  return prepared;
}

/**
 * CPU seconds used so far by the PostgreSQL processes of this machine (0 when it runs elsewhere):
 * with the server's own CPU time, what a confirm costs whatever else the machine is doing.
 */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks / 100;
}

/** What an answer was: its status, and for a refusal the error code it carried ("409 conflict"). */
async function answerOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string }; status?: string } | null;
  const what = body?.error?.code ?? body?.status ?? 'no body';
  return response.status === 200 ? '200' : `${response.status} ${what}`;
}

/** `VISITORS` clients confirming the orders in turn; each request's latency, and every kind of answer counted. */
async function confirmAll(
  base: string,
  orders: Prepared[],
): Promise<{ seconds: number; latencies: number[]; answers: Map<string, number> }> {
  const latencies: number[] = [];
  const answers = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (next < orders.length) {
        const order = orders[next++]!;
        const sent = performance.now();
        const response = await fetch(`${base}/bench/json/online_scheduler/confirm`, {
          method: 'POST',
          headers: {
            'x-auth-token': order.token,
            'content-type': 'application/json',
            'idempotency-key': `bench-${order.orderId}`,
          },
          body: JSON.stringify({ special_note: '' }),
        });
        const answer = await answerOf(response);
        latencies.push(performance.now() - sent);
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, answers };
}

async function benchOn(name: string, database: DatabaseHandle): Promise<boolean> {
  await importCompanyDocument(database.db, generateDocument(INSPECTORS));
  const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, 'bench'));
  if (WEBHOOK_ENDPOINTS > 0)
    await database.db.insert(t.webhookEndpoints).values(
      Array.from({ length: WEBHOOK_ENDPOINTS }, (_, n) => ({
        companyId: company!.id,
        url: `https://hooks${n}.example.com/in`,
        events: ['order.confirmed'],
        // Never decrypted: the bench runs no job.
        secretEncrypted: 'v1.bench.unused',
      })),
    );
  const firstDate = addDays(new Date().toISOString().slice(0, 10), 3);
  const distinct = await prepareOrders(
    database,
    company!.id,
    Array.from({ length: DISTINCT_ORDERS }, (_, n) => distinctTime(n, firstDate)),
    true,
  );
  // The racing visitors want a few times of inspectors the distinct bookings leave free that week.
  const racedDate = addDays(firstDate, 40);
  const raced = Array.from({ length: RACING_ORDERS }, (_, n) => ({
    inspectorId: (n % RACED_TIMES) + 1,
    start: calendar.toInstant(racedDate, 10 * 60)!,
  }));
  const racing = await prepareOrders(database, company!.id, raced, false);

  const app = await buildApp({
    db: database.db,
    config: configSchema.parse({
      LOG_LEVEL: 'silent',
      WRITE_RATE_LIMIT: '1000000',
      SEARCH_RATE_LIMIT: '1000000',
      SESSION_RATE_LIMIT: '1000',
    }),
    adminToken: 'bench-admin-token-0123456789',
    pingDatabase: database.ping,
    changes: database.changes,
    webDistDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Warm up the JIT, the caches and the pool on a few of the distinct orders (not counted).
  await confirmAll(base, distinct.splice(0, 100));

  let ok = true;
  process.stdout.write(
    `  ${name} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores when the run started):\n`,
  );
  for (const [label, orders, expectBooked] of [
    [`${VISITORS} visitors booking distinct times`, distinct, distinct.length],
    [`${VISITORS} visitors racing for ${RACED_TIMES} times after their holds lapsed`, racing, RACED_TIMES],
  ] as const) {
    const cpuBefore = { server: process.cpuUsage(), postgres: postgresCpuSeconds() };
    const run = await confirmAll(base, orders);
    const serverCpu = process.cpuUsage(cpuBefore.server);
    const cpuMs = {
      server: (serverCpu.user + serverCpu.system) / 1000 / orders.length,
      postgres: ((postgresCpuSeconds() - cpuBefore.postgres) * 1000) / orders.length,
    };
    const { median, p99 } = summarise(run.latencies);
    const booked = run.answers.get('200') ?? 0;
    const refused = run.answers.get('409 unavailable') ?? 0;
    const other = orders.length - booked - refused;
    const perSecond = orders.length / run.seconds;
    process.stdout.write(
      `    ${label}: ${perSecond.toFixed(0)} confirms/s, median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ${booked} booked, ${refused} answered 409 with alternatives, ${other} other\n`,
    );
    // Every kind of answer, so that an "other" says what it was.
    process.stdout.write(
      `      answers: ${[...run.answers].map(([answer, count]) => `${answer} × ${count}`).join(', ')}\n`,
    );
    // The benchmark's own HTTP client runs in this process too, so the server's share is an upper bound.
    process.stdout.write(
      `      CPU per confirm: ${cpuMs.server.toFixed(1)} ms in this process (server and client), ${cpuMs.postgres.toFixed(1)} ms in PostgreSQL: about ${Math.floor((1000 * cpus().length) / (cpuMs.server + cpuMs.postgres))} confirms/s on ${cpus().length} otherwise idle cores\n`,
    );
    ok = ok && booked === expectBooked && other === 0;
  }
  const overlaps = await countOverlaps(database.db, company!.id);
  const booked = await database.db.$count(
    t.appointments,
    and(eq(t.appointments.companyId, company!.id), eq(t.appointments.kind, 'appointment')),
  );
  process.stdout.write(`    afterwards: ${booked} appointments, ${overlaps} overlapping pairs\n`);
  await app.close();
  await database.close();
  return ok && overlaps === 0;
}

export async function benchConfirm(): Promise<boolean> {
  process.stdout.write(
    `\nconfirm: ${INSPECTORS} inspectors, POST /confirm over HTTP, ${VISITORS} at once, ${WEBHOOK_ENDPOINTS} webhook endpoints (goal: ${GOAL_PER_SECOND} confirms/s on PostgreSQL, no overlaps)\n`,
  );
  const postgres = testDatabaseFactories().find((f) => f.name === 'postgres');
  if (!postgres)
    process.stdout.write('  PostgreSQL: not measured (TEST_DATABASE_URL is not set); the embedded database instead\n');
  return benchOn(
    postgres ? 'PostgreSQL' : 'embedded database (PGlite)',
    postgres ? await postgres.open() : await openDatabase({ kind: 'pglite', dataDir: null }),
  );
}
