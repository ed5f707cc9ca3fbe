import type { Database } from '../../db/connection.ts';

/**
 * One kind of row the pruning job removes (decision 0074). `pruneBatch` deletes at most `limit`
 * rows in one short statement (its own transaction) and answers how many it deleted; the runner
 * calls it again until a batch deletes fewer than the limit. `now` is the app's clock.
 */
export interface PruneTask {
  name: string;
  pruneBatch(db: Database, now: Date, limit: number): Promise<number>;
}

/** How long what is pruned is kept once it stopped being of use, in days (RETENTION_DAYS). */
export interface RetentionPolicy {
  days: number;
}

const DAY_MS = 86_400_000;

/** The instant before which a row that ended is old enough to go. */
export function cutoffOf(now: Date, policy: RetentionPolicy): Date {
  return new Date(now.getTime() - policy.days * DAY_MS);
}
