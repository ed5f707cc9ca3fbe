import { createContext, useContext } from 'react';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { SchedulerMode, StepName } from '@scheduler/domain/route-table';
import type { SettingsReader } from '@scheduler/domain/settings';
import type { SessionCredentials } from './api-client.ts';
import type { SessionScope } from './queries.ts';

/** What every step reads about the session it runs in. */
export interface SchedulerContextValue {
  companyKey: string;
  credentials: SessionCredentials;
  /** The company and credentials together, as the queries take them. */
  scope: SessionScope;
  office: OfficeResponse;
  order: OrderResponse;
  settings: SettingsReader;
  currency: string;
  mode: SchedulerMode;
  /** The company configures property questions (so the property-info step is part of the walk). */
  hasControls: boolean;
  /** The in-app path of a step, with `t` and `office` (decision 0009, navigation). */
  pathOf(step: StepName): string;
  goTo(step: StepName): void;
}

const SchedulerContext = createContext<SchedulerContextValue | null>(null);
export const SchedulerProvider = SchedulerContext.Provider;

export function useScheduler(): SchedulerContextValue {
  const value = useContext(SchedulerContext);
  if (!value) throw new Error('useScheduler must be used inside a scheduler page');
  return value;
}
