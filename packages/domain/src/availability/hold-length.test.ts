import { describe, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SettingsReader } from '../settings.ts';
import { DEFAULT_HOLD_MINUTES, holdMinutesOf } from './hold-length.ts';

describe('holdMinutesOf', () => {
  it('reads the company setting', () => {
    expect(holdMinutesOf(new SettingsReader([{ key: SETTING.HOLD_MINUTES, value: 30 }]))).toBe(30);
  });
  it('falls back to 15 minutes when the setting is absent', () => {
    expect(DEFAULT_HOLD_MINUTES).toBe(15);
    expect(holdMinutesOf(new SettingsReader([]))).toBe(15);
  });
  it('never holds for less than a minute', () => {
    expect(holdMinutesOf(new SettingsReader([{ key: SETTING.HOLD_MINUTES, value: 0 }]))).toBe(1);
    expect(holdMinutesOf(new SettingsReader([{ key: SETTING.HOLD_MINUTES, value: 1 }]))).toBe(1);
  });
});
