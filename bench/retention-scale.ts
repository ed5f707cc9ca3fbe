/**
 * npm run bench -- retention-scale (decision 0079): the pruning job on a database of issue 49's
 * measure (1,000 companies, 1.5 million orders over two years, a third of them abandoned drafts,
 * five jobs and ten funnel events per booking, the templates'), RETENTION_SCALE_FACTOR of it (1 by
 * default; 0.1 for a tenth), on the machine's PostgreSQL. The database is built once per factor and
 * kept (RETENTION_SCALE_REBUILD=1 builds it again); each run prunes a copy of it. Prints the
 * tables before and after, the job's time per task (the app's clock fixed at the data's now, 30
 * days kept) with its batches' p50/p99/max, a visitor's requests to a bench server on the same
 * database at rest and during the prune, a second run right after, and the steady state.
 */
import { loadavg } from 'node:os';
import { pruneTasks } from '../apps/server/src/modules/retention/prune-tasks.ts';
import { PRUNE_BATCH, runPruneTasks } from '../apps/server/src/modules/retention/retention.service.ts';
import type { PruneTask } from '../apps/server/src/modules/retention/prune-task.ts';
import { startBenchServer } from './bench-server.ts';
import { databaseOf, ensureRetentionScaleDatabase } from './retention-scale/build.ts';
import { printSizes, printSteadyState, tableSizes } from './retention-scale/tables.ts';
import { describeVisitors, startVisitorLoad } from './retention-scale/visitors.ts';
import {
  copyDatabase,
  databaseExists,
  dropDatabase,
  openAsServer,
  openForBuilding,
  poolOf,
  SERVER_URL,
} from './scale/databases.ts';
import { BENCH_SERVER_CONFIG } from './scale/server-config.ts';
import { summarise } from './stats.ts';

const REST_SECONDS = 20;

const loads = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const out = (line: string) => process.stdout.write(`  ${line}\n`);

/** PostgreSQL's code for a statement cancelled by its statement timeout. */
const STATEMENT_TIMEOUT = '57014';

const isStatementTimeout = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if ((cause as { code?: string }).code === STATEMENT_TIMEOUT) return true;
  return false;
};

/** Statement timeouts met by a batch, per task: the batch was tried again, as the job's retry would. */
const timeouts = new Map<string, number>();
/** Tasks whose batch met the timeout RETRIES times more: the run fails. */
const gaveUp = new Set<string>();
const RETRIES = 5;

/**
 * The tasks, each batch timed: how long each took, per task. A batch cancelled by the server's
 * statement timeout is counted and tried again (the product's job fails and the queue runs it
 * again; its deleted rows stay deleted), up to RETRIES times.
 */
function timedTasks(tasks: readonly PruneTask[], batches: Map<string, number[]>): PruneTask[] {
  return tasks.map((task) => ({
    name: task.name,
    async pruneBatch(db, now, limit) {
      for (let attempt = 0; ; attempt++) {
        const began = performance.now();
        try {
          const deleted = await task.pruneBatch(db, now, limit);
          const list = batches.get(task.name) ?? [];
          list.push(performance.now() - began);
          batches.set(task.name, list);
          return deleted;
        } catch (error) {
          if (!isStatementTimeout(error)) throw error;
          timeouts.set(task.name, (timeouts.get(task.name) ?? 0) + 1);
          // Given up: the task is left where it stopped, and the run goes on with the next one.
          if (attempt >= RETRIES) {
            gaveUp.add(task.name);
            return 0;
          }
        }
      }
    },
  }));
}

function printRun(deleted: Record<string, number>, batches: Map<string, number[]>): void {
  if (timeouts.size > 0)
    out(`  statement timeouts, the batch tried again: ${JSON.stringify(Object.fromEntries(timeouts))}`);
  timeouts.clear();
  for (const [task, times] of batches) {
    const s = summarise(times);
    const seconds = times.reduce((sum, ms) => sum + ms, 0) / 1000;
    out(
      `  ${task.padEnd(20)} ${String(deleted[task] ?? 0).padStart(9)} rows ${String(times.length).padStart(6)} batches ${seconds.toFixed(1).padStart(7)} s; a batch p50 ${s.median.toFixed(1)} / p99 ${s.p99.toFixed(1)} / max ${s.max.toFixed(1)} ms`,
    );
  }
}

export async function benchRetentionScale(): Promise<boolean> {
  const factor = Number(process.env.RETENTION_SCALE_FACTOR ?? 1);
  if (!(factor > 0 && factor <= 1)) throw new Error('RETENTION_SCALE_FACTOR: a number above 0, at most 1');
  process.stdout.write(
    `\nretention-scale: the pruning job at ${factor} of issue 49's measure (PostgreSQL at ${SERVER_URL})\n`,
  );
  try {
    await databaseExists('postgres');
  } catch (error) {
    out(`not measured: PostgreSQL does not answer (${(error as Error).message})`);
    return true;
  }
  out(`load average at the start ${loads()} (1, 5, 15 minutes)`);
  const marker = await ensureRetentionScaleDatabase(factor, process.env.RETENTION_SCALE_REBUILD === '1');
  out(`load average after the build ${loads()}`);
  const copy = `${databaseOf(factor)}_run`;
  const copying = performance.now();
  await copyDatabase(databaseOf(factor), copy);
  out(`copied to ${copy} in ${((performance.now() - copying) / 1000).toFixed(0)} s`);
  // The server and the job share one handle, as in the product: its pool and its 2 s statement timeout.
  const database = await openAsServer(copy);
  // The bench's own counts of whole tables (11 million funnel events at full size) outlast the
  // server's 2 s statement timeout: they go through a handle of their own, without it.
  const measuring = await openForBuilding(copy);
  const { app, base } = await startBenchServer(database, BENCH_SERVER_CONFIG);
  const now = new Date(marker.now);
  try {
    const pool = poolOf(measuring);
    const before = await tableSizes(pool);
    printSizes(`before the prune (data's now ${marker.now}):`, before);

    const rest = await startVisitorLoad(base, marker.smallCompany.key, marker.smallCompany.office);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const atRest = await rest.stop();
    out(`a visitor at rest (${REST_SECONDS} s, load ${loads()}):`);
    for (const line of describeVisitors(atRest, rest.tally)) out(`  ${line}`);

    const during = await startVisitorLoad(base, marker.smallCompany.key, marker.smallCompany.office);
    const batches = new Map<string, number[]>();
    const started = performance.now();
    let result;
    try {
      // A line a minute: a long run (the roll-up's first catch-up) says where it is.
      let said = performance.now();
      result = await runPruneTasks(
        database.db,
        timedTasks(pruneTasks({ days: 30 }), batches),
        () => now,
        PRUNE_BATCH,
        async (progress) => {
          if (performance.now() - said < 60_000) return;
          said = performance.now();
          out(`  ${((said - started) / 1000).toFixed(0)} s: ${JSON.stringify(progress.deleted)}`);
        },
      );
    } finally {
      const meanwhile = await during.stop();
      out(`the prune: ${((performance.now() - started) / 1000).toFixed(1)} s, load ${loads()}`);
      printRun(result?.deleted ?? {}, batches);
      out(`a visitor during the prune:`);
      for (const line of describeVisitors(meanwhile, during.tally)) out(`  ${line}`);
    }

    const after = await tableSizes(pool);
    printSizes('after the prune:', after, before);

    const again = new Map<string, number[]>();
    const secondStarted = performance.now();
    const second = await runPruneTasks(
      database.db,
      timedTasks(pruneTasks({ days: 30 }), again),
      () => now,
      PRUNE_BATCH,
    );
    out(`a second run right after: ${((performance.now() - secondStarted) / 1000).toFixed(1)} s`);
    printRun(second.deleted, again);

    await printSteadyState(pool, marker.now, factor, before, after);
    out(`load average at the end ${loads()}`);
    const failures = [rest.tally, during.tally].flatMap((tally) =>
      tally
        .reads()
        .map((read) => tally.failuresOf(read))
        .filter(Boolean),
    );
    const leftOver = Object.values(second.deleted).reduce((sum, n) => sum + n, 0);
    return failures.length === 0 && leftOver === 0 && gaveUp.size === 0;
  } finally {
    await app.close();
    await database.close();
    await measuring.close();
    if (process.env.RETENTION_SCALE_KEEP_RUN === '1') out(`kept ${copy}`);
    else await dropDatabase(copy);
  }
}
