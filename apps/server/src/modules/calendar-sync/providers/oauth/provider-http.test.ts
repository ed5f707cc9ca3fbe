import { describe, expect, it } from 'vitest';
import { pushTokenMatches } from './provider-http.ts';

describe('provider HTTP helpers', () => {
  it('matches a push token exactly: another length, another last character, none at all are refused', () => {
    expect(pushTokenMatches('abc123', 'abc123')).toBe(true);
    expect(pushTokenMatches('abc124', 'abc123')).toBe(false);
    expect(pushTokenMatches('abc1234', 'abc123')).toBe(false);
    expect(pushTokenMatches('', 'abc123')).toBe(false);
    expect(pushTokenMatches(undefined, 'abc123')).toBe(false);
  });
});
