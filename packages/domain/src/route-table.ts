/**
 * The route table of spec 2.2: which screen a scheduler path shows, given the state of the
 * office, the order and the session. Pure, so that the wizard and its tests share one truth.
 */

export const STEPS = ['postal-code', 'calendar', 'address', 'contacts', 'property-info', 'packages', 'review'] as const;
export type StepName = (typeof STEPS)[number];

export type SchedulerMode = 'calendar-last' | 'zip-restrict' | 'default';

/**
 * The progress flag (spec 3.13) each step sets when it is visited: the wizard marks it, the
 * review-order panel and the resume offer read it. The postal-code step sets none.
 */
export const STEP_PROGRESS_FLAG = {
  'postal-code': null,
  calendar: 'calendar',
  address: 'address',
  contacts: 'contacts',
  'property-info': 'property_info',
  packages: 'packages',
  review: 'review',
} as const satisfies Record<StepName, string | null>;
export type StepProgressFlag = NonNullable<(typeof STEP_PROGRESS_FLAG)[StepName]>;

export type Screen =
  | { kind: 'disabled' }
  | { kind: 'unauthorized' }
  | { kind: 'thank-you' }
  | { kind: 'no-services' }
  | { kind: 'not-found' }
  | { kind: 'step'; step: StepName }
  /** The path names a step the order is not ready for: the browser replaces it with `step`'s. */
  | { kind: 'redirect'; step: StepName };

export interface RouteState {
  enabled: boolean;
  /** The query holds `try=1` and the server says the requester may try it: the company's own staff, signed in (issue 39). */
  tryWhileDisabled: boolean;
  authorized: boolean;
  /** Confirmed: the order is complete. */
  orderConfirmed: boolean;
  servicesCount: number;
  calendarLast: boolean;
  zipRestrict: boolean;
  /** The order holds a date and time; the review needs one (left out: not checked). */
  orderHasTime?: boolean;
}

/** The order in which the visitor walks the steps, per mode (spec 2.2 "Step order"). */
const STEP_ORDER: Record<SchedulerMode, readonly StepName[]> = {
  'calendar-last': ['address', 'contacts', 'property-info', 'packages', 'calendar', 'review'],
  'zip-restrict': ['postal-code', 'calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
  default: ['calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
};

export function schedulerMode(state: Pick<RouteState, 'calendarLast' | 'zipRestrict'>): SchedulerMode {
  if (state.calendarLast) return 'calendar-last';
  if (state.zipRestrict) return 'zip-restrict';
  return 'default';
}

export function stepOrder(mode: SchedulerMode): readonly StepName[] {
  return STEP_ORDER[mode];
}

/**
 * The path below `/{company_key}/online-scheduler`, normalised: "" for the root, otherwise the
 * segment without slashes ("calendar"). Trailing slashes are ignored.
 */
export function normaliseSubpath(subpath: string): string {
  return subpath.replace(/^\/+|\/+$/g, '');
}

/** Resolves the screen for a path by the ordered cases of spec 2.2. */
export function resolveScreen(state: RouteState, subpath: string): Screen {
  if (!state.enabled && !state.tryWhileDisabled) return { kind: 'disabled' };
  if (!state.authorized && !state.orderConfirmed) return { kind: 'unauthorized' };
  if (state.orderConfirmed) return { kind: 'thank-you' };
  if (state.servicesCount === 0) return { kind: 'no-services' };

  const path = normaliseSubpath(subpath);
  const steps = stepOrder(schedulerMode(state));
  if (path === '') return { kind: 'step', step: steps[0]! };
  if (path === 'unauthorized') return { kind: 'unauthorized' };
  const step = steps.find((candidate) => candidate === path);
  // The review confirms a held time: without one, the visitor picks it on the calendar first.
  if (step === 'review' && state.orderHasTime === false) return { kind: 'redirect', step: 'calendar' };
  return step ? { kind: 'step', step } : { kind: 'not-found' };
}

/** Property info is skipped when the company configures no property questions (spec 2.7, 2.9). */
function isSkipped(step: StepName, hasControls: boolean): boolean {
  return step === 'property-info' && !hasControls;
}

export function nextStep(mode: SchedulerMode, current: StepName, hasControls: boolean): StepName | null {
  const steps = stepOrder(mode);
  for (let i = steps.indexOf(current) + 1; i < steps.length; i++) {
    if (!isSkipped(steps[i]!, hasControls)) return steps[i]!;
  }
  return null;
}

export function previousStep(mode: SchedulerMode, current: StepName, hasControls: boolean): StepName | null {
  const steps = stepOrder(mode);
  for (let i = steps.indexOf(current) - 1; i >= 0; i--) {
    if (!isSkipped(steps[i]!, hasControls)) return steps[i]!;
  }
  return null;
}
