import { useState } from 'react';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { readStorage, storageKeys } from '../../shared/storage-keys.ts';

/** The special note the property-info step keeps in this browser (spec 7.8), when the company asks for one (spec 2.8, 9.6). */
export function useSpecialNote(): string {
  const { settings, credentials } = useScheduler();
  const [note] = useState(() => readStorage('localStorage', storageKeys.specialNote(credentials.token)) ?? '');
  return settings.isOn(SETTING.PROPERTY_INFO_NOTE) ? note : '';
}
