import { DIRECT_SOURCE } from '@scheduler/contracts/attribution';
import type { FunnelCounts, FunnelStep, OfficeFunnel } from '@scheduler/contracts/analytics';

/** What the rows and the drop read of an office's funnel. */
type StepFigures = Pick<OfficeFunnel, 'step_order'> & {
  totals: Pick<FunnelCounts, 'started' | 'reached' | 'confirmed'>;
};

/** The steps as the wizard names them to visitors, so staff read the funnel in the same words. */
export const STEP_NAMES: Record<FunnelStep, string> = {
  'postal-code': 'Postal code',
  calendar: 'Date and time',
  address: 'Address',
  contacts: 'People',
  'property-info': 'Property',
  packages: 'Services',
  review: 'Review',
};

/** `part` of `whole` as a percentage: "40.0%" with one digit, "40%" with none; a dash when there is no whole to share. */
export function percentText(part: number, whole: number, digits = 1): string {
  if (whole <= 0) return '—';
  return `${((part / whole) * 100).toFixed(digits)}%`;
}

export const countText = (count: number): string => count.toLocaleString('en-US');

export interface FunnelRow {
  label: string;
  sessions: number;
  /** Sessions that reached this step but not the next (the last step's next is a confirmed order); null for Started and Confirmed. */
  left: number | null;
  step: FunnelStep | null;
}

/**
 * The span's figures in the order visitors meet them: started, each step, confirmed. A step can
 * count more sessions than the one before it (a page that fills in the postal code starts its
 * visitors at the calendar), so no step is said to lose fewer than none.
 */
export function funnelRows(office: StepFigures): FunnelRow[] {
  const { totals, step_order: steps } = office;
  const reached = (index: number) => totals.reached[index] ?? 0;
  const stepRows = steps.map((step, index) => {
    const next = index + 1 < steps.length ? reached(index + 1) : totals.confirmed;
    return { label: STEP_NAMES[step], sessions: reached(index), left: Math.max(0, reached(index) - next), step };
  });
  return [
    { label: 'Started', sessions: totals.started, left: null, step: null },
    ...stepRows,
    { label: 'Confirmed', sessions: totals.confirmed, left: null, step: null },
  ];
}

export interface Drop {
  step: FunnelStep;
  left: number;
  reached: number;
}

/**
 * The step most visitors leave at: the most sessions lost between it and the next (the earliest
 * on a tie); null when no step loses any. Visits that started past the first step (a company's
 * page filled in the postal code) never left it, so Started is not compared with it.
 */
export function biggestDrop(office: StepFigures): Drop | null {
  let biggest: Drop | null = null;
  for (const row of funnelRows(office)) {
    if (row.step === null || row.left === null || row.left === 0) continue;
    if (!biggest || row.left > biggest.left) biggest = { step: row.step, left: row.left, reached: row.sessions };
  }
  return biggest;
}

export function dropSentence(drop: Drop | null): string {
  if (!drop) return 'No step loses visitors in this span.';
  return `Most visitors leave at ${STEP_NAMES[drop.step]}: ${percentText(drop.left, drop.reached, 0)} of those who reached it.`;
}

/** A source as the funnel names it: the link's utm_source as written, "direct" for none, null for the rest together. */
export function sourceLabel(source: string | null): string {
  if (source === null) return 'Other sources';
  return source === DIRECT_SOURCE ? 'Direct (no campaign in the link)' : source;
}

/** "Also booked: 3 by phone and 1 through the API." when any were; '' otherwise. */
export function apartSentence(totals: Pick<FunnelCounts, 'booked_by_phone' | 'booked_by_api'>): string {
  const parts = [
    totals.booked_by_phone > 0 ? `${countText(totals.booked_by_phone)} by phone` : null,
    totals.booked_by_api > 0 ? `${countText(totals.booked_by_api)} through the API` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? '' : `Also booked, not counted as visits: ${parts.join(' and ')}.`;
}
