import { describe, expect, it } from 'vitest';
import {
  nextStep,
  previousStep,
  resolveScreen,
  schedulerMode,
  STEP_PROGRESS_FLAG,
  STEPS,
  stepOrder,
  type RouteState,
  type SchedulerMode,
  type StepName,
} from './route-table.ts';

const open: RouteState = {
  enabled: true,
  tryWhileDisabled: false,
  authorized: true,
  orderConfirmed: false,
  servicesCount: 12,
  calendarLast: false,
  zipRestrict: false,
};

describe('resolveScreen, case 1: scheduler disabled', () => {
  it('shows the disabled page on every path without try=1', () => {
    for (const path of ['', 'calendar', 'review', 'nonsense']) {
      expect(resolveScreen({ ...open, enabled: false }, path)).toEqual({ kind: 'disabled' });
    }
  });
  it('takes precedence over an unauthorised or confirmed session', () => {
    expect(resolveScreen({ ...open, enabled: false, authorized: false }, '')).toEqual({ kind: 'disabled' });
    expect(resolveScreen({ ...open, enabled: false, orderConfirmed: true }, '')).toEqual({ kind: 'disabled' });
  });
  it('lets in with try=1 the staff the server says may try it', () => {
    expect(resolveScreen({ ...open, enabled: false, tryWhileDisabled: true }, '')).toEqual({
      kind: 'step',
      step: 'calendar',
    });
  });
});

describe('resolveScreen, case 2: not authorised', () => {
  it('shows the unauthorised page on every path while the order is not complete', () => {
    for (const path of ['', 'calendar', 'packages', 'nonsense']) {
      expect(resolveScreen({ ...open, authorized: false }, path)).toEqual({ kind: 'unauthorized' });
    }
  });
  it('still shows the thank-you page of a confirmed order', () => {
    expect(resolveScreen({ ...open, authorized: false, orderConfirmed: true }, '')).toEqual({ kind: 'thank-you' });
  });
});

describe('resolveScreen, case 3: order confirmed', () => {
  it('shows the thank-you state of the review on every path', () => {
    for (const path of ['', 'address', 'review', 'nonsense']) {
      expect(resolveScreen({ ...open, orderConfirmed: true }, path)).toEqual({ kind: 'thank-you' });
    }
  });
  it('wins over an office that has no services left', () => {
    expect(resolveScreen({ ...open, orderConfirmed: true, servicesCount: 0 }, '')).toEqual({ kind: 'thank-you' });
  });
});

describe('resolveScreen, case 4: no services', () => {
  it('shows the no-services page on every path', () => {
    for (const path of ['', 'calendar', 'nonsense']) {
      expect(resolveScreen({ ...open, servicesCount: 0 }, path)).toEqual({ kind: 'no-services' });
    }
  });
});

describe('resolveScreen, case 5: calendar last', () => {
  const state = { ...open, calendarLast: true, zipRestrict: false };
  it('starts at the address step', () => {
    expect(resolveScreen(state, '')).toEqual({ kind: 'step', step: 'address' });
  });
  it.each(['address', 'contacts', 'property-info', 'packages', 'calendar', 'review'] as const)('routes /%s', (step) => {
    expect(resolveScreen(state, `/${step}`)).toEqual({ kind: 'step', step });
  });
  it('has no postal-code step', () => {
    expect(resolveScreen(state, 'postal-code')).toEqual({ kind: 'not-found' });
  });
  it('routes /unauthorized and sends anything else to not-found', () => {
    expect(resolveScreen(state, 'unauthorized')).toEqual({ kind: 'unauthorized' });
    expect(resolveScreen(state, 'checkout')).toEqual({ kind: 'not-found' });
  });
});

describe('resolveScreen, case 6: postal-code restricted', () => {
  const state = { ...open, zipRestrict: true };
  it('starts at the postal-code step', () => {
    expect(resolveScreen(state, '')).toEqual({ kind: 'step', step: 'postal-code' });
  });
  it.each(['postal-code', 'calendar', 'contacts', 'address', 'property-info', 'packages', 'review'] as const)(
    'routes /%s',
    (step) => {
      expect(resolveScreen(state, step)).toEqual({ kind: 'step', step });
    },
  );
  it('sends unknown paths to not-found', () => {
    expect(resolveScreen(state, 'calendar/extra')).toEqual({ kind: 'not-found' });
  });
});

describe('resolveScreen, case 7: default', () => {
  it('starts at the calendar step, with or without a trailing slash', () => {
    expect(resolveScreen(open, '')).toEqual({ kind: 'step', step: 'calendar' });
    expect(resolveScreen(open, '/')).toEqual({ kind: 'step', step: 'calendar' });
    expect(resolveScreen(open, '/calendar/')).toEqual({ kind: 'step', step: 'calendar' });
  });
  it.each(['calendar', 'contacts', 'address', 'property-info', 'packages', 'review'] as const)('routes /%s', (step) => {
    expect(resolveScreen(open, step)).toEqual({ kind: 'step', step });
  });
  it('has no postal-code step and sends unknown paths to not-found', () => {
    expect(resolveScreen(open, 'postal-code')).toEqual({ kind: 'not-found' });
    expect(resolveScreen(open, 'pricing')).toEqual({ kind: 'not-found' });
    expect(resolveScreen(open, 'unauthorized')).toEqual({ kind: 'unauthorized' });
  });
});

describe('resolveScreen: the review needs a held time', () => {
  it('sends the review to the calendar when the order holds no time, in every mode', () => {
    for (const mode of [{}, { calendarLast: true }, { zipRestrict: true }]) {
      expect(resolveScreen({ ...open, ...mode, orderHasTime: false }, 'review')).toEqual({
        kind: 'redirect',
        step: 'calendar',
      });
      expect(resolveScreen({ ...open, ...mode, orderHasTime: false }, '/review/')).toEqual({
        kind: 'redirect',
        step: 'calendar',
      });
    }
  });
  it('shows the review with a held time, and leaves the other steps alone without one', () => {
    expect(resolveScreen({ ...open, orderHasTime: true }, 'review')).toEqual({ kind: 'step', step: 'review' });
    expect(resolveScreen({ ...open, orderHasTime: false }, 'packages')).toEqual({ kind: 'step', step: 'packages' });
    expect(resolveScreen({ ...open, orderHasTime: false }, '')).toEqual({ kind: 'step', step: 'calendar' });
  });
  it('keeps the earlier cases first: a confirmed order thanks, whatever its time', () => {
    expect(resolveScreen({ ...open, orderConfirmed: true, orderHasTime: false }, 'review')).toEqual({
      kind: 'thank-you',
    });
    expect(resolveScreen({ ...open, servicesCount: 0, orderHasTime: false }, 'review')).toEqual({
      kind: 'no-services',
    });
  });
});

describe('step order and navigation', () => {
  it('chooses the mode: calendar last wins over postal-code restriction', () => {
    expect(schedulerMode({ calendarLast: true, zipRestrict: true })).toBe('calendar-last');
    expect(schedulerMode({ calendarLast: false, zipRestrict: true })).toBe('zip-restrict');
    expect(schedulerMode({ calendarLast: false, zipRestrict: false })).toBe('default');
  });
  const ORDERS = {
    default: ['calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
    'calendar-last': ['address', 'contacts', 'property-info', 'packages', 'calendar', 'review'],
    'zip-restrict': ['postal-code', 'calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
  } as const;

  it.each(Object.entries(ORDERS))('walks the %s mode in the whole order of spec 2.2', (mode, order) => {
    expect(stepOrder(mode as SchedulerMode)).toEqual(order);
  });

  it.each(Object.entries(ORDERS))('steps through the %s mode forwards and backwards in that order', (mode, order) => {
    const forwards: StepName[] = [order[0]];
    for (
      let step = nextStep(mode as SchedulerMode, order[0], true);
      step;
      step = nextStep(mode as SchedulerMode, step, true)
    )
      forwards.push(step);
    expect(forwards).toEqual(order);
    const last = order[order.length - 1]!;
    const backwards: StepName[] = [last];
    for (
      let step = previousStep(mode as SchedulerMode, last, true);
      step;
      step = previousStep(mode as SchedulerMode, step, true)
    )
      backwards.push(step);
    expect(backwards).toEqual([...order].reverse());
  });
  it('skips property info when the company has no property questions', () => {
    expect(nextStep('default', 'contacts', false)).toBe('packages');
    expect(nextStep('default', 'contacts', true)).toBe('property-info');
    expect(previousStep('default', 'packages', false)).toBe('contacts');
    expect(previousStep('default', 'packages', true)).toBe('property-info');
  });
  it('has no step before the first nor after the review', () => {
    expect(previousStep('default', 'calendar', true)).toBeNull();
    expect(nextStep('calendar-last', 'review', true)).toBeNull();
    expect(nextStep('calendar-last', 'packages', true)).toBe('calendar');
  });
});

describe('STEP_PROGRESS_FLAG', () => {
  it('gives every step but the postal code a flag of its own, so that resuming finds the furthest step visited', () => {
    const flags = STEPS.map((step) => STEP_PROGRESS_FLAG[step]);
    expect(flags.filter((flag) => flag === null)).toHaveLength(1);
    expect(STEP_PROGRESS_FLAG['postal-code']).toBeNull();
    const set = flags.filter((flag) => flag !== null);
    expect(new Set(set).size).toBe(set.length);
  });
});
