/**
 * The reads the scale benchmark times against the whole server, for one company of one database:
 * each run RUNS times after WARM_UP runs that are not counted, one request at a time.
 */
import { sql } from 'drizzle-orm';
import { encodeOrdersCursor } from '@scheduler/contracts/orders-cursor';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import type { Database } from '../../apps/server/src/db/connection.ts';
import { summarise } from '../stats.ts';
import { signedInOwner } from './console-member.ts';
import { timedRequest, type StatusTally } from './http.ts';
import { FIRST_NAMES, LAST_NAMES, STREETS } from './names.ts';
import { BENCH_ADMIN_TOKEN } from './server-config.ts';
import type { ServerUsage } from './server-process.ts';
import { bookThroughVisitorApi, startFilledOrder, type BookingPeople } from './visitor-booking.ts';

export const RUNS = 20;
const WARM_UP = 3;
const AVAILABILITY_DAYS = 42;
const CONCURRENT_CLIENTS = 10;
const CONCURRENT_SECONDS = 10;

export interface ReadFigure {
  median: number;
  p95: number;
  /** The server process's CPU (user and system) per run of the read (a request; a whole booking's several), in ms. */
  serverCpuMs: number;
}

/** What the reads need of the server beside its HTTP address: it runs in a process of its own (server-process.ts). */
export interface ServerUnderTest {
  signInLinkFor(email: string): Promise<string>;
  usage(): Promise<ServerUsage>;
}

export interface CompanyUnderTest {
  server: ServerUnderTest;
  db: Database;
  base: string;
  tally: StatusTally;
  companyKey: string;
  companyId: string;
  office: string;
  timeZone: string;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Varied people for the timed bookings, from a seeded random. */
function peopleMaker(seed: number): () => BookingPeople {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let n = 0;
  return () => {
    n++;
    const person = (role: string) => {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      return {
        first,
        last,
        email: `${first}.${last}.${role}${n}@bench.example.com`.toLowerCase(),
        phone: '614-555-0142',
      };
    };
    return {
      client: person('client'),
      agent: person('agent'),
      address: { address1: `${100 + n} ${pick(STREETS)}`, city: 'Columbus', postalCode: '43229' },
    };
  };
}

/** Times `run` WARM_UP + RUNS times; the last RUNS count. The server's CPU is per run, warm-up included. */
async function timeRuns(server: ServerUnderTest, run: (i: number) => Promise<number>): Promise<ReadFigure> {
  const cpuBefore = (await server.usage()).cpuMs;
  for (let i = 0; i < WARM_UP; i++) await run(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run(i));
  const cpuMs = (await server.usage()).cpuMs - cpuBefore;
  const { median, p95 } = summarise(samples);
  return { median, p95, serverCpuMs: cpuMs / (WARM_UP + RUNS) };
}

/** What the console's reads need: the inspector busiest in the week, a client's last name few share, and an order near today. */
async function factsOf(company: CompanyUnderTest, weekFrom: string) {
  const weekStart = new ZonedCalendar(company.timeZone).toInstant(weekFrom, 0)!;
  const [busiest] = rows<{ inspector_id: number }>(
    await company.db.execute(sql`
      select inspector_id from appointments
      where company_id = ${company.companyId} and kind = 'appointment'
        and during && tstzrange(${new Date(weekStart).toISOString()}::timestamptz, ${new Date(weekStart + 7 * 86_400_000).toISOString()}::timestamptz)
      group by inspector_id order by count(*) desc, inspector_id limit 1`),
  );
  const [name] = rows<{ last: string; n: number }>(
    await company.db.execute(sql`
      select p.person ->> 'last' as last, count(*)::int as n from order_parties p
      join orders o on o.id = p.order_id and o.company_id = p.company_id
      where p.company_id = ${company.companyId} and p.role = 'client' and o.status = 'confirmed'
      group by 1 order by abs(count(*) - 5), 1 limit 1`),
  );
  const [order] = rows<{ id: string }>(
    await company.db.execute(sql`
      select id from orders where company_id = ${company.companyId} and status = 'confirmed'
      order by abs(extract(epoch from datetime - now())), id limit 1`),
  );
  const [first] = rows<{ id: number }>(
    await company.db.execute(sql`select min(id) as id from inspectors where company_id = ${company.companyId}`),
  );
  // The 4,901st booked order: where page 50 of 100 starts.
  const [deep] = rows<{ datetime: string | Date; id: string }>(
    await company.db.execute(sql`
      select datetime, id from orders where company_id = ${company.companyId} and status = 'confirmed'
      order by datetime, id offset 4899 limit 1`),
  );
  return {
    deepCursor: deep
      ? encodeOrdersCursor({ direction: 'after', at: new Date(deep.datetime).toISOString(), id: deep.id })
      : null,
    inspectorId: busiest?.inspector_id ?? first!.id,
    lastName: name?.last ?? 'Smith',
    orderId: order?.id ?? null,
  };
}

/** The first and last day of the month before `date`'s. */
function previousMonth(date: string): { from: string; to: string } {
  const first = `${date.slice(0, 7)}-01`;
  const to = addDays(first, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

export interface ReadResults {
  figures: Map<string, ReadFigure>;
  /** Whole visits booked per second by CONCURRENT_CLIENTS clients, how many of them failed, and the server's CPU per booking. */
  concurrent: { perSecond: number; booked: number; failed: Map<string, number>; serverCpuMsPerBooking: number };
  /** What the reads answered, for the checks that the generated orders are real (check.ts). */
  answers: {
    adminOrders: string;
    adminOrdersStatus: number;
    orderPage: string;
    orderPageStatus: number;
    orderId: string | null;
    lastName: string;
    /** How many orders the search by the last name found. */
    searchTotal: number | null;
    /** How many booked orders the admin list counts. */
    bookedTotal: number | null;
  };
}

export async function timeReads(company: CompanyUnderTest): Promise<ReadResults> {
  const { base, tally, companyKey, office } = company;
  const figures = new Map<string, ReadFigure>();
  const calendar = new ZonedCalendar(company.timeZone);
  const today = calendar.localDateOf(Date.now());
  const nextPeople = peopleMaker(4_242);
  const random = seededRandom(99);

  // The visitor's reads first: their bookings give the demo company of S the orders the office's reads look at.
  let label = 'booking (session, steps, confirm)';
  figures.set(
    label,
    await timeRuns(company.server, async () => {
      const started = performance.now();
      const booking = await bookThroughVisitorApi({
        ...company,
        read: label,
        people: nextPeople(),
        pick: (slots) => slots[Math.floor(random() * slots.length)],
      });
      if (booking.outcome !== 'ok') tally.countOutcome(label, booking.outcome);
      return performance.now() - started;
    }),
  );

  label = `availability, ${AVAILABILITY_DAYS} days`;
  const visitor = await startFilledOrder({ ...company, read: label, people: nextPeople() });
  if (typeof visitor === 'string') throw new Error(`no visitor session: ${visitor}`);
  const from = addDays(today, 1);
  figures.set(
    label,
    await timeRuns(company.server, async (i) => {
      // A different question each time (its duration): the answers cache would otherwise answer all but the first.
      const answer = await timedRequest(
        tally,
        label,
        `${base}/${companyKey}/json/online_scheduler/availability?from=${from}&to=${addDays(from, AVAILABILITY_DAYS - 1)}&duration=${200 + i}`,
        { headers: { 'x-auth-token': visitor.token } },
      );
      return answer.ms;
    }),
  );

  const admin = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
  const csv = { ...admin, accept: 'text/csv' };
  const cookie = await signedInOwner((email) => company.server.signInLinkFor(email), company.db, base, companyKey);
  const member = { cookie };
  // The week ahead, as the office looks at it (S's only orders are the bookings just timed, all ahead).
  const weekFrom = today;
  const facts = await factsOf(company, weekFrom);
  const month = previousMonth(today);
  const adminApi = `${base}/api/admin/companies/${companyKey}`;
  const consoleApi = `${base}/api/console/companies/${companyKey}`;
  type Get = [name: string, url: string, headers: Record<string, string>];
  const gets: Get[] = [
    ['admin orders, first page', `${adminApi}/orders`, admin],
    [
      'console orders: one inspector, a week',
      `${consoleApi}/orders?inspector_id=${facts.inspectorId}&from=${weekFrom}&to=${addDays(weekFrom, 6)}`,
      member,
    ],
    [
      'console orders: search a last name',
      `${consoleApi}/orders?status=all&q=${encodeURIComponent(facts.lastName)}`,
      member,
    ],
    ['console order page', `${consoleApi}/orders/${facts.orderId}`, member],
    ['console schedule, a week', `${consoleApi}/schedule?from=${weekFrom}&days=7&office_uuid=${office}`, member],
    // Every order of the month, streamed (decision 0071; before it, a page of up to 500 built in memory).
    ['admin CSV, one month', `${adminApi}/orders?from=${month.from}&to=${month.to}&all=true`, csv],
    ['admin CSV, a year (all=true)', `${adminApi}/orders?from=${addDays(today, -365)}&to=${today}&all=true`, csv],
    // Deep in the list: by page number (OFFSET 4,900) and from a cursor at the same place (keyset).
    ['admin orders, page 50 (offset)', `${adminApi}/orders?page=50`, admin],
    ...(facts.deepCursor === null
      ? []
      : [['admin orders, page 50 (cursor)', `${adminApi}/orders?cursor=${facts.deepCursor}`, admin] satisfies Get]),
    ['funnel, 90 days', `${adminApi}/funnel?from=${addDays(today, -89)}&to=${today}`, admin],
  ];
  const lastAnswers = new Map<string, { status: number; text: string }>();
  for (const [name, url, headers] of gets) {
    figures.set(
      name,
      await timeRuns(company.server, async () => {
        const answer = await timedRequest(tally, name, url, { headers });
        lastAnswers.set(name, answer);
        return answer.ms;
      }),
    );
    if (name.includes('CSV'))
      process.stdout.write(`  ${companyKey}: ${name}: ${lastAnswers.get(name)?.text.length ?? 0} characters\n`);
  }

  const concurrent = await concurrentBookings(company, nextPeople, random, today);
  return {
    figures,
    concurrent,
    answers: {
      adminOrders: lastAnswers.get('admin orders, first page')?.text ?? '',
      adminOrdersStatus: lastAnswers.get('admin orders, first page')?.status ?? 0,
      orderPage: lastAnswers.get('console order page')?.text ?? '',
      orderPageStatus: lastAnswers.get('console order page')?.status ?? 0,
      orderId: facts.orderId,
      lastName: facts.lastName,
      searchTotal: totalOf(lastAnswers.get('console orders: search a last name')),
      bookedTotal: totalOf(lastAnswers.get('admin orders, first page')),
    },
  };
}

function totalOf(answer: { status: number; text: string } | undefined): number | null {
  return answer?.status === 200 ? (JSON.parse(answer.text) as { total: number }).total : null;
}

/** CONCURRENT_CLIENTS visitors booking whole visits one after another for CONCURRENT_SECONDS. */
async function concurrentBookings(
  company: CompanyUnderTest,
  nextPeople: () => BookingPeople,
  random: () => number,
  today: string,
) {
  const label = `bookings, ${CONCURRENT_CLIENTS} at once`;
  const failed = new Map<string, number>();
  let booked = 0;
  const cpuBefore = (await company.server.usage()).cpuMs;
  const started = performance.now();
  const deadline = started + CONCURRENT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const booking = await bookThroughVisitorApi({
          ...company,
          read: label,
          people: nextPeople(),
          pick: (slots) => slots[Math.floor(random() * slots.length)],
          // Spread over the booking horizon: the demo's five inspectors fill a fortnight in a few seconds.
          firstDay: addDays(today, 2 + Math.floor(random() * 100)),
        });
        if (booking.outcome === 'ok') booked++;
        else failed.set(booking.outcome, (failed.get(booking.outcome) ?? 0) + 1);
      }
    }),
  );
  const perSecond = booked / ((performance.now() - started) / 1000);
  const cpuMs = (await company.server.usage()).cpuMs - cpuBefore;
  return { perSecond, booked, failed, serverCpuMsPerBooking: booked ? cpuMs / booked : NaN };
}
