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
 * Runs every task in batches of `limit` until a batch deletes fewer than the limit, each batch its
 * own transaction; `onBatch` is told the progress after each (the operator reads it). `now` is
 * asked before each batch: a long run's cut-off moves with the clock, as a new run's would.
 */
export async function runPruneTasks(
  db: Database,
  tasks: readonly PruneTask[],
  now: () => Date,
  limit: number,
  onBatch: (progress: PruneResult) => Promise<void> = async () => {},
): Promise<PruneResult> {
  const progress: PruneResult = { deleted: {}, batches: 0 };
  for (const task of tasks) {
    progress.deleted[task.name] = 0;
    for (;;) {
      const deleted = await task.pruneBatch(db, now(), limit);
      progress.batches++;
      progress.deleted[task.name] = (progress.deleted[task.name] ?? 0) + deleted;
      await onBatch(progress);
      if (deleted < limit) break;
    }
  }
  return progress;
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
export async function runRetentionJob(deps: RetentionDeps, jobId: number): Promise<string> {
  const now = () => new Date(deps.clock());
  const runId = await startRun(deps.db, now());
  let progress: PruneResult = { deleted: {}, batches: 0 };
  try {
    progress = await runPruneTasks(
      deps.db,
      deps.tasks ?? pruneTasks(deps.policy),
      now,
      deps.limit ?? PRUNE_BATCH,
      async (sofar) => {
        progress = sofar;
        await saveRun(deps.db, runId, sofar);
      },
    );
  } catch (error) {
    // What it deleted stays deleted (each batch committed); the worker retries the job.
    await saveRun(deps.db, runId, { ...progress, finishedAt: now(), error: codeOf(error) });
    throw error;
  }
  await saveRun(deps.db, runId, { ...progress, finishedAt: now() });
  await queueRun(deps.db, new Date(deps.clock() + deps.everyMinutes * 60_000), `after:${jobId}`, false);
  return 'pruned';
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

/** The worker's handler of the pruning job (a job of no company). */
export function retentionJobHandlers(deps: RetentionDeps) {
  return { [RETENTION_JOB]: (job: { id: number }) => runRetentionJob(deps, job.id) };
}
