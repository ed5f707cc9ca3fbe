import { storageKeys, readStorage, writeStorage } from './storage-keys.ts';

/** The navigation progress flags of spec 3.13; `loading` is never stored. */
export const PROGRESS_FLAGS = ['calendar', 'address', 'contacts', 'property_info', 'packages', 'review'] as const;
export type ProgressFlag = (typeof PROGRESS_FLAGS)[number];
export type Progress = Record<ProgressFlag, boolean>;

const EMPTY: Progress = {
  calendar: false,
  address: false,
  contacts: false,
  property_info: false,
  packages: false,
  review: false,
};

export function loadProgress(token: string): Progress {
  const raw = readStorage('localStorage', storageKeys.progress(token));
  if (!raw) return { ...EMPTY };
  try {
    const parsed = JSON.parse(raw) as Partial<Record<string, unknown>>;
    return Object.fromEntries(PROGRESS_FLAGS.map((flag) => [flag, parsed[flag] === true])) as Progress;
  } catch {
    return { ...EMPTY };
  }
}

export function markVisited(token: string, flag: ProgressFlag): Progress {
  const progress = { ...loadProgress(token), [flag]: true };
  writeStorage('localStorage', storageKeys.progress(token), JSON.stringify(progress));
  return progress;
}
