import { describe, expect, it } from 'vitest';
import { pushTokenMatches, retryAfterMs } from './provider-http.ts';

describe('provider HTTP helpers', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('reads Retry-After as seconds or an HTTP date, never negative, at most a day; nonsense is null', () => {
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 17 ', now)).toBe(17_000);
    expect(retryAfterMs('86400', now)).toBe(86_400_000);
    expect(retryAfterMs('86401', now)).toBe(86_400_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 12:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('matches a push token exactly: another length, another last character, none at all are refused', () => {
    expect(pushTokenMatches('abc123', 'abc123')).toBe(true);
    expect(pushTokenMatches('abc124', 'abc123')).toBe(false);
    expect(pushTokenMatches('abc1234', 'abc123')).toBe(false);
    expect(pushTokenMatches('', 'abc123')).toBe(false);
    expect(pushTokenMatches(undefined, 'abc123')).toBe(false);
  });
});
