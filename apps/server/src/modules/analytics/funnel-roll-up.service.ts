import type { Database } from '../../db/connection.ts';
import { deleteRolledUpEvents, officesToRollUp, rollUpNextDay } from './funnel-roll-up.repository.ts';

/**
 * Rolls the funnel up (decision 0075): every office's whole days older than `keepDays` folded into
 * the daily counts, one office-day per short transaction, until `limit` orders are folded or none
 * is due. Answers how many orders it folded: fewer than `limit` once every office is up to date
 * (or waits on a session still alive).
 */
export async function rollUpFunnel(db: Database, now: Date, keepDays: number, limit: number): Promise<number> {
  let folded = 0;
  for (const office of await officesToRollUp(db, now, keepDays)) {
    for (;;) {
      if (folded >= limit) return folded;
      const day = await rollUpNextDay(db, office, now, keepDays);
      if (day === null) break;
      folded += day;
    }
  }
  return folded;
}

/** Deletes at most `limit` raw funnel events of days already rolled up; how many. */
export function pruneRolledUpEvents(db: Database, limit: number): Promise<number> {
  return deleteRolledUpEvents(db, limit);
}
