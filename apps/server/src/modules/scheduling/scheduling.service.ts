import { endCouponLeases, extendCouponLeases } from '../pricing/pricing.service.ts';
import { holdMinutesOf } from '@scheduler/domain/availability/hold-length';
import { nearestAlternatives } from '@scheduler/domain/availability/nearest-alternatives';
import { createHash } from 'node:crypto';
import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { MAX_AVAILABILITY_WINDOW_DAYS } from '@scheduler/contracts/scheduling';
import type { LocationCode } from '@scheduler/contracts/location-codes';
import { fiveDigitZip, POSTAL_CODE_MESSAGES, usesUsPostalCodes } from '@scheduler/contracts/postal-code';
import { SETTING } from '@scheduler/contracts/setting-keys';

import {
  findSlots,
  seededRandom,
  slotsUnchangedUntil,
  teamsFor,
  type AvailabilityInput,
} from '@scheduler/domain/availability/engine';
import { straightLineEstimator, type LatLng } from '@scheduler/domain/availability/geo';
import { addDays, dayNumberOf, timeOfMinutes, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import {
  checkLocation,
  type LocationCheck,
  type LocationCheckInput,
} from '@scheduler/domain/availability/service-area';
import { withoutHeldTime } from '@scheduler/domain/availability/held-slot';
import { SettingsReader } from '@scheduler/domain/settings';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { officeBookingWarnings } from '@scheduler/domain/schedule/office-warnings';
import { cartServicesAndMinutes } from '@scheduler/domain/pricing/duration';
import { lengthConflicts } from '@scheduler/domain/order-edit/edit-length';
import { AppError, NotFoundError } from '../../errors.ts';
import { CompressibleText } from '../../http/precompressed.ts';
import {
  chooseOrderInspectors,
  clearOrderTime,
  recordHeldTime,
  refuseLockedChange,
  savePostalCodeStep,
} from '../orders/orders.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';

/** The order a scheduling call is for: a visitor's session, or a manage link's booked order (issue 24). */
export type OrderScope = Pick<AuthenticatedSession, 'companyId' | 'officeId' | 'orderId'>;
import {
  loadActiveOfficeIds,
  loadCommitments,
  loadLiveHold,
  loadOrderForScheduling,
  loadServiceLabels,
  busyFor,
  releaseHold,
  commitInspectors as insertCommitment,
  isOverlapViolation as isExclusionViolation,
  releaseOrderTime as deleteOrderTime,
} from './scheduling.repository.ts';
import { changeKeys, type ChangeFeed } from '../../db/change-feed.ts';
import {
  lookaheadLimit,
  weekNumbersOf,
  type OfficeRules,
  type OrderForScheduling,
  type SchedulingStore,
  type TimeSpan,
} from './scheduling.store.ts';
import type { Executor } from '../../db/connection.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Alternatives offered when a time is gone: the next few, over the following four weeks. */
const ALTERNATIVES_LIMIT = 6;
const ALTERNATIVES_WINDOW_DAYS = 28;

/** Everything a scheduling call works from: the office's rules, the order and its cart. */
interface Scheduling {
  store: SchedulingStore;
  session: OrderScope;
  rules: OfficeRules;
  settings: SettingsReader;
  order: OrderForScheduling;
  calendar: ZonedCalendar;
  cartServiceIds: string[];
  cartDurationMinutes: number;
  /** Where the property is: its address's coordinates, else its postal code's centroid. */
  location: LatLng | null;
  /** Decisions (holding a time, "is it still free") read the database; listings may read the caches. */
  fresh: boolean;
  /** Where fresh reads go: the database, or a caller's transaction. */
  db: Executor;
}

/** The cart's services and minutes, by the pricing engine's one duration rule. */
function cartOf(rules: OfficeRules, order: OrderForScheduling): { serviceIds: string[]; minutes: number } {
  return cartServicesAndMinutes(rules.durations, { packageIds: order.packageIds, serviceIds: order.serviceIds });
}

async function prepare(
  store: SchedulingStore,
  session: OrderScope,
  options: { fresh: boolean; db?: Executor },
): Promise<Scheduling> {
  const db = options.db ?? store.db;
  const [rules, order] = await Promise.all([
    store.officeRules(session.companyId, session.officeId, db),
    options.fresh
      ? loadOrderForScheduling(db, session.companyId, session.orderId)
      : store.order(session.companyId, session.orderId),
  ]);
  if (!rules || !order) throw new NotFoundError('The order');
  return schedulingOf(store, session, rules, order, { fresh: options.fresh, db });
}

/** The Scheduling of an order under its office's rules: the one place its cart, length and place are read. */
async function schedulingOf(
  store: SchedulingStore,
  session: OrderScope,
  rules: OfficeRules,
  order: OrderForScheduling,
  options: { fresh: boolean; db: Executor },
): Promise<Scheduling> {
  const cart = cartOf(rules, order);
  return {
    store,
    session,
    rules,
    settings: new SettingsReader(rules.context.settings),
    order,
    calendar: ZonedCalendar.of(rules.context.office.time_zone),
    cartServiceIds: cart.serviceIds,
    cartDurationMinutes: cart.minutes > 0 ? cart.minutes : rules.context.office.scheduling.default_duration_minutes,
    location: await store.placeOf(order),
    fresh: options.fresh,
    db: options.db,
  };
}

interface SlotQuery {
  from: string;
  to: string;
  duration?: number;
  limit?: number;
  postal_code?: string;
  inspectors?: number[];
  services?: string[];
}

/** Runs the engine for one request over the office's commitments; says too until when its answer holds. */
async function searchSlots(
  s: Scheduling,
  query: SlotQuery,
  now: Date,
): Promise<{ slots: AppointmentSlot[]; unchangedUntil: number }> {
  // A day of margin on each side covers every time zone's offset and the neighbours of edge
  // slots; nothing past the horizon (and its margin) can matter.
  const window = {
    from: Math.max(Date.parse(`${query.from}T00:00:00Z`), now.getTime()) - 2 * DAY_MS,
    to: Math.min(Date.parse(`${query.to}T00:00:00Z`) + 3 * DAY_MS, lookaheadLimit(s.rules, now.getTime())),
  };
  const scope = { companyId: s.session.companyId, officeId: s.session.officeId, orderId: s.order.id };
  // A window wholly in the past or beyond the horizon has no commitments that matter (and no
  // slots: the engine offers none there), so the database is not asked about an empty range.
  const { busy, timeOff, nextHoldExpiry } =
    window.from < window.to
      ? await s.store.busy(s.rules, scope, window, now.getTime(), {
          fresh: s.fresh,
          ...(query.inspectors ? { inspectorIds: query.inspectors } : {}),
        })
      : { busy: [], timeOff: null, nextHoldExpiry: null };
  const postalCode = query.postal_code || s.order.postalCode || null;
  // A postal code sent with the request (the postal-code step) places the property when its address does not yet.
  const location =
    query.postal_code && query.postal_code !== s.order.postalCode
      ? await s.store.placeOf({ ...s.order, postalCode: query.postal_code })
      : s.location;
  const input: AvailabilityInput = {
    office: s.rules.context.office,
    inspectors: s.rules.context.inspectors,
    busy,
    ...(timeOff ? { timeOff } : {}),
    request: {
      from: query.from,
      to: query.to,
      durationMinutes: query.duration && query.duration > 0 ? query.duration : s.cartDurationMinutes,
      postalCode,
      location,
      requestedInspectorIds: query.inspectors ?? [],
      // No services named: the order's cart. An empty list names none: who is free, whatever
      // they perform (validate_inspectors_services asks so; with a cart it must not become the cart).
      serviceIds: query.services ?? s.cartServiceIds,
      limit: query.limit ?? 0,
    },
    rules: {
      allowToday: s.settings.isOn(SETTING.ALLOW_TODAY),
      restrictInspectorZip: s.settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP),
      limitZipByDay: s.settings.isOn(SETTING.LIMIT_ZIP_BY_DAY),
      groupSlots: !s.settings.isOn(SETTING.SHOW_INSPECTOR_NAMES),
    },
    now: now.getTime(),
    // Seeded by the order, so one visitor sees a stable order of equal alternates.
    random: seededRandom(createHash('sha256').update(s.order.id).digest().readUInt32LE(0)),
  };
  const slots = findSlots(input);
  const unchangedUntil = Math.min(slotsUnchangedUntil(input, slots), nextHoldExpiry ?? Number.POSITIVE_INFINITY);
  return { slots, unchangedUntil };
}

async function slotsFor(s: Scheduling, query: SlotQuery, now: Date): Promise<AppointmentSlot[]> {
  return (await searchSlots(s, query, now)).slots;
}

/** Every slot, group members included, that starts exactly at the instant `start` (ms). */
function slotsStartingAt(slots: AppointmentSlot[], start: number): AppointmentSlotBase[] {
  return slots.flatMap((slot) => slot.group ?? [slot]).filter((slot) => slot.timestamp * 1000 === start);
}

/** The slot that starts exactly at `start`, for exactly these inspectors (any team when none are given). */
async function slotAt(
  s: Scheduling,
  start: number,
  durationMinutes: number,
  inspectors: number[],
  services: string[] | undefined,
  now: Date,
): Promise<AppointmentSlotBase | null> {
  const date = s.calendar.localDateOf(start);
  const slots = await slotsFor(s, { from: date, to: date, duration: durationMinutes, inspectors, services }, now);
  return slotsStartingAt(slots, start)[0] ?? null;
}

/**
 * The soonest free times from the wanted one: from now when it has passed, and from now too when
 * it lies beyond the booking horizon, where nothing can be offered.
 */
async function alternatives(
  s: Scheduling,
  fromInstant: number,
  durationMinutes: number,
  now: Date,
  limit = ALTERNATIVES_LIMIT,
  inspectors: readonly number[] = s.order.inspectors.map((i) => i.id),
  onlyTeam: readonly number[] | null = null,
): Promise<AppointmentSlot[]> {
  const beyondHorizon = fromInstant > lookaheadLimit(s.rules, now.getTime());
  const wantedAt = beyondHorizon ? now.getTime() : Math.max(fromInstant, now.getTime());
  const from = s.calendar.localDateOf(wantedAt);
  const count = limit > 0 ? limit : ALTERNATIVES_LIMIT;
  // The engine caps each day; of what it finds, the nearest to the time wanted come first: its
  // day, its inspectors, its time of day (issue 20 item 1), then the days after.
  const slots = await slotsFor(
    s,
    {
      from,
      to: addDays(from, ALTERNATIVES_WINDOW_DAYS),
      duration: durationMinutes,
      limit: count,
      ...(onlyTeam ? { inspectors: [...onlyTeam] } : {}),
    },
    now,
  );
  return nearestAlternatives(slots, { start: wantedAt, date: from, inspectors }).slice(0, count);
}

/** A window of office-local dates one request may ask: `from` to `to`, at most MAX_AVAILABILITY_WINDOW_DAYS days. */
function checkWindow(query: { from: string; to: string }): void {
  const span = dayNumberOf(query.to) - dayNumberOf(query.from);
  if (span < 0) throw new AppError(400, 'invalid_request', '"to" must not be before "from".', 'to');
  if (span >= MAX_AVAILABILITY_WINDOW_DAYS)
    throw new AppError(
      400,
      'invalid_request',
      `One request may span at most ${MAX_AVAILABILITY_WINDOW_DAYS} days.`,
      'to',
    );
}

/**
 * The office of the company a booking without a session is for (the public API): the one named, or
 * the company's only office when none is. Another company's office, an inactive one, or none named
 * where there are several: a 400 naming `office`.
 */
export async function bookingOfficeOf(
  db: Executor,
  companyId: string,
  officeUuid: string | undefined,
): Promise<{ companyId: string; officeId: string }> {
  const offices = await loadActiveOfficeIds(db, companyId);
  if (officeUuid === undefined) {
    if (offices.length === 1) return { companyId, officeId: offices[0]! };
    throw new AppError(400, 'invalid_request', 'Please name the office: the company has several.', 'office');
  }
  if (!offices.includes(officeUuid))
    throw new AppError(400, 'invalid_request', 'No such office of the company takes bookings.', 'office');
  return { companyId, officeId: officeUuid };
}

/** No order's id: a cart asked without an order excludes no order's own time, and seeds its ties alike each time. */
const NO_ORDER_ID = '00000000-0000-0000-0000-000000000000';

/** A cart asked about without an order (the public API's availability, issue 46): its services and packages, where. */
export interface CartQuestion {
  serviceIds: string[];
  packageIds: number[];
  postalCode: string;
}

/**
 * The slots an office offers a new booking of `cart` (no stored order): the same engine, rules,
 * commitments and cart length as a wizard session's availability for a draft with that cart. The
 * office's zone comes with it. A service or package not of the company's catalogue is a 400.
 */
export async function cartAvailability(
  store: SchedulingStore,
  office: { companyId: string; officeId: string },
  cart: CartQuestion,
  query: { from: string; to: string; inspectors?: number[] },
  now = store.now(),
): Promise<{ timeZone: string; durationMinutes: number; slots: AppointmentSlot[] }> {
  checkWindow(query);
  const rules = await store.officeRules(office.companyId, office.officeId);
  if (!rules) throw new AppError(400, 'invalid_request', 'No such office takes bookings.', 'office');
  const unknownService = cart.serviceIds.find((id) => !rules.durations.services.has(id));
  if (unknownService !== undefined)
    throw new AppError(400, 'invalid_request', 'No such service in the company\u2019s catalogue.', 'services');
  const unknownPackage = cart.packageIds.find((id) => !rules.durations.packages.has(id));
  if (unknownPackage !== undefined)
    throw new AppError(400, 'invalid_request', 'No such package in the company\u2019s catalogue.', 'packages');
  const order: OrderForScheduling = {
    id: NO_ORDER_ID,
    datetime: null,
    durationMinutes: 0,
    inspectors: [],
    postalCode: cart.postalCode,
    latitude: null,
    longitude: null,
    packageIds: cart.packageIds,
    serviceIds: cart.serviceIds,
    bookedByUserId: null,
  };
  const s = await schedulingOf(store, { ...office, orderId: NO_ORDER_ID }, rules, order, {
    fresh: false,
    db: store.db,
  });
  const { slots } = await searchSlots(s, { from: query.from, to: query.to, inspectors: query.inspectors }, now);
  return { timeZone: rules.context.office.time_zone, durationMinutes: s.cartDurationMinutes, slots };
}

/**
 * The availability listing, as JSON ready to send in any encoding: from the answers cache when the same order asked the same
 * question and nothing it depends on has changed (commitments, the order, the configuration,
 * or the time passing a notice or day boundary).
 */
export async function availabilityJson(
  store: SchedulingStore,
  session: OrderScope,
  query: SlotQuery,
  now = store.now(),
): Promise<CompressibleText> {
  checkWindow(query);
  const key = JSON.stringify([
    session.orderId,
    query.from,
    query.to,
    query.duration ?? 0,
    query.limit ?? 0,
    query.postal_code ?? '',
    query.inspectors ?? [],
    query.services ?? [],
  ]);
  const answer = await store.answers.get(key, async () => {
    const s = await prepare(store, session, { fresh: false });
    const { slots, unchangedUntil } = await searchSlots(s, query, now);
    const json = JSON.stringify(slots);
    return {
      value: new CompressibleText(json),
      dependsOn: [
        changeKeys.order(session.orderId),
        changeKeys.schedule(session.companyId),
        changeKeys.company(session.companyId),
      ],
      validUntil: unchangedUntil,
      // The compressed forms add about a tenth.
      size: Math.round(json.length * 1.1),
    };
  });
  return answer!;
}

/**
 * Times that fit the order's cart as it is now (its length, and a team for its services), from
 * `fromInstant` on: what a held time the cart outgrew is exchanged for (decision 0018).
 */
export async function alternativesForCart(
  store: SchedulingStore,
  session: OrderScope,
  fromInstant: number,
  now = store.now(),
): Promise<AppointmentSlot[]> {
  const s = await prepare(store, session, { fresh: true });
  return alternatives(s, fromInstant, s.cartDurationMinutes, now);
}

export async function timeAvailable(
  store: SchedulingStore,
  session: OrderScope,
  query: Omit<SlotQuery, 'from' | 'to'> & { from: string; to: string },
  now = store.now(),
): Promise<{ status: 'yes' | 'no'; appointments: AppointmentSlot[] }> {
  const s = await prepare(store, session, { fresh: true });
  const start = Date.parse(query.from);
  const spanMinutes = Math.round((Date.parse(query.to) - start) / MINUTE_MS);
  const duration =
    query.duration && query.duration > 0 ? query.duration : spanMinutes > 0 ? spanMinutes : s.cartDurationMinutes;
  if (isOfficeHeldTime(s, start)) return { status: 'yes', appointments: [] };
  const slot = await slotAt(s, start, duration, query.inspectors ?? [], query.services, now);
  if (slot) return { status: 'yes', appointments: [] };
  return { status: 'no', appointments: await alternatives(s, start, duration, now, query.limit, query.inspectors) };
}

/**
 * The office booking by phone holds a time it chose past the rules (officeHold): that held time is
 * the order's own, and the review's checks of it must not ask the rules again. The hold itself
 * keeps others off it; the confirm turns it into the appointment as for any order.
 */
function isOfficeHeldTime(s: Scheduling, start: number): boolean {
  return s.order.bookedByUserId !== null && s.order.datetime?.getTime() === start;
}

export async function validateInspectorsServices(
  store: SchedulingStore,
  session: OrderScope,
  query: Omit<SlotQuery, 'from' | 'to'>,
  now = store.now(),
): Promise<{ status: 'ok' | 'conflict'; added_inspectors: number[]; appointments: AppointmentSlot[] }> {
  const s = await prepare(store, session, { fresh: true });
  const current = query.inspectors?.length ? query.inspectors : s.order.inspectors.map((i) => i.id);
  const services = query.services?.length ? query.services : s.cartServiceIds;
  const duration = query.duration && query.duration > 0 ? query.duration : s.cartDurationMinutes;
  if (!s.order.datetime) return { status: 'ok', added_inspectors: current, appointments: [] };
  const start = s.order.datetime.getTime();
  if (isOfficeHeldTime(s, start)) return { status: 'ok', added_inspectors: current, appointments: [] };

  // Who is free at the order's time, whatever they perform.
  const date = s.calendar.localDateOf(start);
  const freeSlots = await slotsFor(
    s,
    { from: date, to: date, duration, services: [], postal_code: query.postal_code },
    now,
  );
  const freeIds = new Set(slotsStartingAt(freeSlots, start).flatMap((slot) => slot.users));
  const byId = new Map(s.rules.context.inspectors.map((i) => [i.id, i]));
  const team = current.map((id) => byId.get(id)).filter((i) => i !== undefined);
  if (team.length === current.length && current.every((id) => freeIds.has(id))) {
    const missing = services.filter((service) => !team.some((i) => i.services.includes(service)));
    if (missing.length === 0) return { status: 'ok', added_inspectors: current, appointments: [] };
    const others = [...freeIds].filter((id) => !current.includes(id)).map((id) => byId.get(id)!);
    const additions = teamsFor(others, missing)[0];
    if (additions)
      return { status: 'ok', added_inspectors: [...current, ...additions.map((i) => i.id)], appointments: [] };
  }
  return {
    status: 'conflict',
    added_inspectors: [],
    appointments: await alternatives(s, start, duration, now, query.limit, current),
  };
}

/**
 * This instance's own change to a company's commitments, said right after its commit so that its
 * next listing never waits for the database's announcement (which comes too, week by week, to
 * every instance): the weeks of the given times, those before the change and after it, or every
 * week of the company when the caller does not know them.
 */
export function announceScheduleChanged(
  changes: ChangeFeed,
  companyId: string,
  times?: ReadonlyArray<TimeSpan | null>,
): void {
  changes.announce(changeKeys.schedule(companyId));
  if (!times) {
    changes.announce(changeKeys.commitments(companyId));
    return;
  }
  for (const time of times)
    if (time)
      for (const week of weekNumbersOf({ from: time.start, to: time.end }))
        changes.announce(changeKeys.commitmentsWeek(companyId, week));
}

/**
 * The database announces every change to commitments; saying so here as well, right after the
 * commit, means this instance's next listing never waits for the announcement to arrive. `times`
 * are those the change freed and took (every week of the company when not given).
 */
function announceScheduleChange(store: SchedulingStore, session: OrderScope, times?: Array<TimeSpan | null>): void {
  announceScheduleChanged(store.changes, session.companyId, times);
  store.changes.announce(changeKeys.order(session.orderId));
}

/** The time an order holds or is booked for, as its row says; null when it has none. */
export function orderTimeOf(order: { datetime: Date | null; durationMinutes: number }): TimeSpan | null {
  if (!order.datetime) return null;
  const start = order.datetime.getTime();
  return { start, end: start + order.durationMinutes * MINUTE_MS };
}

export type SetDatetimeResult =
  { status: 'ok'; hold_expires_at: string | null } | { status: 'unavailable'; appointments: AppointmentSlot[] };

/**
 * Saves the order's date and time and holds it for the session: one hold per inspector of the
 * slot, replacing the session's earlier hold. The database decides races: when another session
 * got the time first, the answer is "unavailable" with alternatives.
 */
export async function setDatetime(
  store: SchedulingStore,
  session: OrderScope,
  body: { datetime: string | null; duration?: number; inspectors?: number[] },
  now = store.now(),
): Promise<SetDatetimeResult> {
  const s = await prepare(store, session, { fresh: true });
  const { db } = store;
  if (body.datetime === null) {
    await db.transaction(async (tx) => {
      await releaseHold(tx, session.companyId, s.order.id);
      await endCouponLeases(tx, { companyId: session.companyId, orderId: s.order.id }, now);
      // Without a held time the order carries the cart's length (decision 0016), also after a cart change made while it was held.
      await clearOrderTime(tx, { companyId: session.companyId, orderId: s.order.id }, s.cartDurationMinutes);
    });
    announceScheduleChange(store, session, [orderTimeOf(s.order)]);
    return { status: 'ok', hold_expires_at: null };
  }
  const start = Date.parse(body.datetime);
  const duration = body.duration && body.duration > 0 ? body.duration : s.cartDurationMinutes;
  const slot = await slotAt(s, start, duration, body.inspectors ?? [], undefined, now);
  if (!slot) return { status: 'unavailable', appointments: await alternatives(s, start, duration, now) };

  return holdOrderTime(s, { start, duration, inspectorIds: slot.users }, now);
}

/**
 * Holds the order's time for its session: one hold per inspector, replacing the session's earlier
 * hold, with the time saved on the order and its coupon leases extended to the hold's end. The
 * database decides races: when another session got the time first, the answer is "unavailable"
 * with alternatives.
 */
async function holdOrderTime(
  s: Scheduling,
  time: { start: number; duration: number; inspectorIds: number[] },
  now: Date,
): Promise<SetDatetimeResult> {
  const { store, session } = s;
  const { start, duration, inspectorIds } = time;
  const expiresAt = new Date(now.getTime() + holdMinutesOf(s.settings) * MINUTE_MS);
  try {
    await store.db.transaction(async (tx) => {
      await commitInspectors(tx, {
        companyId: session.companyId,
        officeId: session.officeId,
        orderId: s.order.id,
        inspectorIds,
        start,
        end: start + duration * MINUTE_MS,
        now,
        terms: { kind: 'hold', expiresAt },
      });
      await recordHeldTime(
        tx,
        { companyId: session.companyId, orderId: s.order.id },
        { start: new Date(start), durationMinutes: duration, inspectorIds },
      );
      await extendCouponLeases(tx, { companyId: session.companyId, orderId: s.order.id }, expiresAt);
    });
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    return { status: 'unavailable', appointments: await alternatives(s, start, duration, now) };
  }
  announceScheduleChange(store, session, [orderTimeOf(s.order), { start, end: start + duration * MINUTE_MS }]);
  return { status: 'ok', hold_expires_at: expiresAt.toISOString() };
}

export type OfficeHoldResult =
  | { status: 'ok'; hold_expires_at: string | null }
  | { status: 'unavailable'; appointments: AppointmentSlot[]; busy_inspectors: Array<{ id: number; name: string }> }
  | { status: 'warnings'; warnings: string[] };

/**
 * The office's hold of a time for a caller (issue 25): any start and inspectors it picks. What the
 * company's rules would refuse a visitor comes back as warnings, and holds only once the office
 * accepts them; an inspector booked at that time is refused as for a visitor ("unavailable").
 */
export async function officeHold(
  store: SchedulingStore,
  session: OrderScope,
  body: { datetime: string; inspectors: number[]; duration?: number | undefined; accept_warnings: boolean },
  now = store.now(),
): Promise<OfficeHoldResult> {
  const s = await prepare(store, session, { fresh: true });
  if (!s.order.bookedByUserId)
    throw new AppError(403, 'forbidden', 'Only a booking the office opened may take a time outside the rules.');
  const start = Date.parse(body.datetime);
  if (start <= now.getTime()) throw new AppError(400, 'invalid_request', 'That time has passed.', 'datetime');
  const known = new Map(s.rules.context.inspectors.map((inspector) => [inspector.id, inspector]));
  const unknown = body.inspectors.findIndex((id) => !known.has(id));
  if (unknown >= 0)
    throw new AppError(
      400,
      'unknown_inspector',
      `Inspector ${body.inspectors[unknown]} does not work for this office.`,
      `inspectors.${unknown}`,
    );
  const duration = body.duration && body.duration > 0 ? body.duration : s.cartDurationMinutes;

  if (!body.accept_warnings) {
    const local = s.calendar.toLocal(start);
    const dayStart = s.calendar.toInstant(local.date, 0) ?? start - DAY_MS;
    const dayEnd = s.calendar.toInstant(addDays(local.date, 1), 0) ?? start + DAY_MS;
    const busy = busyFor(
      await loadCommitments(store.db, session.companyId, body.inspectors, dayStart, dayEnd),
      s.order.id,
      now.getTime(),
      dayStart,
      dayEnd,
    );
    const labels = await loadServiceLabels(store.db, session.companyId, s.cartServiceIds);
    const { scheduling } = s.rules.context.office;
    const warnings = officeBookingWarnings(
      {
        date: local.date,
        startMinutes: local.minutes,
        endMinutes: local.minutes + duration,
        today: s.calendar.localDateOf(now.getTime()),
        hoursAhead: (start - now.getTime()) / (60 * MINUTE_MS),
        minimumNoticeHours: scheduling.minimum_notice_hours,
        bookingHorizonDays: scheduling.booking_horizon_days,
        services: s.cartServiceIds.map((id) => ({ id, name: htmlToPlainText(labels.get(id) ?? id) })),
      },
      body.inspectors.map((id) => {
        const inspector = known.get(id)!;
        return {
          name: inspector.display,
          weeklyHours: inspector.weekly_hours,
          overrides: inspector.overrides,
          maxInspectionsPerDay: inspector.max_inspections_per_day,
          services: inspector.services,
          bookedThatDay: busy.filter((interval) => interval.inspectorId === id).length,
        };
      }),
    );
    if (warnings.length) return { status: 'warnings', warnings };
  }

  const held = await holdOrderTime(s, { start, duration, inspectorIds: body.inspectors }, now);
  if (held.status === 'ok') return held;
  // The office picked the inspectors itself, so it is told which of them is taken, not only that the time is.
  const end = start + duration * MINUTE_MS;
  const taken = new Set(
    busyFor(
      await loadCommitments(store.db, session.companyId, body.inspectors, start, end),
      s.order.id,
      now.getTime(),
      start,
      end,
    ).map((c) => c.inspectorId),
  );
  const busyInspectors = body.inspectors
    .filter((id) => taken.has(id))
    .map((id) => ({ id, name: known.get(id)!.display }));
  return { ...held, busy_inspectors: busyInspectors };
}

export async function setInspectors(
  store: SchedulingStore,
  session: OrderScope,
  inspectorIds: number[],
): Promise<{ status: 'ok' }> {
  const rules = await store.officeRules(session.companyId, session.officeId);
  if (!rules) throw new NotFoundError('The office');
  const known = new Set(rules.context.inspectors.map((i) => i.id));
  const unknown = inspectorIds.findIndex((id) => !known.has(id));
  if (unknown >= 0)
    throw new AppError(
      400,
      'unknown_inspector',
      `Inspector ${inspectorIds[unknown]} does not work for this office.`,
      String(unknown),
    );
  await chooseOrderInspectors(store.db, session, inspectorIds);
  return { status: 'ok' };
}

/**
 * The property's location against the order's inspectors at `start` (or at no particular time):
 * their postal codes, their radius from home, and the drive from their previous appointment of
 * that day and on to their next one.
 */
async function locationCheckAt(s: Scheduling, start: number | null, now: Date): Promise<LocationCheck> {
  const team = s.order.inspectors.map((i) => i.id);
  let appointment: LocationCheckInput['appointment'] = null;
  let neighbours: LocationCheckInput['neighbours'] = [];
  if (start !== null) {
    const date = s.calendar.localDateOf(start);
    const dayStart = s.calendar.toInstant(date, 0) ?? start - DAY_MS;
    const dayEnd = s.calendar.toInstant(addDays(date, 1), 0) ?? start + DAY_MS;
    const minutes =
      s.order.datetime?.getTime() === start && s.order.durationMinutes > 0
        ? s.order.durationMinutes
        : s.cartDurationMinutes;
    appointment = { date, start, end: start + minutes * MINUTE_MS };
    const ids = team.length ? team : s.rules.context.inspectors.map((i) => i.id);
    neighbours = busyFor(
      await s.store.locate(await loadCommitments(s.db, s.session.companyId, ids, dayStart, dayEnd)),
      s.order.id,
      now.getTime(),
      dayStart,
      dayEnd,
    );
  }
  const { road_factor, average_speed_mph } = s.rules.context.office.scheduling;
  return checkLocation({
    inspectors: s.rules.context.inspectors,
    rules: {
      restrictInspectorZip: s.settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP),
      limitZipByDay: s.settings.isOn(SETTING.LIMIT_ZIP_BY_DAY),
    },
    postalCode: s.order.postalCode || null,
    location: s.location,
    team,
    appointment,
    neighbours,
    driveTimes: straightLineEstimator(road_factor, average_speed_mph),
  });
}

/**
 * The order's inspectors at its booked time against a place the order does not have yet: the
 * office's edit of its address (decision 0068, part 3), read in the edit's transaction. Says who
 * the answer is about by name (the office reads it, not a visitor).
 */
export async function locationCheckOfPlace(
  store: SchedulingStore,
  session: OrderScope,
  place: { postalCode: string; latitude: number | null; longitude: number | null },
  now: Date,
  db: Executor,
): Promise<LocationCheck & { inspector: string | null }> {
  const prepared = await prepare(store, session, { fresh: true, db });
  const s: Scheduling = {
    ...prepared,
    order: { ...prepared.order, postalCode: place.postalCode },
    location: await store.placeOf(place),
  };
  const check = await locationCheckAt(s, s.order.datetime ? s.order.datetime.getTime() : null, now);
  const inspector = s.rules.context.inspectors.find((one) => one.id === check.inspectorId);
  return { ...check, inspector: inspector ? inspector.display || `${inspector.first} ${inspector.last}` : null };
}

/**
 * The booked inspection's length for a new cart (decision 0068, part 3), by the wizard's duration
 * rule, and what a longer one would collide with: the order's inspectors' other bookings that day
 * and their working hours. Read in the edit's transaction; an order with no time has nothing to check.
 */
export async function editedLengthCheck(
  store: SchedulingStore,
  session: OrderScope,
  cart: { packageIds: number[]; serviceIds: string[] },
  now: Date,
  db: Executor,
): Promise<{ beforeMinutes: number; afterMinutes: number; bookings: string[]; hours: string[] }> {
  const s = await prepare(store, session, { fresh: true, db });
  const minutes = cartServicesAndMinutes(s.rules.durations, cart).minutes;
  const afterMinutes = minutes > 0 ? minutes : s.rules.context.office.scheduling.default_duration_minutes;
  const beforeMinutes = s.order.durationMinutes > 0 ? s.order.durationMinutes : s.cartDurationMinutes;
  const none = { beforeMinutes, afterMinutes, bookings: [], hours: [] };
  if (!s.order.datetime || afterMinutes <= beforeMinutes) return none;
  const start = s.order.datetime.getTime();
  const local = s.calendar.toLocal(start);
  const dayStart = s.calendar.toInstant(local.date, 0) ?? start - DAY_MS;
  const dayEnd = s.calendar.toInstant(addDays(local.date, 1), 0) ?? start + DAY_MS;
  const team = s.order.inspectors.map((i) => i.id);
  const busy = busyFor(
    await loadCommitments(db, session.companyId, team, dayStart, dayEnd),
    s.order.id,
    now.getTime(),
    dayStart,
    dayEnd,
  );
  const known = new Map(s.rules.context.inspectors.map((inspector) => [inspector.id, inspector]));
  const conflicts = lengthConflicts(
    { date: local.date, startMinutes: local.minutes, start, beforeMinutes, afterMinutes },
    team.flatMap((id) => {
      const inspector = known.get(id);
      if (!inspector) return [];
      return [
        {
          name: inspector.display || `${inspector.first} ${inspector.last}`,
          weeklyHours: inspector.weekly_hours,
          overrides: inspector.overrides,
          busy: busy.filter((interval) => interval.inspectorId === id),
        },
      ];
    }),
  );
  return { beforeMinutes, afterMinutes, ...conflicts };
}

/**
 * How far the order's inspectors would drive to the property on that date: from their previous
 * appointment (or home) and on to their next one, against their driving radius; and which of the
 * address step's refusals applies (`code`), if any.
 */
export async function distanceOnDatetime(
  store: SchedulingStore,
  session: OrderScope,
  datetime: string,
  now = store.now(),
): Promise<{
  status: 'ok' | 'out_of_range';
  miles: number | null;
  max_miles: number | null;
  code: LocationCheck['code'];
  inspector_id: number | null;
}> {
  const s = await prepare(store, session, { fresh: false });
  const check = await locationCheckAt(s, Date.parse(datetime), now);
  return {
    status: check.code === 'ok' ? 'ok' : 'out_of_range',
    miles: check.miles,
    max_miles: check.maxMiles,
    code: check.code,
    inspector_id: check.inspectorId,
  };
}

export type OrderLocationResult =
  { status: 'ok' } | { status: LocationCode; appointment: string | null; appointments: AppointmentSlot[] };

/**
 * The address step's check (spec 7.5, 8.2): the order's saved location against its inspectors
 * and held time. When it cannot be served, the answer names why, the held time as office-local
 * wall time, and real alternatives for this location, the held time excluded.
 */
export async function checkOrderLocation(
  store: SchedulingStore,
  session: OrderScope,
  now = store.now(),
): Promise<OrderLocationResult> {
  const s = await prepare(store, session, { fresh: true });
  // The office booking by phone chose its time and inspectors knowing the rules (issue 25): the
  // service area is a visitor's rule, which the office may pass.
  if (s.order.bookedByUserId) return { status: 'ok' };
  const start = s.order.datetime ? s.order.datetime.getTime() : null;
  const check = await locationCheckAt(s, start, now);
  if (check.code === 'ok') return { status: 'ok' };
  const duration = s.order.durationMinutes > 0 ? s.order.durationMinutes : s.cartDurationMinutes;
  const held = start === null ? null : { start, users: s.order.inspectors.map((i) => i.id) };
  const found = await alternatives(s, start ?? now.getTime(), duration, now, ALTERNATIVES_LIMIT + 1);
  let appointment: string | null = null;
  if (start !== null) {
    const local = s.calendar.toLocal(start);
    appointment = `${local.date} ${timeOfMinutes(local.minutes)}:00`;
  }
  return { status: check.code, appointment, appointments: withoutHeldTime(found, held).slice(0, ALTERNATIVES_LIMIT) };
}

/** The postal-code step (spec 2.4): the property's postal code, before its full address is known. */
export async function setPostalCode(
  store: SchedulingStore,
  session: OrderScope,
  postalCode: string,
): Promise<{ status: 'ok' }> {
  const rules = await store.officeRules(session.companyId, session.officeId);
  if (!rules) throw new NotFoundError('The office');
  // A US office takes a ZIP code, ZIP+4 kept as its five digits; elsewhere the code is free text (spec 5.2).
  const saved = usesUsPostalCodes(rules.context.country) ? fiveDigitZip(postalCode) : postalCode;
  if (saved === null) throw new AppError(400, 'invalid_postal_code', POSTAL_CODE_MESSAGES.usFormat, 'postal_code');
  await refuseLockedChange(store.db, session, 'postal_code', saved, 'postal_code');
  await savePostalCodeStep(store.db, session, saved);
  return { status: 'ok' };
}

// ---- Moving a booked order (issue 24) ----

/** A booked order's new time and who would inspect it: its own team when free then, else another. */
export interface MoveSlot {
  start: number;
  end: number;
  inspectorIds: number[];
  /** The order's own inspectors would inspect at the new time. */
  sameTeam: boolean;
}
export type MovePlan = { status: 'ok'; slot: MoveSlot } | { status: 'unavailable'; appointments: AppointmentSlot[] };

/**
 * Who a booking may move to: `any`, its own inspectors when free then, else whoever is (the manage
 * link, which tells the visitor who would inspect, and the admin API); `own`, its own inspectors
 * only; or exactly the team the office picked (the console: never another inspector unasked, issue 41).
 */
export type MoveTeam = 'any' | 'own' | readonly number[];

/** The one team a move must go to, or null for `any`. */
function requiredTeam(s: Scheduling, team: MoveTeam): number[] | null {
  if (team === 'any') return null;
  return team === 'own' ? s.order.inspectors.map((i) => i.id) : [...team];
}

/** The booking's own length: what was booked, whatever the catalogue says since. */
function bookedMinutes(s: Scheduling): number {
  return s.order.durationMinutes > 0 ? s.order.durationMinutes : s.cartDurationMinutes;
}

/** Whether `inspectorIds` are exactly the booking's own team. */
function isTeam(inspectorIds: readonly number[], team: readonly number[]): boolean {
  return inspectorIds.length === team.length && inspectorIds.every((id) => team.includes(id));
}

/** A slot at `start` for the booking: its own inspectors first (Cal.com moved bookings to other hosts silently: #14755). */
async function moveSlotAt(s: Scheduling, start: number, now: Date, wanted: MoveTeam = 'any'): Promise<MoveSlot | null> {
  const minutes = bookedMinutes(s);
  const team = s.order.inspectors.map((i) => i.id);
  const required = requiredTeam(s, wanted);
  const first = required ?? team;
  const own = first.length > 0 ? await slotAt(s, start, minutes, first, undefined, now) : null;
  const slot = own ?? (required ? null : await slotAt(s, start, minutes, [], undefined, now));
  if (!slot) return null;
  return { start, end: start + minutes * MINUTE_MS, inspectorIds: slot.users, sameTeam: isTeam(slot.users, team) };
}

/** The times a booking could move to, in a window of office-local dates: its own length, cart and address. */
export async function moveAvailabilityJson(
  store: SchedulingStore,
  scope: OrderScope,
  query: { from: string; to: string },
  now = store.now(),
): Promise<CompressibleText> {
  const order = await store.order(scope.companyId, scope.orderId);
  if (!order) throw new NotFoundError('The order');
  return availabilityJson(
    store,
    scope,
    { ...query, ...(order.durationMinutes > 0 ? { duration: order.durationMinutes } : {}) },
    now,
  );
}

/**
 * Holds a new time for a booked order while its move is confirmed. The booking keeps its own
 * time meanwhile (an order's rows may overlap, so moving by an hour is possible); another order's
 * booking or live hold refuses it, as the database decides.
 */
export async function holdMove(
  store: SchedulingStore,
  scope: OrderScope,
  start: number,
  now = store.now(),
): Promise<MovePlan & { expiresAt?: Date }> {
  const s = await prepare(store, scope, { fresh: true });
  const slot = await moveSlotAt(s, start, now);
  const unavailable = async (): Promise<MovePlan> => ({
    status: 'unavailable',
    appointments: await alternatives(s, start, bookedMinutes(s), now),
  });
  if (!slot) return unavailable();
  const expiresAt = new Date(now.getTime() + holdMinutesOf(s.settings) * MINUTE_MS);
  try {
    await store.db.transaction((tx) =>
      commitInspectors(tx, {
        ...scope,
        inspectorIds: slot.inspectorIds,
        start: slot.start,
        end: slot.end,
        now,
        terms: { kind: 'hold', expiresAt },
      }),
    );
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    return unavailable();
  }
  announceScheduleChange(store, scope, [{ start: slot.start, end: slot.end }]);
  return { status: 'ok', slot, expiresAt };
}

/**
 * Where a booking moves to at `start`: the order's live hold of that time (the team it was
 * offered), else whoever is free then now. Unavailable, with alternatives, when nobody is.
 */
export async function planMove(
  store: SchedulingStore,
  scope: OrderScope,
  start: number,
  now = store.now(),
  wanted: MoveTeam = 'any',
): Promise<MovePlan> {
  const s = await prepare(store, scope, { fresh: true });
  const held = await loadLiveHold(store.db, scope.companyId, scope.orderId, now);
  const team = s.order.inspectors.map((i) => i.id);
  const required = requiredTeam(s, wanted);
  if (held && held.start === start && (required === null || isTeam(held.inspectorIds, required))) {
    return { status: 'ok', slot: { ...held, sameTeam: isTeam(held.inspectorIds, team) } };
  }
  const slot = await moveSlotAt(s, start, now, wanted);
  if (slot) return { status: 'ok', slot };
  return { status: 'unavailable', appointments: await teamAlternatives(s, start, now, required) };
}

/** A move's alternatives: the nearest free times, only the required team's when there is one. */
function teamAlternatives(s: Scheduling, start: number, now: Date, required: number[] | null) {
  const team = required ?? s.order.inspectors.map((i) => i.id);
  // An empty team (an order without inspectors kept) could only ever find nothing.
  return required?.length === 0
    ? Promise.resolve([])
    : alternatives(s, start, bookedMinutes(s), now, ALTERNATIVES_LIMIT, team, required);
}

/** The alternatives offered when a booking's new time was taken at the last moment. */
export async function moveAlternatives(
  store: SchedulingStore,
  scope: OrderScope,
  start: number,
  now = store.now(),
  wanted: MoveTeam = 'any',
): Promise<AppointmentSlot[]> {
  const s = await prepare(store, scope, { fresh: true });
  return teamAlternatives(s, start, now, requiredTeam(s, wanted));
}

// Confirm and booking changes book the held time in their own transaction with the insert a hold
// uses, and read its refusal alike: through these, not through this module's repository.

/** Commits the order's inspectors to [start, end) in the caller's transaction (scheduling.repository's commitInspectors). */
export function commitInspectors(tx: Executor, commitment: Parameters<typeof insertCommitment>[1]): Promise<void> {
  return insertCommitment(tx, commitment);
}

/** The database's exclusion violation: another booking took the time first. */
export function isOverlapViolation(error: unknown): boolean {
  return isExclusionViolation(error);
}

/** Frees the order's booked or held time in the caller's transaction. */
export function releaseOrderTime(tx: Executor, companyId: string, orderId: string): Promise<void> {
  return deleteOrderTime(tx, companyId, orderId);
}
