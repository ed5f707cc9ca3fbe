/**
 * The read caches' byte budgets, as shares of the heap the server may use: its V8 heap limit, which
 * Node sizes from the machine's memory unless `--max-old-space-size` sets it (`npm start` sets it
 * from SERVER_HEAP_MB, decision 0105). A server given a small heap caches little and stays within
 * it; one given a large heap caches more. Entry counts still bound the caches without a byte budget.
 */
import { getHeapStatistics } from 'node:v8';

export interface CacheBudgets {
  /** The scheduling store's cached weeks of commitments. */
  commitmentsBytes: number;
  /** Finished availability answers, with their compressed forms. */
  answersBytes: number;
}

/** An eighth of the heap for commitments, a sixteenth for answers: together under a fifth of it. */
export function cacheBudgetsFor(heapLimitBytes: number): CacheBudgets {
  return { commitmentsBytes: Math.floor(heapLimitBytes / 8), answersBytes: Math.floor(heapLimitBytes / 16) };
}

/** The budgets for this process's heap. */
export function processCacheBudgets(): CacheBudgets {
  return cacheBudgetsFor(getHeapStatistics().heap_size_limit);
}
