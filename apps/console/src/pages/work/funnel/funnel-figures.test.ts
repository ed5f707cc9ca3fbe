import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS } from '@scheduler/contracts/analytics';
import {
  apartSentence,
  biggestDrop,
  dropSentence,
  funnelRows,
  percentText,
  sourceLabel,
  STEP_NAMES,
} from './funnel-figures.ts';

const OFFICE = {
  step_order: ['postal-code', 'calendar', 'contacts', 'review'] as const,
  totals: { started: 200, reached: [180, 150, 90, 80], confirmed: 60 },
};

describe('percentText', () => {
  it('writes one digit by default, none when asked, and a dash without a whole', () => {
    expect(percentText(1, 3)).toBe('33.3%');
    expect(percentText(2, 3, 0)).toBe('67%');
    expect(percentText(0, 0)).toBe('—');
  });
});

describe('funnelRows', () => {
  it('lays the span out as started, each step with those who left at it, and confirmed', () => {
    expect(funnelRows({ ...OFFICE, step_order: [...OFFICE.step_order] })).toEqual([
      { label: 'Started', sessions: 200, left: null, step: null },
      { label: 'Postal code', sessions: 180, left: 30, step: 'postal-code' },
      { label: 'Date and time', sessions: 150, left: 60, step: 'calendar' },
      { label: 'People', sessions: 90, left: 10, step: 'contacts' },
      { label: 'Review', sessions: 80, left: 20, step: 'review' },
      { label: 'Confirmed', sessions: 60, left: null, step: null },
    ]);
  });

  it('never counts fewer than none leaving, when a later step saw more sessions', () => {
    const rows = funnelRows({
      step_order: ['postal-code', 'calendar'],
      totals: { started: 10, reached: [2, 8], confirmed: 8 },
    });
    expect(rows.map((row) => row.left)).toEqual([null, 0, 0, null]);
  });

  it('names every step of the wizard', () => {
    expect(Object.keys(STEP_NAMES).sort()).toEqual([...FUNNEL_STEPS].sort());
  });
});

describe('biggestDrop', () => {
  it('finds the step most visitors leave at, and says it in words', () => {
    const drop = biggestDrop({ ...OFFICE, step_order: [...OFFICE.step_order] });
    expect(drop).toEqual({ step: 'calendar', left: 60, reached: 150 });
    expect(dropSentence(drop)).toBe('Most visitors leave at Date and time: 40% of those who reached it.');
  });

  it('takes the earliest of equal drops, and counts the last step against the confirmed', () => {
    expect(
      biggestDrop({ step_order: ['postal-code', 'review'], totals: { started: 10, reached: [10, 5], confirmed: 0 } }),
    ).toEqual({ step: 'postal-code', left: 5, reached: 10 });
    expect(
      biggestDrop({ step_order: ['postal-code', 'review'], totals: { started: 10, reached: [10, 9], confirmed: 2 } }),
    ).toEqual({ step: 'review', left: 7, reached: 9 });
  });

  it('says so when no step loses anyone', () => {
    const drop = biggestDrop({ step_order: ['postal-code'], totals: { started: 5, reached: [3], confirmed: 3 } });
    expect(drop).toBeNull();
    expect(dropSentence(drop)).toBe('No step loses visitors in this span.');
  });
});

describe('sourceLabel', () => {
  it('writes a source as its link did, "direct" and the rest together in words', () => {
    expect(sourceLabel('google')).toBe('google');
    expect(sourceLabel('Direct')).toBe('Direct');
    expect(sourceLabel('direct')).toBe('Direct (no campaign in the link)');
    expect(sourceLabel(null)).toBe('Other sources');
  });
});

describe('apartSentence', () => {
  it('names the phone and API bookings that were made, and says nothing without any', () => {
    expect(apartSentence({ booked_by_phone: 0, booked_by_api: 0 })).toBe('');
    expect(apartSentence({ booked_by_phone: 1, booked_by_api: 0 })).toBe(
      'Also booked, not counted as visits: 1 by phone.',
    );
    expect(apartSentence({ booked_by_phone: 0, booked_by_api: 1 })).toBe(
      'Also booked, not counted as visits: 1 through the API.',
    );
    expect(apartSentence({ booked_by_phone: 1200, booked_by_api: 2 })).toBe(
      'Also booked, not counted as visits: 1,200 by phone and 2 through the API.',
    );
  });
});
