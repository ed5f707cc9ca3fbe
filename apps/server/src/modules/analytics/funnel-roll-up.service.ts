import type { Database } from '../../db/connection.ts';
import {
  deleteRolledUpEvents,
  officesToRollUp,
  officesWithEventsToPrune,
  rollUpNextDays,
} from './funnel-roll-up.repository.ts';

/**
 * Rolls the funnel up (decision 0075): every office's whole days older than `keepDays` folded into
 * the daily counts, a span of whole days per short transaction (about the orders left of `limit`),
 * until `limit` orders are folded or none is due. Answers how many orders it folded: fewer than `limit` once every office is up to date
 * (or waits on a session still alive).
 */
export async function rollUpFunnel(db: Database, now: Date, keepDays: number, limit: number): Promise<number> {
  let folded = 0;
  for (const office of await officesToRollUp(db, now, keepDays)) {
    for (;;) {
      if (folded >= limit) return folded;
      const days = await rollUpNextDays(db, office, now, keepDays, limit - folded);
      if (days === null) break;
      folded += days;
    }
  }
  return folded;
}

/**
 * Deletes at most `limit` raw funnel events of days already rolled up, office after office, each
 * office's batch its own short transaction; how many.
 */
export async function pruneRolledUpEvents(db: Database, limit: number): Promise<number> {
  let deleted = 0;
  for (const office of await officesWithEventsToPrune(db)) {
    deleted += await deleteRolledUpEvents(db, office, limit - deleted);
    if (deleted >= limit) break;
  }
  return deleted;
}
