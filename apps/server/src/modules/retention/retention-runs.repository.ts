import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The kind of the pruning job on the queue; its dedupe keys are unique (jobs_retention_dedupe_unique). */
export const RETENTION_JOB = 'retention_prune';

/** Starts a run's record; answers its id. */
export async function startRun(db: Executor, at: Date): Promise<number> {
  const [row] = await db.insert(t.retentionRuns).values({ startedAt: at }).returning({ id: t.retentionRuns.id });
  return row!.id;
}

/** Writes a run's progress (after each batch), its end and, when it stopped on one, the error's code. */
export async function saveRun(
  db: Executor,
  id: number,
  progress: { deleted: Record<string, number>; batches: number; finishedAt?: Date; error?: string },
): Promise<void> {
  await db
    .update(t.retentionRuns)
    .set({
      deleted: progress.deleted,
      batches: progress.batches,
      ...(progress.finishedAt ? { finishedAt: progress.finishedAt } : {}),
      ...(progress.error ? { error: progress.error.slice(0, 200) } : {}),
    })
    .where(eq(t.retentionRuns.id, id));
}

/** The last runs, newest first. */
export function lastRuns(db: Executor, count: number) {
  return db.select().from(t.retentionRuns).orderBy(desc(t.retentionRuns.id)).limit(count);
}

/** When the next run is due: the earliest pruning job not done. */
export async function nextRunAt(db: Executor): Promise<Date | null> {
  const result = (await db.execute(sql`
    select min(run_at) as at from ${t.jobs} where kind = ${RETENTION_JOB} and done_at is null`)) as unknown as {
    rows: Array<{ at: Date | string | null }>;
  };
  const at = result.rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * Queues a run of the pruning job for `runAt` under `dedupeKey`; a key queued before is left as it
 * is. With `unlessQueued`, nothing is queued while a run is waiting (a restart finds one).
 */
export async function queueRun(db: Executor, runAt: Date, dedupeKey: string, unlessQueued: boolean): Promise<void> {
  const waiting = unlessQueued
    ? sql`and not exists (select 1 from ${t.jobs} where kind = ${RETENTION_JOB} and done_at is null)`
    : sql``;
  await db.execute(sql`
    insert into ${t.jobs} (company_id, kind, dedupe_key, payload, run_at)
    select null, ${RETENTION_JOB}, ${dedupeKey}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
    where true ${waiting}
    on conflict do nothing`);
}
