import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './notification-worker.ts';

describe('the e-mail retry waits', () => {
  it('are the base after the first failed try, then double, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => retryDelayMs(attempts, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
    expect(retryDelayMs(1, 30_000, 3_600_000)).toBe(30_000);
  });

  it('reach the maximum exactly when doubling meets it, and never pass it', () => {
    expect([3, 4].map((attempts) => retryDelayMs(attempts, 250, 1000))).toEqual([1000, 1000]);
    expect(retryDelayMs(60, 1000, 5000)).toBe(5000);
  });
});
