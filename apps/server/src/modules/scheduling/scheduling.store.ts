/**
 * What the scheduling calls read, through caches the database keeps honest (see
 * cache/coherent-cache.ts): an office's rules and inspectors, the company's catalogue durations,
 * the office's commitments over the weeks a request spans, each order's scheduling fields, and
 * finished availability answers. A visitor moving between months, or coming back to the
 * calendar, is answered from memory; any hold, booking, order or configuration change, by
 * this instance or another, makes the affected entries stale at once.
 */
import type { Database, Executor } from '../../db/connection.ts';
import { changeKeys, type ChangeFeed } from '../../db/change-feed.ts';
import { CoherentCache } from '../../cache/coherent-cache.ts';
import { processCacheBudgets, type CacheBudgets } from '../../cache/cache-budgets.ts';
import type { CompressibleText } from '../../http/precompressed.ts';
import {
  busyFor,
  coordinatesOf,
  loadCatalogueDurations,
  loadCommitments,
  loadOrderForScheduling,
  loadSchedulingContext,
  type Commitment,
  type SchedulingContext,
} from './scheduling.repository.ts';
import { TimeOffByInspector, type BusyInterval } from '@scheduler/domain/availability/engine';
import type { CatalogueDurations } from '@scheduler/domain/pricing/duration';
import type { LatLng } from '@scheduler/domain/availability/geo';
import { bundledPostalCodes, type PostalCodeDirectory } from './postal-codes.ts';

const DAY_MS = 86_400_000;
/**
 * Commitments are read and cached week by week (UTC weeks counted from the epoch, as migration
 * 0051 announces their changes): a request takes the weeks its window touches, from memory where
 * they are current, the others in one query. A booking makes only the weeks it touches stale
 * (decision 0105); before, any booking of the company made every cached week stale, and a big
 * company's next request read its whole window again.
 */
export const COMMITMENT_WEEK_MS = 7 * DAY_MS;
/** Requests look this many days past the booking horizon, for the neighbours of its last slots. */
const DAYS_PAST_HORIZON = 5;
/** About what one commitment takes in memory, with its place: for the cached weeks' byte budget. */
const COMMITMENT_BYTES = 200;

/** The latest instant whose commitments can matter to any slot the office offers at `now`. */
export function lookaheadLimit(rules: OfficeRules, now: number): number {
  return now + (rules.context.office.scheduling.booking_horizon_days + DAYS_PAST_HORIZON - 1) * DAY_MS;
}

export type OrderForScheduling = NonNullable<Awaited<ReturnType<typeof loadOrderForScheduling>>>;

export interface OfficeRules {
  context: SchedulingContext;
  durations: CatalogueDurations;
}

/** The UTC weeks (numbered from the epoch) that [from, to) touches; none when it is empty. */
export function weekNumbersOf(window: { from: number; to: number }): number[] {
  const weeks: number[] = [];
  const last = Math.ceil(window.to / COMMITMENT_WEEK_MS) - 1;
  for (let week = Math.floor(window.from / COMMITMENT_WEEK_MS); week <= last && window.from < window.to; week++)
    weeks.push(week);
  return weeks;
}

/** A span of time, in epoch ms, half-open. */
export interface TimeSpan {
  start: number;
  end: number;
}

/**
 * An office's commitments that touch one week: the appointments and holds, by start, which each
 * request filters (its own order's, expired holds), and the inspectors' own calendars' busy time,
 * merged per inspector once for every request over the week (decision 0095).
 */
interface CachedWeek {
  appointments: Commitment[];
  timeOff: TimeOffByInspector;
}

export class SchedulingStore {
  private readonly rules: CoherentCache<OfficeRules>;
  private readonly commitments: CoherentCache<CachedWeek>;
  private readonly orders: CoherentCache<OrderForScheduling>;
  /** Finished availability answers as JSON (and its compressed forms), per order and query. */
  readonly answers: CoherentCache<CompressibleText>;

  constructor(
    readonly db: Database,
    readonly changes: ChangeFeed,
    /** Where postal codes are: the place of an order known only by its postal code. */
    readonly places: PostalCodeDirectory = bundledPostalCodes,
    /** Epoch ms now: what every scheduling call takes as the present (tests move it). */
    private readonly clock: () => number = Date.now,
    /** The byte budgets of the cached weeks and answers: shares of this process's heap by default. */
    budgets: CacheBudgets = processCacheBudgets(),
  ) {
    this.rules = new CoherentCache(changes, { maxEntries: 1_000 }, clock);
    this.commitments = new CoherentCache(changes, { maxEntries: 5_000, maxBytes: budgets.commitmentsBytes }, clock);
    this.orders = new CoherentCache(changes, { maxEntries: 20_000 }, clock);
    this.answers = new CoherentCache(changes, { maxEntries: 5_000, maxBytes: budgets.answersBytes }, clock);
  }

  now(): Date {
    return new Date(this.clock());
  }

  /** The office's rules and inspectors, with the company's settings and catalogue durations. */
  officeRules(companyId: string, officeId: string, db: Executor = this.db): Promise<OfficeRules | null> {
    // Time off is applied over a window of dates from today (loadSchedulingContext), so an entry is
    // good for one UTC day; the next day's first call loads it anew.
    const today = new Date(this.clock()).toISOString().slice(0, 10);
    const load = async (from: Executor) => {
      const [context, durations] = await Promise.all([
        loadSchedulingContext(from, companyId, officeId, today),
        loadCatalogueDurations(from, companyId),
      ]);
      return context ? { context, durations } : null;
    };
    // A caller's transaction reads the rules itself, past the cache (it may hold locks the pool waits on).
    if (db !== this.db) return load(db);
    return this.rules.get(`${companyId}:${officeId}:${today}`, async () => {
      const value = await load(this.db);
      return value ? { value, dependsOn: [changeKeys.company(companyId)] } : null;
    });
  }

  order(companyId: string, orderId: string): Promise<OrderForScheduling | null> {
    return this.orders.get(orderId, async () => {
      const order = await loadOrderForScheduling(this.db, companyId, orderId);
      return order ? { value: order, dependsOn: [changeKeys.order(orderId)] } : null;
    });
  }

  /**
   * What keeps the inspectors busy in [from, to) for one order's request at `now`. From the
   * office's cached weeks around the window when `fresh` is false; straight from the database
   * when a decision must see the very latest commitments.
   */
  async busy(
    rules: OfficeRules,
    scope: { companyId: string; officeId: string; orderId: string },
    window: { from: number; to: number },
    now: number,
    options: {
      fresh: boolean;
      /**
       * The only inspectors the request can offer (it names them): a decision about one team's
       * time reads their commitments alone, not those of every inspector of a large office.
       */
      inspectorIds?: readonly number[];
    },
  ): Promise<{ busy: BusyInterval[]; timeOff: TimeOffByInspector | null; nextHoldExpiry: number | null }> {
    const inspectorIds = rules.context.inspectors.map((i) => i.id);
    const asked = options.inspectorIds?.length ? new Set(options.inspectorIds) : null;
    // Fresh: everything as read, time off among the commitments. Cached: the weeks' time off
    // already merged, beside the appointments and holds.
    const { commitments, timeOff } = options.fresh
      ? {
          commitments: await this.locate(
            await loadCommitments(
              this.db,
              scope.companyId,
              asked ? inspectorIds.filter((id) => asked.has(id)) : inspectorIds,
              window.from,
              window.to,
            ),
          ),
          timeOff: null,
        }
      : await this.commitmentsOver(scope, inspectorIds, window).then((weeks) => ({
          commitments: weeks.appointments,
          timeOff: weeks.timeOff,
        }));
    const busy = busyFor(commitments, scope.orderId, now, window.from, window.to);
    let nextHoldExpiry: number | null = null;
    for (const c of commitments) {
      if (
        c.holdExpiresAt !== null &&
        c.holdExpiresAt > now &&
        (nextHoldExpiry === null || c.holdExpiresAt < nextHoldExpiry)
      )
        nextHoldExpiry = c.holdExpiresAt;
    }
    return { busy, timeOff, nextHoldExpiry };
  }

  /**
   * Where a place is known: the address's coordinates, else the centroid of the postal code.
   * The engine's drive times then apply to every order that has at least a postal code.
   */
  async placeOf(order: {
    latitude: number | null;
    longitude: number | null;
    postalCode: string;
  }): Promise<LatLng | null> {
    return coordinatesOf(order.latitude, order.longitude) ?? (await this.centroidOf(order.postalCode));
  }

  /** Gives commitments without coordinates their postal code's place. */
  async locate(commitments: Commitment[]): Promise<Commitment[]> {
    for (const commitment of commitments) commitment.location ??= await this.centroidOf(commitment.postalCode);
    return commitments;
  }

  private async centroidOf(postalCode: string): Promise<LatLng | null> {
    if (!postalCode) return null;
    const place = await this.places.find(postalCode);
    return place ? { latitude: place.latitude, longitude: place.longitude } : null;
  }

  /**
   * The office's commitments over the weeks `window` touches: each week from memory while nothing
   * in it changed (its own key), nor the company's configuration; the missing weeks in one query.
   */
  private async commitmentsOver(
    scope: { companyId: string; officeId: string },
    inspectorIds: number[],
    window: { from: number; to: number },
  ): Promise<{ appointments: Commitment[]; timeOff: TimeOffByInspector }> {
    const weeks = weekNumbersOf(window);
    const keyOf = (week: number) => `${scope.companyId}:${scope.officeId}:${week}`;
    const found = await this.commitments.getMany(weeks.map(keyOf), async (missingKeys) => {
      const missing = weeks.filter((week) => missingKeys.includes(keyOf(week)));
      const loaded = await this.loadWeeks(scope.companyId, inspectorIds, missing);
      return new Map(missing.map((week, index) => [keyOf(week), loaded[index]!]));
    });
    // An appointment across a week's edge is in both weeks: it is taken from the first of the
    // window's weeks it is in, so every week after the first gives only those starting in it.
    const appointments: Commitment[] = [];
    const timeOff: TimeOffByInspector[] = [];
    weeks.forEach((week, index) => {
      const cached = found.get(keyOf(week));
      if (!cached) throw new Error(`the commitments of week ${week} were not loaded`);
      const weekStart = week * COMMITMENT_WEEK_MS;
      for (const commitment of cached.appointments)
        if (index === 0 || commitment.start >= weekStart) appointments.push(commitment);
      timeOff.push(cached.timeOff);
    });
    return { appointments, timeOff: TimeOffByInspector.merged(timeOff) };
  }

  /** The given weeks' commitments, read in one query from the first to the last, each week with what touches it. */
  private async loadWeeks(
    companyId: string,
    inspectorIds: number[],
    weeks: readonly number[],
  ): Promise<Array<{ value: CachedWeek; dependsOn: string[]; size: number }>> {
    const from = Math.min(...weeks) * COMMITMENT_WEEK_MS;
    const to = (Math.max(...weeks) + 1) * COMMITMENT_WEEK_MS;
    const commitments = await this.locate(await loadCommitments(this.db, companyId, inspectorIds, from, to));
    return weeks.map((week) => {
      const weekStart = week * COMMITMENT_WEEK_MS;
      const weekEnd = weekStart + COMMITMENT_WEEK_MS;
      const touching = commitments.filter((c) => c.start < weekEnd && c.end > weekStart);
      return {
        value: {
          appointments: touching.filter((c) => !c.timeOff),
          timeOff: new TimeOffByInspector(touching),
        },
        dependsOn: [
          changeKeys.commitmentsWeek(companyId, week),
          changeKeys.commitments(companyId),
          changeKeys.company(companyId),
        ],
        size: touching.length * COMMITMENT_BYTES,
      };
    });
  }
}
