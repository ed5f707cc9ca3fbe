import type { RetentionStatus } from '@scheduler/contracts/retention';
import type { Database } from '../../db/connection.ts';
import type { PruneTask, RetentionPolicy } from './prune-task.ts';
import { pruneTasks } from './prune-tasks.ts';
import { lastRuns, nextRunAt, queueRun, RETENTION_JOB, saveRun, startRun } from './retention-runs.repository.ts';

/** Rows a batch deletes at most: each batch is one short statement (a few milliseconds). */
export const PRUNE_BATCH = 500;

/** What a run deleted, per task, and how many batches it took. */
export interface PruneResult {
  deleted: Record<string, number>;
  batches: number;
}

/**
 * How long one run may hold the job queue's worker, in real milliseconds: the worker sends the
 * company's e-mails between runs, and a shutdown waits for the run to let go. A first run on a
 * big database (decision 0079: about 1.5 h at the measure's size) goes on in runs of this length,
 * each queued as the last one stops, so e-mails due meanwhile go first.
 */
export const RUN_BUDGET_MS = 30_000;

/** When a run stops before its tasks are done: its time is up, or the worker is stopping. */
export interface RunLimits {
  /** Real milliseconds since some origin (performance.now), to measure the budget with. */
  elapsed: () => number;
  budgetMs: number;
  stopping: () => boolean;
}

const UNLIMITED: RunLimits = { elapsed: () => 0, budgetMs: Infinity, stopping: () => false };

/**
 * Runs every task in batches of `limit` until a batch deletes fewer than the limit, each batch its
 * own transaction; `onBatch` is told the progress after each (the operator reads it). `now` is
 * asked before each batch: a long run's cut-off moves with the clock, as a new run's would.
 * Between batches it stops when the run's budget is spent or the worker is stopping: `complete`
 * says whether every task finished (a later run starts over, each task finding at once what is
 * already done).
 */
export async function runPruneTasks(
  db: Database,
  tasks: readonly PruneTask[],
  now: () => Date,
  limit: number,
  onBatch: (progress: PruneResult) => Promise<void> = async () => {},
  limits: RunLimits = UNLIMITED,
): Promise<PruneResult & { complete: boolean }> {
  const progress: PruneResult = { deleted: {}, batches: 0 };
  const startedAt = limits.elapsed();
  const stopNow = () => limits.stopping() || limits.elapsed() - startedAt >= limits.budgetMs;
  for (const task of tasks) {
    progress.deleted[task.name] = 0;
    for (;;) {
      if (stopNow()) return { ...progress, complete: false };
      const deleted = await task.pruneBatch(db, now(), limit);
      progress.batches++;
      progress.deleted[task.name] = (progress.deleted[task.name] ?? 0) + deleted;
      await onBatch(progress);
      if (deleted < limit) break;
    }
  }
  return { ...progress, complete: true };
}

/** What the pruning job needs: the database, the policy, how often it runs, and the app's clock. */
export interface RetentionDeps {
  db: Database;
  policy: RetentionPolicy;
  everyMinutes: number;
  clock: () => number;
  /** The tasks; by default every registered one. */
  tasks?: readonly PruneTask[];
  limit?: number;
  /** A run's budget and its real-time measure; by default RUN_BUDGET_MS of performance.now. */
  budgetMs?: number;
  elapsed?: () => number;
}

/** A short code of an error for the run's record and the log (never a row's data). */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'ERROR';
}

/**
 * One run of the pruning job, as the worker runs the job `jobId`: every task, its progress and end
 * recorded, then the next run queued `everyMinutes` later under a key of this job, so a run the
 * worker repeats (it died before marking the job done) queues the next one once.
 */
export async function runRetentionJob(
  deps: RetentionDeps,
  jobId: number,
  stopping: () => boolean = () => false,
): Promise<string> {
  const now = () => new Date(deps.clock());
  const runId = await startRun(deps.db, now());
  let progress: PruneResult = { deleted: {}, batches: 0 };
  let complete = false;
  try {
    const result = await runPruneTasks(
      deps.db,
      deps.tasks ?? pruneTasks(deps.policy),
      now,
      deps.limit ?? PRUNE_BATCH,
      async (sofar) => {
        progress = sofar;
        await saveRun(deps.db, runId, sofar);
      },
      { elapsed: deps.elapsed ?? (() => performance.now()), budgetMs: deps.budgetMs ?? RUN_BUDGET_MS, stopping },
    );
    ({ complete, ...progress } = result);
  } catch (error) {
    // What it deleted stays deleted (each batch committed); the worker retries the job.
    await saveRun(deps.db, runId, { ...progress, finishedAt: now(), error: codeOf(error) });
    throw error;
  }
  await saveRun(deps.db, runId, { ...progress, finishedAt: now() });
  // Cut short (its budget spent, or the worker stopping): the rest is the next run's, due now,
  // behind whatever the queue already holds. Done: the next is everyMinutes away.
  const nextAt = complete ? deps.clock() + deps.everyMinutes * 60_000 : deps.clock();
  await queueRun(deps.db, new Date(nextAt), `after:${jobId}`, false);
  return complete ? 'pruned' : 'continues';
}

/** Queues the first run at start, unless one is waiting already (another instance's, or an earlier start's). */
export async function scheduleRetention(deps: Pick<RetentionDeps, 'db' | 'clock'>): Promise<void> {
  const at = new Date(deps.clock());
  await queueRun(deps.db, at, `start:${at.toISOString()}`, true);
}

/** The policy, the last ten runs and the next, for the operator. */
export async function retentionStatus(db: Database, policy: RetentionPolicy): Promise<RetentionStatus> {
  const [runs, next] = await Promise.all([lastRuns(db, 10), nextRunAt(db)]);
  return {
    retention_days: policy.days,
    runs: runs.map((run) => ({
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      batches: run.batches,
      deleted: run.deleted,
      error: run.error,
    })),
    next_run_at: next?.toISOString() ?? null,
  };
}

/** The worker's handler of the pruning job (a job of no company); it stops between batches when the worker does. */
export function retentionJobHandlers(deps: RetentionDeps) {
  return {
    [RETENTION_JOB]: (job: { id: number; stopping?: () => boolean }) => runRetentionJob(deps, job.id, job.stopping),
  };
}
