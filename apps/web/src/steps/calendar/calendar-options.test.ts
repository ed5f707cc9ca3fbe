import { describe, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SettingsReader } from '@scheduler/domain/settings';
import {
  calendarOptions,
  isBookableDay,
  LIST_WINDOW_DAYS,
  MONTH_CHANGE_WINDOW_DAYS,
  monthNeedsMore,
} from './calendar-options.ts';

const settingsOf = (values: Record<string, string>) =>
  new SettingsReader(Object.entries(values).map(([key, value]) => ({ key, value })));
const inputs = { orderDuration: 180, orderPostalCode: '', storedPostalCode: null, today: '2026-11-22' };

describe('the calendar step options', () => {
  it('defaults to calendar mode from tomorrow, no limit, a 15-minute hold', () => {
    const options = calendarOptions({ ...inputs, settings: settingsOf({}) });
    expect(options).toMatchObject({
      listMode: false,
      showNames: false,
      appointmentLimit: 0,
      firstDate: '2026-11-23',
      holdMinutes: 15,
      listPageSize: 10,
      pageDays: MONTH_CHANGE_WINDOW_DAYS,
      zipLimited: false,
    });
    expect(options.filter).toEqual({ duration: 180, limit: 0, postalCode: undefined });
  });

  it('in list mode sends the appointment limit and pages by four weeks', () => {
    const options = calendarOptions({
      ...inputs,
      settings: settingsOf({
        [SETTING.APT_DISPLAY]: 'list',
        [SETTING.APPOINTMENT_LIMIT]: 'Y',
        [SETTING.APPOINTMENT_LIMIT_VALUE]: '5',
        [SETTING.ALLOW_TODAY]: '1',
      }),
    });
    expect(options).toMatchObject({
      listMode: true,
      appointmentLimit: 5,
      listPageSize: 5,
      pageDays: LIST_WINDOW_DAYS,
      firstDate: '2026-11-22',
    });
    expect(options.filter.limit).toBe(5);
  });

  it('names the inspectors only while SHOW_INSPECTOR_NAMES is on', () => {
    expect(
      calendarOptions({ ...inputs, settings: settingsOf({ [SETTING.SHOW_INSPECTOR_NAMES]: 'Y' }) }).showNames,
    ).toBe(true);
    expect(
      calendarOptions({ ...inputs, settings: settingsOf({ [SETTING.SHOW_INSPECTOR_NAMES]: 'N' }) }).showNames,
    ).toBe(false);
  });

  it("sends the order's postal code, else the stored one, only when availability depends on it", () => {
    // Either setting alone makes availability depend on the postal code.
    const byDay = settingsOf({ [SETTING.LIMIT_ZIP_BY_DAY]: 'Y' });
    expect(calendarOptions({ ...inputs, settings: byDay, orderPostalCode: '43017' })).toMatchObject({
      zipLimited: true,
      filter: { postalCode: '43017' },
    });
    const restricted = settingsOf({ [SETTING.RESTRICT_INSPECTOR_ZIP]: 'Y' });
    expect(
      calendarOptions({ ...inputs, settings: restricted, orderPostalCode: '43017', storedPostalCode: '43055' }).filter
        .postalCode,
    ).toBe('43017');
    expect(calendarOptions({ ...inputs, settings: restricted, storedPostalCode: '43055' }).filter.postalCode).toBe(
      '43055',
    );
    expect(
      calendarOptions({ ...inputs, settings: settingsOf({}), orderPostalCode: '43017' }).filter.postalCode,
    ).toBeUndefined();
  });

  it('fetches more on a month change only when the month ends within four weeks of the loaded end', () => {
    expect(monthNeedsMore('2027-01-01', '2026-11-22', '2027-01-03')).toBe(true);
    expect(monthNeedsMore('2026-12-01', '2026-11-22', '2027-02-28')).toBe(false);
    expect(monthNeedsMore('2026-10-01', '2026-11-22', '2026-11-30')).toBe(false);
    // January ends on the 31st: loaded until exactly four weeks after it still fetches, a day more does not.
    expect(monthNeedsMore('2027-01-01', '2026-11-22', '2027-02-28')).toBe(true);
    expect(monthNeedsMore('2027-01-01', '2026-11-22', '2027-03-01')).toBe(false);
  });

  it('disables past days, days before the first bookable one, and days without slots', () => {
    expect(isBookableDay('2026-11-23', '2026-11-23', '2026-11-22', 3)).toBe(true);
    expect(isBookableDay('2026-11-22', '2026-11-23', '2026-11-22', 3)).toBe(false);
    expect(isBookableDay('2026-11-24', '2026-11-23', '2026-11-22', 0)).toBe(false);
  });
});
