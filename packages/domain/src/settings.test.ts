import { describe, expect, it } from 'vitest';
import { isTruthySetting, schedulerFlags, SettingsReader } from './settings.ts';

describe('isTruthySetting (spec 5.1)', () => {
  it.each([true, 'Y', 'y', 'yes', 1, '1'])('reads %j as true', (value) => {
    expect(isTruthySetting(value)).toBe(true);
  });
  it.each([false, 'N', 'no', 'YES', 0, '0', '', null, undefined, 'true'])('reads %j as false', (value) => {
    expect(isTruthySetting(value)).toBe(false);
  });
});

describe('SettingsReader', () => {
  const settings = new SettingsReader([
    { key: 'A', value: 'Y' },
    { key: 'LIMIT', value: '12' },
    { key: 'BAD', value: 'twelve' },
    { key: 'FIELDS', value: ' first, last ,,email ' },
    { key: 'NULL', value: null },
  ]);
  it('reads a missing setting as an empty string', () => {
    expect(settings.text('MISSING')).toBe('');
    expect(settings.raw('MISSING')).toBe('');
    expect(settings.isOn('MISSING')).toBe(false);
    expect(settings.text('NULL')).toBe('');
  });
  it('reads numbers with a fallback', () => {
    expect(settings.number('LIMIT', 10)).toBe(12);
    expect(settings.number('BAD', 10)).toBe(10);
    expect(settings.number('MISSING', 10)).toBe(10);
  });
  it('reads comma lists', () => {
    expect(settings.list('FIELDS')).toEqual(['first', 'last', 'email']);
    expect(settings.list('MISSING')).toEqual([]);
  });
});

describe('schedulerFlags', () => {
  const flags = (entries: Record<string, string>) =>
    schedulerFlags(new SettingsReader(Object.entries(entries).map(([key, value]) => ({ key, value }))));
  it('restricts by postal code when either restriction is on', () => {
    expect(flags({ ONLINE_SCHEDULER_V3_LIMIT_ZIP_BY_DAY: 'Y' })).toEqual({ calendarLast: false, zipRestrict: true });
    expect(flags({ ONLINE_SCHEDULER_V3_RESTRICT_INSPECTOR_ZIP: '1' })).toEqual({
      calendarLast: false,
      zipRestrict: true,
    });
    expect(flags({})).toEqual({ calendarLast: false, zipRestrict: false });
  });
  it('never restricts by postal code when the calendar is last', () => {
    expect(
      flags({ ONLINE_SCHEDULER_V3_LIMIT_ZIP_BY_DAY: 'Y', ONLINE_SCHEDULER_V3_INSPECTOR_CALENDAR_LAST: 'Y' }),
    ).toEqual({ calendarLast: true, zipRestrict: false });
  });
});
