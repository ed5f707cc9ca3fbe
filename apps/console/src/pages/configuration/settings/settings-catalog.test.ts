import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SETTING_GROUPS, type SettingEntry } from './settings-catalog.ts';

/**
 * The Settings page's catalogue: every setting the wizard reads, once, each said in words and
 * given a control its value fits, so that no setting is left to be typed as a raw key.
 */

const ENTRIES: SettingEntry[] = SETTING_GROUPS.flatMap((group) => [...group.entries]);

describe('the settings catalogue', () => {
  it("lists every setting the wizard reads, the people forms' too", () => {
    const listed = new Set(ENTRIES.map((entry) => entry.key));
    expect(Object.values(SETTING).filter((key) => !listed.has(key))).toEqual([]);
    expect(Object.values(PEOPLE_SETTING).filter((key) => !listed.has(key))).toEqual([]);
  });

  it('groups them under titles of their own, none empty', () => {
    expect(new Set(SETTING_GROUPS.map((group) => group.title)).size).toBe(SETTING_GROUPS.length);
    for (const group of SETTING_GROUPS) expect(group.entries.length).toBeGreaterThan(0);
  });

  it('labels each setting once, and says what it does in a sentence', () => {
    expect(new Set(ENTRIES.map((entry) => entry.label)).size).toBe(ENTRIES.length);
    for (const entry of ENTRIES) {
      expect(entry.label.trim()).toBe(entry.label);
      expect(entry.help, entry.key).toMatch(/^[A-Z0-9"'“].*[.)]$/s);
    }
  });

  it('gives each number a fallback within its bounds, the bounds in order', () => {
    const numbers = ENTRIES.flatMap((entry) => (entry.control.kind === 'number' ? [[entry.key, entry.control]] : []));
    expect(numbers.length).toBeGreaterThan(0);
    for (const [key, control] of numbers as Array<[string, { min: number; max: number; fallback: number }]>) {
      expect(control.min, key).toBeLessThanOrEqual(control.fallback);
      expect(control.fallback, key).toBeLessThanOrEqual(control.max);
      expect(Number.isInteger(control.min) && Number.isInteger(control.max), key).toBe(true);
    }
  });

  it('gives each choice distinct options, each labelled, and each text a positive length', () => {
    for (const entry of ENTRIES) {
      const { control } = entry;
      if (control.kind === 'choice') {
        expect(control.options.length, entry.key).toBeGreaterThan(1);
        expect(new Set(control.options.map((option) => option.value)).size, entry.key).toBe(control.options.length);
        for (const option of control.options) expect(option.label.length, entry.key).toBeGreaterThan(0);
      }
      if (control.kind === 'text') expect(control.maxLength, entry.key).toBeGreaterThan(0);
      if (control.kind === 'list') expect(control.hint, entry.key).toMatch(/^Comma list/);
    }
  });
});
