import type { FunnelStep, OfficeFunnel } from '@scheduler/contracts/analytics';

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
export function funnelRows(office: Pick<OfficeFunnel, 'step_order' | 'totals'>): FunnelRow[] {
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
 * on a tie); null when no step loses any. Sessions that started but never saw the first step are
 * not a step's doing (a visitor gone within seconds of arriving, decision 0046), so they are left out.
 */
export function biggestDrop(office: Pick<OfficeFunnel, 'step_order' | 'totals'>): Drop | null {
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
