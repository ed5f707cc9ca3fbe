import { useMemo } from 'react';
import { peopleSettings, type PeopleSettings } from '@scheduler/domain/people/contacts-step';
import { useScheduler } from '../../shared/scheduler-context.tsx';

/** The company's contacts-step settings, read once through the domain's rules (as the server does). */
export function usePeopleSettings(): PeopleSettings {
  const { settings, office } = useScheduler();
  return useMemo(() => peopleSettings(settings, office.country), [settings, office.country]);
}
