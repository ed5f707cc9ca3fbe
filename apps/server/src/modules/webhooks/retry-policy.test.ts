import { describe, expect, it } from 'vitest';
import { backoffMs, nextAttemptAt, RETRY_WINDOW_MS, verdictOf } from './retry-policy.ts';

describe("a webhook's retries", () => {
  it('delivers on 2xx, disables on 410, fails other 4xx for good, retries 429, 5xx, timeouts and network errors', () => {
    const response = (status: number) => verdictOf({ kind: 'response', status });
    expect([200, 204, 299].map(response)).toEqual(['delivered', 'delivered', 'delivered']);
    expect([300, 400, 401, 404, 409, 422].map(response)).toEqual(Array(6).fill('failed'));
    expect(response(410)).toBe('gone');
    expect([429, 500, 502, 503, 599].map(response)).toEqual(Array(5).fill('retry'));
    expect(verdictOf({ kind: 'timeout' })).toBe('retry');
    expect(verdictOf({ kind: 'network' })).toBe('retry');
  });

  it('backs off from 5 s, doubling to at most 6 h, a quarter of jitter at most, never before Retry-After', () => {
    expect(backoffMs(1, 0, null)).toBe(5_000);
    expect(backoffMs(2, 0, null)).toBe(10_000);
    expect(backoffMs(1, 0.999_999, null)).toBe(3_750);
    expect(backoffMs(40, 0, null)).toBe(6 * 3_600_000);
    expect(backoffMs(1, 0, 120_000)).toBe(120_000);
  });

  it('tries last at the window’s end exactly, and gives up after it', () => {
    const first = 1_000_000;
    expect(nextAttemptAt(first, first, 5_000)).toBe(first + 5_000);
    expect(nextAttemptAt(first, first + RETRY_WINDOW_MS - 1, 6 * 3_600_000)).toBe(first + RETRY_WINDOW_MS);
    expect(nextAttemptAt(first, first + RETRY_WINDOW_MS, 5_000)).toBeNull();
  });
});
