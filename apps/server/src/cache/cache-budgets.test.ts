import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { cacheBudgetsFor, processCacheBudgets } from './cache-budgets.ts';

const MB = 2 ** 20;

describe('cache budgets', () => {
  it("are an eighth and a sixteenth of the heap: 32 and 16 MB of npm start's 256 MB", () => {
    expect(cacheBudgetsFor(256 * MB)).toEqual({ commitmentsBytes: 32 * MB, answersBytes: 16 * MB });
    expect(cacheBudgetsFor(4096 * MB)).toEqual({ commitmentsBytes: 512 * MB, answersBytes: 256 * MB });
  });

  it("follow this process's heap limit", () => {
    expect(processCacheBudgets()).toEqual(cacheBudgetsFor(getHeapStatistics().heap_size_limit));
  });
});
