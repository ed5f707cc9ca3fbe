import { SETTING } from '@scheduler/contracts/setting-keys';
import type { Setting } from '@scheduler/contracts/settings';

type SettingValue = Setting['value'];

/** Spec 5.1: true, "Y", "y", "yes", 1 and "1" count as true; anything else is false. */
export function isTruthySetting(value: SettingValue | undefined): boolean {
  return value === true || value === 'Y' || value === 'y' || value === 'yes' || value === 1 || value === '1';
}

/** A read-only view over a company's settings list. A missing setting reads as "". */
export class SettingsReader {
  private readonly values: ReadonlyMap<string, SettingValue>;

  constructor(settings: readonly Setting[]) {
    this.values = new Map(settings.map((s) => [s.key, s.value]));
  }

  raw(key: string): SettingValue {
    return this.values.has(key) ? (this.values.get(key) ?? '') : '';
  }

  text(key: string): string {
    const value = this.raw(key);
    return value === null ? '' : String(value);
  }

  isOn(key: string): boolean {
    return isTruthySetting(this.raw(key));
  }

  /** The setting as a number, or `fallback` when missing or not numeric. */
  number(key: string, fallback: number): number {
    const text = this.text(key).trim();
    if (text === '') return fallback;
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : fallback;
  }

  /** A comma-separated list setting, trimmed, empty entries dropped. */
  list(key: string): string[] {
    return this.text(key)
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  }
}

export interface SchedulerFlags {
  calendarLast: boolean;
  zipRestrict: boolean;
}

/** The app-level flags of spec 2.2, with `zip_restrict` read as decision 0009 says. */
export function schedulerFlags(settings: SettingsReader): SchedulerFlags {
  const calendarLast = settings.isOn(SETTING.INSPECTOR_CALENDAR_LAST);
  const postalCodeRestricted = settings.isOn(SETTING.LIMIT_ZIP_BY_DAY) || settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP);
  return { calendarLast, zipRestrict: postalCodeRestricted && !calendarLast };
}
