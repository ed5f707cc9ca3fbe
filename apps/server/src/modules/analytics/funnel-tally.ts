import { DIRECT_SOURCE } from '@scheduler/contracts/attribution';
import { FUNNEL_MAX_SOURCES, type FunnelCounts, type FunnelStep } from '@scheduler/contracts/analytics';
import type { DayCounts, StepCounts } from './analytics.repository.ts';

/**
 * The funnel's figures added up from the database's counts per office, day and source (issue 42):
 * once by day, once by source, so that one read of the span gives both.
 */

export const noCounts = (stepCount: number): FunnelCounts => ({
  started: 0,
  reached: Array.from({ length: stepCount }, () => 0),
  confirmed: 0,
  booked_by_phone: 0,
  booked_by_api: 0,
});

function add(into: FunnelCounts, more: FunnelCounts): void {
  into.started += more.started;
  into.reached = into.reached.map((n, i) => n + (more.reached[i] ?? 0));
  into.confirmed += more.confirmed;
  into.booked_by_phone += more.booked_by_phone;
  into.booked_by_api += more.booked_by_api;
}

export function sumOf(counts: readonly FunnelCounts[], stepCount: number): FunnelCounts {
  const total = noCounts(stepCount);
  for (const more of counts) add(total, more);
  return total;
}

/** One office's counts, by day and by source. */
export interface OfficeTally {
  byDay: Map<string, FunnelCounts>;
  bySource: Map<string, FunnelCounts>;
}

/** Adds the rows up per office (the company's offices only: the rows' own office ids). */
export function tallyByOffice(
  sessions: readonly DayCounts[],
  reached: readonly StepCounts[],
  steps: readonly FunnelStep[],
): Map<string, OfficeTally> {
  const offices = new Map<string, OfficeTally>();
  const at = (map: Map<string, FunnelCounts>, key: string): FunnelCounts => {
    let counts = map.get(key);
    if (!counts) map.set(key, (counts = noCounts(steps.length)));
    return counts;
  };
  /** The row's day and its source, each counted once. */
  const countsOf = (row: { officeId: string; day: string; source: string | null }): FunnelCounts[] => {
    let office = offices.get(row.officeId);
    if (!office) offices.set(row.officeId, (office = { byDay: new Map(), bySource: new Map() }));
    return [at(office.byDay, row.day), at(office.bySource, row.source ?? DIRECT_SOURCE)];
  };
  for (const row of sessions)
    for (const counts of countsOf(row)) {
      counts.started += row.started;
      counts.confirmed += row.confirmed;
      counts.booked_by_phone += row.bookedByPhone;
      counts.booked_by_api += row.bookedByApi;
    }
  const stepIndex = new Map<string, number>(steps.map((step, index) => [step, index]));
  for (const row of reached) {
    const index = stepIndex.get(row.step);
    // A step the office's order no longer walks (its mode changed) is not one of its rows.
    if (index === undefined) continue;
    for (const counts of countsOf(row)) counts.reached[index]! += row.reached;
  }
  return offices;
}

/**
 * The sources with the most visits started first (then the most confirmed, then by name), at most
 * FUNNEL_MAX_SOURCES of them; the others added up as one entry with a null source. Visitors write
 * the links, so the number of distinct sources has no bound of its own; a source whose sessions
 * no person saw and none booked (a bot's link, a preview) is not one.
 */
export function topSources(
  bySource: ReadonlyMap<string, FunnelCounts>,
  stepCount: number,
): Array<FunnelCounts & { source: string | null }> {
  const ranked = [...bySource]
    .filter(([, counts]) => counts.started + counts.booked_by_phone + counts.booked_by_api > 0)
    .map(([source, counts]) => ({ source, ...counts }))
    .sort((a, b) => b.started - a.started || b.confirmed - a.confirmed || (a.source < b.source ? -1 : 1));
  if (ranked.length <= FUNNEL_MAX_SOURCES) return ranked;
  return [
    ...ranked.slice(0, FUNNEL_MAX_SOURCES),
    { source: null, ...sumOf(ranked.slice(FUNNEL_MAX_SOURCES), stepCount) },
  ];
}
