import { pruneRolledUpEvents, rollUpFunnel } from '../analytics/funnel-roll-up.service.ts';
import { deleteAbandonedDrafts } from './abandoned-drafts.repository.ts';
import type { PruneTask } from './prune-task.ts';
import type { Database } from '../../db/connection.ts';

const DAY_MS = 86_400_000;

/**
 * Drafts deleted per statement: each takes its cascades and change-feed triggers with it (about
 * 1.7 ms a draft on PostgreSQL with the rows in the cache, decision 0075, so 500 at once came near
 * the 2 s statement timeout). On the measure's database, its rows read from disk, 100 drafts'
 * cascades alone took about 2 s under load (decision 0100): 25 keep a statement well inside it.
 */
const DRAFTS_PER_STATEMENT = 25;

/**
 * Up to `limit` abandoned drafts, in statements of at most DRAFTS_PER_STATEMENT, each its own
 * transaction, walking the drafts oldest first until the limit is reached or none is left.
 */
async function pruneDrafts(db: Database, now: Date, cutoff: Date, limit: number): Promise<number> {
  let deleted = 0;
  let after: Date | null = null;
  while (deleted < limit) {
    const size = Math.min(DRAFTS_PER_STATEMENT, limit - deleted);
    const done = await deleteAbandonedDrafts(db, now, cutoff, size, after);
    deleted += done.deleted;
    if (done.exhausted || done.last === null) break;
    // A statement that kept every draft it looked at, all of one instant, cannot move on by it.
    if (done.deleted === 0 && after !== null && done.last.getTime() === after.getTime()) break;
    after = done.last;
  }
  return deleted;
}

/** How long abandoned drafts and the funnel's raw events are kept (decision 0075), in days. */
export interface DraftRetention {
  /** A draft untouched this long (its order and every session of it) is abandoned. */
  draftDays: number;
  /** The funnel's raw events are kept this long; older whole days are rolled up. */
  funnelRawDays: number;
}

export const DEFAULT_DRAFT_RETENTION: DraftRetention = { draftDays: 30, funnelRawDays: 30 };

/**
 * The tasks of issue 49's drafts, in the order they must run: the funnel rolled up first (a
 * draft is pruned only once its day is), then the rolled-up events of the orders kept, then the
 * abandoned drafts. The roll-up's count is of orders folded, the others' of rows deleted.
 */
export function draftPruneTasks(retention: DraftRetention = DEFAULT_DRAFT_RETENTION): PruneTask[] {
  return [
    {
      name: 'funnel_roll_up',
      pruneBatch: (db, now, limit) => rollUpFunnel(db, now, retention.funnelRawDays, limit),
    },
    { name: 'funnel_events', pruneBatch: (db, _now, limit) => pruneRolledUpEvents(db, limit) },
    {
      name: 'abandoned_drafts',
      pruneBatch: (db, now, limit) =>
        pruneDrafts(db, now, new Date(now.getTime() - retention.draftDays * DAY_MS), limit),
    },
  ];
}
