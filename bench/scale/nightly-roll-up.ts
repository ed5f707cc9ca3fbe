/**
 * The funnel as the server's nightly retention job keeps it (decision 0075): every office's whole
 * days older than the raw events' 30 days folded into daily counts. A production database is in
 * that state every morning; a built database, whose two years of orders were written at once, is
 * brought to it before it is measured, so that the funnel's read is timed on what it reads in
 * production (its last 30 days raw, the rest a row a day), not on a backlog no server keeps. The
 * job's other tasks (the raw events' and abandoned drafts' pruning) are not run: they change no
 * read the benchmark times, and at L they would take most of an hour.
 */
import { rollUpFunnel } from '../../apps/server/src/modules/analytics/funnel-roll-up.service.ts';
import { DEFAULT_DRAFT_RETENTION } from '../../apps/server/src/modules/retention/abandoned-drafts.ts';
import { PRUNE_BATCH } from '../../apps/server/src/modules/retention/retention.service.ts';
import { openAsServer } from './databases.ts';

/** Runs the roll-up's batches on `database` until every office is up to date; the orders folded and the time taken. */
export async function rollUpFunnelAsTheNightlyJob(database: string): Promise<{ folded: number; seconds: number }> {
  const started = performance.now();
  // The server's own connection and timeouts: each batch is sized to finish well within them.
  const handle = await openAsServer(database);
  try {
    let folded = 0;
    for (;;) {
      const batch = await rollUpFunnel(handle.db, new Date(), DEFAULT_DRAFT_RETENTION.funnelRawDays, PRUNE_BATCH);
      folded += batch;
      if (batch < PRUNE_BATCH) break;
    }
    return { folded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
