/**
 * npm run bench -- job-claim (decision 0102): the queue's claim on the machine's PostgreSQL
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres) in a scratch database of
 * 100,000 jobs (JOB_CLAIM_BENCH_JOBS): 90% done (the orders' history), then reminders days ahead
 * and orders of two due jobs each; a second fill adds (the claim's worst case) 1,000 orders whose
 * first job waits for its retry while two later jobs, due before all the others, wait behind it. Prints the claim's plan
 * (EXPLAIN ANALYZE) and the p50/p99/max of 300 claims in a row, each job done before the next claim
 * (as one worker goes; the claim alone is timed).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/connection.ts';
import { createScratchDatabase } from '../apps/server/src/db/test-databases.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import {
  claimDueJob,
  claimStatement,
  completeJob,
} from '../apps/server/src/modules/notifications/job-queue.repository.ts';
import { demoDocument } from '../apps/server/src/test-support/test-app.ts';
import { summarise } from './stats.ts';

const NOW = new Date('2026-11-24T15:00:00.000Z');
const LEASE_MS = 120_000;
const CLAIMS = 300;

export async function benchJobClaim(): Promise<boolean> {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const total = Number(process.env.JOB_CLAIM_BENCH_JOBS ?? 100_000);
  const scratch = await createScratchDatabase(server, 'job_claim_bench');
  const handle = await openDatabase(
    { kind: 'postgres', url: scratch.url },
    { connectTimeoutMs: 10_000, statementTimeoutMs: 300_000 },
  );
  try {
    const db = handle.db;
    await importCompanyDocument(db, demoDocument());
    // The everyday queue, then the worst case: a tenth of the orders waiting behind a retry.
    await claimScenario(db, total, 0);
    await claimScenario(db, total, Math.floor(total / 100));
    return true;
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

/** Fills the table afresh with `total` jobs, `heldOrders` of whose orders wait behind a retry; prints the plan and the timings. */
async function claimScenario(db: Database, total: number, heldOrders: number): Promise<void> {
  await db.execute('truncate jobs');
  const pending = Math.floor(total / 10);
  const dueOrders = Math.floor(pending / 5);
  const reminders = pending - 3 * heldOrders - 2 * dueOrders;
  // One insert per shape: `orders` orders of `perOrder` jobs (j.k numbers an order's jobs).
  const fill = async (shape: string, orders: number, perOrder: number, columns: string) =>
    db.execute(`
      insert into jobs (company_id, order_id, kind, dedupe_key, payload, run_at, attempts, done_at)
      select c.id, o.order_id, 'confirmation_email', '${shape}-' || o.n || '-' || j.k, '{}'::jsonb, ${columns}
      from companies c
      cross join lateral (select n, gen_random_uuid() as order_id from generate_series(1, ${orders}) n) o
      cross join generate_series(1, ${perOrder}) j(k)
      where c.key = 'demo'
      order by o.n, j.k`);
  const now = `'${NOW.toISOString()}'::timestamptz`;
  const filled = performance.now();
  await fill(
    'done',
    Math.floor((total - pending) / 3),
    3,
    `${now} - interval '30 days', 1, ${now} - interval '29 days'`,
  );
  await fill('reminder', reminders, 1, `${now} + o.n * interval '1 minute', 0, null`);
  // The first job of each held order waits for its retry (10 minutes on); its two later jobs were
  // due an hour ago, so an in-order claim meets them first.
  await fill(
    'held',
    heldOrders,
    3,
    `case when j.k = 1 then ${now} + interval '10 minutes' else ${now} - interval '1 hour' + o.n * interval '1 ms' end,
      case when j.k = 1 then 1 else 0 end, null`,
  );
  await fill(
    'due',
    dueOrders,
    2,
    `${now} - interval '30 minutes' + o.n * interval '1 ms' + j.k * interval '1 us', 0, null`,
  );
  await db.execute('analyze jobs');
  const counted = (await db.execute(`select count(*)::int as n from jobs`)) as unknown as { rows: [{ n: number }] };
  process.stdout.write(
    `job-claim: ${counted.rows[0].n} jobs (${pending} pending: ${heldOrders} orders holding ${2 * heldOrders} due jobs behind a retry, ${dueOrders} orders of 2 due jobs, ${reminders} reminders ahead) filled in ${Math.round(performance.now() - filled)} ms\n`,
  );

  const plan = (await db.execute(
    sql`explain (analyze, buffers, costs off) ${claimStatement(NOW, LEASE_MS)}`,
  )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
  process.stdout.write(`${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`);

  const samples: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    const job = await claimDueJob(db, NOW, LEASE_MS);
    samples.push(performance.now() - started);
    if (!job) throw new Error(`claim ${i + 1} found no job`);
    await completeJob(db, job.id, NOW);
  }
  const { median, p99, max } = summarise(samples);
  process.stdout.write(
    `job-claim: ${CLAIMS} claims p50 ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(2)} ms\n`,
  );
}
