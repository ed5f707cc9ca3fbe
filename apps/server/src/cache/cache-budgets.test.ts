import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { cacheBudgetsFor, processCacheBudgets } from './cache-budgets.ts';

const MB = 2 ** 20;

describe('cache budgets', () => {
  it("are an eighth and a sixteenth of the heap: 64 and 32 MB of npm start's 512 MB", () => {
    expect(cacheBudgetsFor(512 * MB)).toEqual({ commitmentsBytes: 64 * MB, answersBytes: 32 * MB });
    expect(cacheBudgetsFor(4096 * MB)).toEqual({ commitmentsBytes: 512 * MB, answersBytes: 256 * MB });
  });

  it("follow this process's heap limit", () => {
    expect(processCacheBudgets()).toEqual(cacheBudgetsFor(getHeapStatistics().heap_size_limit));
  });
});
