import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

const DAY_MS = 86_400_000;

describe('Retry-After', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('reads seconds or an HTTP date, never negative, at most its cap; nonsense is null', () => {
    expect(retryAfterMs('0', now, DAY_MS)).toBe(0);
    expect(retryAfterMs('120', now, DAY_MS)).toBe(120_000);
    expect(retryAfterMs(' 17 ', now, DAY_MS)).toBe(17_000);
    expect(retryAfterMs('86400', now, DAY_MS)).toBe(DAY_MS);
    expect(retryAfterMs('86401', now, DAY_MS)).toBe(DAY_MS);
    expect(retryAfterMs('3601', now, 3_600_000)).toBe(3_600_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 12:02:00 GMT', now, DAY_MS)).toBe(120_000);
    // A date already past: now.
    expect(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', now, DAY_MS)).toBe(0);
    expect(retryAfterMs('99999999999', now, DAY_MS)).toBeNull();
    expect(retryAfterMs('soon', now, DAY_MS)).toBeNull();
    expect(retryAfterMs('-5', now, DAY_MS)).toBeNull();
    expect(retryAfterMs('', now, DAY_MS)).toBeNull();
    expect(retryAfterMs(null, now, DAY_MS)).toBeNull();
    expect(retryAfterMs(undefined, now, DAY_MS)).toBeNull();
  });
});
