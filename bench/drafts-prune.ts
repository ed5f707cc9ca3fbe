/**
 * npm run bench -- drafts-prune
 * Decision 0075's figure: the funnel rolled up and 50,000 abandoned drafts pruned on PostgreSQL
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test), as the pruning job runs the
 * tasks: batches until one does less than its limit. 20 companies of 2 offices, 50,000 drafts
 * and 10,000 confirmed orders started 31 to 90 days ago, each with a session, a client and 4
 * funnel events, written set-based. Prints each task's rows, batches, time and slowest batch.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { createScratchDatabase } from '../apps/server/src/db/test-databases.ts';
import { draftPruneTasks } from '../apps/server/src/modules/retention/abandoned-drafts.ts';
import { fixtureCompany } from '../apps/server/src/modules/retention/drafts-fixtures.ts';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 50_000);
const CONFIRMED = DRAFTS / 5;
const COMPANIES = 20;
const BATCH = 500;
const NOW = new Date();

export async function benchDraftsPrune(): Promise<boolean> {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await createScratchDatabase(server, 'scheduler_bench');
  // The data is written set-based, past the product's 2 s statement timeout; the tasks then run
  // on a handle with the product's own timeouts, as the pruning job does.
  const writer = await openDatabase(
    { kind: 'postgres', url: scratch.url },
    { connectTimeoutMs: 2_000, statementTimeoutMs: 600_000 },
  );
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    let db = writer.db;
    const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
    for (let c = 0; c < COMPANIES; c++)
      await fixtureCompany(db, `bench${c}`, [
        { id: randomUUID(), timeZone: zones[c % zones.length]! },
        { id: randomUUID(), timeZone: zones[(c + 1) % zones.length]! },
      ]);
    const started = performance.now();
    await db.execute(sql`
      with office as (select company_id, id, row_number() over (order by company_id, id) - 1 as n from offices),
      made as (
        select g, (select count(*) from office) as offices from generate_series(0, ${DRAFTS + CONFIRMED - 1}::int) g)
      insert into orders (company_id, office_id, status, confirmed_at, attribution, created_at, updated_at)
      select o.company_id, o.id, case when g < ${CONFIRMED}::int then 'confirmed' else 'draft' end,
        case when g < ${CONFIRMED}::int then at else null end,
        case when g % 3 = 0 then '{"utm_source":"google"}'::jsonb else '{}'::jsonb end, at, at
      from made cross join lateral (select ${NOW.toISOString()}::timestamptz - make_interval(days => 31 + g % 60, secs => g % 86400) as at) t
      join office o on o.n = made.g % made.offices`);
    await db.execute(sql`
      insert into sessions (company_id, office_id, order_id, token_hash, created_at, last_seen_at, expires_at)
      select company_id, office_id, id, id::text, created_at, created_at, created_at + interval '7 days' from orders`);
    await db.execute(sql`
      insert into order_parties (company_id, order_id, role, person)
      select company_id, id, 'client', '{"first":"Pat","last":"Lee"}'::jsonb from orders`);
    await db.execute(sql`
      insert into funnel_events (company_id, office_id, order_id, name, step, created_at)
      select o.company_id, o.office_id, o.id, 'step_viewed', s.step, o.created_at + make_interval(secs => s.n)
      from orders o cross join (values (1, 'postal-code'), (2, 'calendar'), (3, 'address'), (4, 'review')) s(n, step)`);
    await db.execute(sql`analyze`);
    process.stdout.write(`drafts-prune: ${DRAFTS} drafts, ${CONFIRMED} confirmed written in ${ms(started)} ms\n`);
    await writer.close();
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    db = database.db;

    for (const task of draftPruneTasks().filter((each) => each.name !== process.env.BENCH_SKIP_TASK)) {
      const began = performance.now();
      let rows = 0;
      let batches = 0;
      let slowest = 0;
      for (;;) {
        const batchBegan = performance.now();
        const done = await task.pruneBatch(db, NOW, BATCH);
        slowest = Math.max(slowest, performance.now() - batchBegan);
        rows += done;
        batches++;
        if (done < BATCH) break;
      }
      process.stdout.write(
        `drafts-prune: ${task.name}: ${rows} rows in ${batches} batches of ${BATCH}, ${ms(began)} ms, slowest batch ${slowest.toFixed(0)} ms\n`,
      );
    }
    const [left] = (
      (await db.execute(sql`select
        (select count(*) from orders where status = 'draft')::int as drafts,
        (select count(*) from funnel_events)::int as events,
        (select count(*) from funnel_days)::int as days`)) as unknown as {
        rows: Array<{ drafts: number; events: number; days: number }>;
      }
    ).rows;
    process.stdout.write(
      `drafts-prune: left ${left!.drafts} drafts, ${left!.events} events; ${left!.days} rolled-up days\n`,
    );
    return left!.drafts === 0 && left!.events === 0;
  } finally {
    await writer.close().catch(() => undefined);
    await database?.close();
    if (process.env.BENCH_KEEP === '1') process.stdout.write(`drafts-prune: kept ${scratch.url}\n`);
    else await scratch.drop();
  }
}

const ms = (since: number) => (performance.now() - since).toFixed(0);
