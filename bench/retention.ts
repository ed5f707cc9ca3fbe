/**
 * npm run bench -- retention (decision 0074): the pruning job on the machine's PostgreSQL
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres) in a scratch database:
 * 100,000 finished jobs (RETENTION_BENCH_JOBS) past the limit beside 10,000 within it and 1,000 in
 * flight, pruned in batches of 500, while a reader asks for one order's messages every 20 ms (a
 * visitor's read). Prints the total, each batch's p50/p99/max, and the reader's p50/p99/max.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { createScratchDatabase } from '../apps/server/src/db/test-databases.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import { loadOrderMessageJobs } from '../apps/server/src/modules/order-list/console-orders.repository.ts';
import { pruneTasks } from '../apps/server/src/modules/retention/prune-tasks.ts';
import { PRUNE_BATCH, runPruneTasks } from '../apps/server/src/modules/retention/retention.service.ts';
import { demoDocument } from '../apps/server/src/test-support/test-app.ts';
import { summarise } from './stats.ts';

const NOW = new Date('2026-11-24T15:00:00.000Z');

export async function benchRetention(): Promise<boolean> {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const jobs = Number(process.env.RETENTION_BENCH_JOBS ?? 100_000);
  const scratch = await createScratchDatabase(server, 'retention_bench');
  // The fill is one long insert; the pruning's batches are what is timed.
  const handle = await openDatabase(
    { kind: 'postgres', url: scratch.url },
    { connectTimeoutMs: 10_000, statementTimeoutMs: 300_000 },
  );
  try {
    const db = handle.db;
    await importCompanyDocument(db, demoDocument());
    const fill = async (count: number, doneDaysAgo: number | null) =>
      db.execute(`
        insert into jobs (company_id, order_id, kind, dedupe_key, payload, run_at, done_at)
        select c.id, gen_random_uuid(), 'confirmation_email', 'bench-${doneDaysAgo}-' || n,
          jsonb_build_object('to', 'p' || n || '@example.com', 'audience', 'client'),
          '${NOW.toISOString()}'::timestamptz - interval '90 days',
          ${doneDaysAgo === null ? 'null' : `'${NOW.toISOString()}'::timestamptz - interval '${doneDaysAgo} days' + n * interval '1 second'`}
        from companies c cross join generate_series(1, ${count}) n where c.key = 'demo'`);
    const filled = performance.now();
    await fill(jobs, 60);
    await fill(10_000, 10);
    await fill(1_000, null);
    await db.execute('analyze jobs');
    process.stdout.write(`retention: ${jobs + 11_000} jobs filled in ${Math.round(performance.now() - filled)} ms\n`);

    const companies = (await db.execute(`select id from companies where key = 'demo'`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const company = companies.rows[0];
    const reads: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const start = performance.now();
        await loadOrderMessageJobs(db, company!.id, '00000000-0000-4000-8000-000000000001');
        reads.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const batches: number[] = [];
    let last = performance.now();
    const started = performance.now();
    const result = await runPruneTasks(
      db,
      pruneTasks({ days: 30 }),
      () => NOW,
      PRUNE_BATCH,
      async () => {
        const now = performance.now();
        batches.push(now - last);
        last = now;
      },
    );
    const total = performance.now() - started;
    reading = false;
    await reader;
    const b = summarise(batches);
    const r = summarise(reads);
    process.stdout.write(
      [
        `retention: pruned ${JSON.stringify(result.deleted)} in ${result.batches} batches, ${(total / 1000).toFixed(1)} s`,
        `  a batch: p50 ${b.median.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms, max ${b.max.toFixed(1)} ms`,
        `  an order's messages meanwhile (${reads.length} reads): p50 ${r.median.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
        '',
      ].join('\n'),
    );
    const left = (await db.execute('select count(*)::int as n from jobs')) as unknown as { rows: Array<{ n: number }> };
    return result.deleted.finished_jobs === jobs && Number(left.rows[0]?.n) === 11_000;
  } finally {
    await handle.close();
    await scratch.drop();
  }
}
