import { describe, expect, it } from 'vitest';
import { lengthText, zoneAbbreviation, zonesDiffer, zoneSuffix } from './time-zone-text.ts';

const WINTER = Date.parse('2026-12-01T14:00:00Z');
const SUMMER = Date.parse('2026-07-01T13:00:00Z');

describe('the office zone beside its times', () => {
  it('is named only where the visitor reads the wall time differently', () => {
    expect(zonesDiffer('America/New_York', 'America/New_York', WINTER)).toBe(false);
    // Another name, the same clock.
    expect(zonesDiffer('America/New_York', 'America/Detroit', WINTER)).toBe(false);
    expect(zonesDiffer('America/New_York', 'America/Los_Angeles', WINTER)).toBe(true);
    // Phoenix keeps standard time: an hour from Los Angeles in summer, none in winter.
    expect(zonesDiffer('America/Phoenix', 'America/Los_Angeles', WINTER)).toBe(true);
    expect(zonesDiffer('America/Phoenix', 'America/Los_Angeles', SUMMER)).toBe(false);
  });

  it('by its short name at that instant, daylight time included', () => {
    expect(zoneAbbreviation('America/New_York', WINTER)).toBe('EST');
    expect(zoneAbbreviation('America/New_York', SUMMER)).toBe('EDT');
    expect(zoneSuffix('America/New_York', WINTER, 'America/Los_Angeles')).toBe(' EST');
    expect(zoneSuffix('America/New_York', SUMMER, 'America/New_York')).toBe('');
  });
});

describe('the length of an inspection', () => {
  it.each([
    [0, null],
    [-30, null],
    [Number.NaN, null],
    [20, 'about 20 minutes'],
    [44, 'about 45 minutes'],
    [60, 'about 1 hour'],
    [75, 'about 1½ hours'],
    [74, 'about 1 hour'],
    [90, 'about 1½ hours'],
    [180, 'about 3 hours'],
    [210, 'about 3½ hours'],
    [240, 'about 4 hours'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(lengthText(minutes)).toBe(text);
  });
});
