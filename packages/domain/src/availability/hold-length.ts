import { SETTING } from '@scheduler/contracts/setting-keys';
import type { SettingsReader } from '../settings.ts';

/** How long a picked time is held when the company sets nothing (spec 9: HOLD_MINUTES). */
export const DEFAULT_HOLD_MINUTES = 15;

/** The company's hold length in minutes: at least one, so a hold never lapses as it is made. */
export function holdMinutesOf(settings: Pick<SettingsReader, 'number'>): number {
  return Math.max(1, settings.number(SETTING.HOLD_MINUTES, DEFAULT_HOLD_MINUTES));
}
