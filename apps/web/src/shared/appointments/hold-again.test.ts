import { describe, expect, it } from 'vitest';
import { holdLapsed } from '../hold-state.ts';

const now = Date.parse('2026-12-01T13:00:00Z');

describe('whether a step must hold its time again', () => {
  it('is so once the hold has lapsed, or when the time has no hold at all', () => {
    expect(
      holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: '2026-12-01T12:59:59Z', confirmed: false }, now),
    ).toBe(true);
    expect(holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: null, confirmed: false }, now)).toBe(true);
  });

  it('is so at the very moment the hold ends, and not a second before', () => {
    expect(
      holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: '2026-12-01T13:00:00Z', confirmed: false }, now),
    ).toBe(true);
    expect(
      holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: '2026-12-01T13:00:01Z', confirmed: false }, now),
    ).toBe(false);
  });

  it('is not while the hold runs, without a time, or once the order is confirmed', () => {
    expect(
      holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: '2026-12-01T13:05:00Z', confirmed: false }, now),
    ).toBe(false);
    expect(holdLapsed({ datetime: null, hold_expires_at: null, confirmed: false }, now)).toBe(false);
    expect(holdLapsed({ datetime: '2026-12-01T14:00:00Z', hold_expires_at: null, confirmed: true }, now)).toBe(false);
  });
});
