import { describe, expect, it } from 'vitest';
import { signedAtText } from './signed-at.ts';

describe('the time a signer signed at', () => {
  it('is written on the given clock with its zone named, daylight-saving time included', () => {
    expect(signedAtText('2026-11-20T18:05:00.000Z', 'America/New_York')).toBe(
      'Friday, November 20th 2026 at 1:05 PM EST',
    );
    expect(signedAtText('2026-07-04T03:30:00.000Z', 'America/Chicago')).toBe('Friday, July 3rd 2026 at 10:30 PM CDT');
    expect(signedAtText('2026-11-20T18:05:00.000Z', 'UTC')).toBe('Friday, November 20th 2026 at 6:05 PM UTC');
  });
});
