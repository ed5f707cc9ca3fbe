import { createHash } from 'node:crypto';
import type { AppointmentSlot, AppointmentSlotBase } from '@scheduler/contracts/scheduling';
import { MAX_AVAILABILITY_WINDOW_DAYS } from '@scheduler/contracts/scheduling';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { findSlots, seededRandom, teamsFor, type AvailabilityRequest } from '@scheduler/domain/availability/engine';
import { straightLineEstimator, type LatLng } from '@scheduler/domain/availability/geo';
import { addDays, dayNumberOf, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { SettingsReader } from '@scheduler/domain/settings';
import type { Database } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordOrderEvent, saveOrderInspectors, saveOrderPostalCode, saveOrderSchedule } from '../orders/orders.repository.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { loadBusyIntervals, loadCartDurations, loadOrderForScheduling, loadSchedulingContext, releaseHold, replaceHold, type SchedulingContext } from './scheduling.repository.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DEFAULT_HOLD_MINUTES = 15;
/** Alternatives offered when a time is gone: the next few, over the following four weeks. */
const ALTERNATIVES_LIMIT = 6;
const ALTERNATIVES_WINDOW_DAYS = 28;

/** The database's exclusion violation: another booking took the time first. */
function isOverlapViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Everything a scheduling call works from: the office's rules, the order and its cart. */
interface Scheduling {
  session: AuthenticatedSession;
  context: SchedulingContext;
  settings: SettingsReader;
  order: NonNullable<Awaited<ReturnType<typeof loadOrderForScheduling>>>;
  calendar: ZonedCalendar;
  cartServiceIds: string[];
  cartDurationMinutes: number;
  location: LatLng | null;
}

async function prepare(db: Database, session: AuthenticatedSession): Promise<Scheduling> {
  const [context, order] = await Promise.all([loadSchedulingContext(db, session.companyId, session.officeId), loadOrderForScheduling(db, session.companyId, session.orderId)]);
  if (!context || !order) throw new NotFoundError('The order');
  const cart = await loadCartDurations(db, session.companyId, order.packageIds);
  const minutesOf = (serviceId: string) => cart.services.find((s) => s.id === serviceId)?.durationMinutes ?? 0;
  const packageServiceIds = cart.packageServices.map((ps) => ps.serviceId);
  const packageMinutes = cart.packages.reduce((sum, pkg) => {
    const own = cart.packageServices.filter((ps) => ps.packageId === pkg.id).reduce((inner, ps) => inner + minutesOf(ps.serviceId), 0);
    return sum + (pkg.durationMinutes > 0 ? pkg.durationMinutes : own);
  }, 0);
  const extraServices = order.serviceIds.filter((id) => !packageServiceIds.includes(id));
  const cartMinutes = packageMinutes + extraServices.reduce((sum, id) => sum + minutesOf(id), 0);
  const hasLocation = order.latitude !== null && order.longitude !== null && !(order.latitude === 0 && order.longitude === 0);
  return {
    session,
    context,
    settings: new SettingsReader(context.settings),
    order,
    calendar: new ZonedCalendar(context.office.time_zone),
    cartServiceIds: [...new Set([...packageServiceIds, ...order.serviceIds])],
    cartDurationMinutes: cartMinutes > 0 ? cartMinutes : context.office.scheduling.default_duration_minutes,
    location: hasLocation ? { latitude: order.latitude!, longitude: order.longitude! } : null,
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

/** Runs the engine for one request over the office's current commitments. */
async function slotsFor(db: Database, s: Scheduling, query: SlotQuery, now: Date): Promise<AppointmentSlot[]> {
  const inspectorIds = s.context.inspectors.map((i) => i.id);
  // A day of margin on each side covers every time zone's offset and the neighbours of edge slots.
  const busy = await loadBusyIntervals(db, s.session.companyId, inspectorIds, Date.parse(`${query.from}T00:00:00Z`) - 2 * DAY_MS, Date.parse(`${query.to}T00:00:00Z`) + 3 * DAY_MS, s.order.id, now);
  const request: AvailabilityRequest = {
    from: query.from,
    to: query.to,
    durationMinutes: query.duration && query.duration > 0 ? query.duration : s.cartDurationMinutes,
    postalCode: query.postal_code || s.order.postalCode || null,
    location: s.location,
    requestedInspectorIds: query.inspectors ?? [],
    serviceIds: query.services?.length ? query.services : s.cartServiceIds,
    limit: query.limit ?? 0,
  };
  return findSlots({
    office: s.context.office,
    inspectors: s.context.inspectors,
    busy,
    request,
    rules: {
      allowToday: s.settings.isOn(SETTING.ALLOW_TODAY),
      restrictInspectorZip: s.settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP),
      limitZipByDay: s.settings.isOn(SETTING.LIMIT_ZIP_BY_DAY),
      groupSlots: !s.settings.isOn(SETTING.SHOW_INSPECTOR_NAMES),
    },
    now: now.getTime(),
    // Seeded by the order, so one visitor sees a stable order of equal alternates.
    random: seededRandom(createHash('sha256').update(s.order.id).digest().readUInt32LE(0)),
  });
}

/** Every slot, group members included, that starts exactly at the instant `start` (ms). */
function slotsStartingAt(slots: AppointmentSlot[], start: number): AppointmentSlotBase[] {
  return slots.flatMap((slot) => slot.group ?? [slot]).filter((slot) => slot.timestamp * 1000 === start);
}

/** The slot that starts exactly at `start`, for exactly these inspectors (any team when none are given). */
async function slotAt(db: Database, s: Scheduling, start: number, durationMinutes: number, inspectors: number[], services: string[] | undefined, now: Date): Promise<AppointmentSlotBase | null> {
  const date = s.calendar.localDateOf(start);
  const slots = await slotsFor(db, s, { from: date, to: date, duration: durationMinutes, inspectors, services }, now);
  return slotsStartingAt(slots, start)[0] ?? null;
}

async function alternatives(db: Database, s: Scheduling, fromInstant: number, durationMinutes: number, now: Date, limit = ALTERNATIVES_LIMIT): Promise<AppointmentSlot[]> {
  const from = s.calendar.localDateOf(Math.max(fromInstant, now.getTime()));
  const count = limit > 0 ? limit : ALTERNATIVES_LIMIT;
  // The engine caps each day; the soonest `count` across the days are the alternatives.
  const slots = await slotsFor(db, s, { from, to: addDays(from, ALTERNATIVES_WINDOW_DAYS), duration: durationMinutes, limit: count }, now);
  return slots.slice(0, count);
}

export async function availability(db: Database, session: AuthenticatedSession, query: SlotQuery, now = new Date()): Promise<AppointmentSlot[]> {
  const span = dayNumberOf(query.to) - dayNumberOf(query.from);
  if (span < 0) throw new AppError(400, 'invalid_request', '"to" must not be before "from".', 'to');
  if (span >= MAX_AVAILABILITY_WINDOW_DAYS) throw new AppError(400, 'invalid_request', `One request may span at most ${MAX_AVAILABILITY_WINDOW_DAYS} days.`, 'to');
  return slotsFor(db, await prepare(db, session), query, now);
}

export async function timeAvailable(
  db: Database,
  session: AuthenticatedSession,
  query: Omit<SlotQuery, 'from' | 'to'> & { from: string; to: string },
  now = new Date(),
): Promise<{ status: 'yes' | 'no'; appointments: AppointmentSlot[] }> {
  const s = await prepare(db, session);
  const start = Date.parse(query.from);
  const spanMinutes = Math.round((Date.parse(query.to) - start) / MINUTE_MS);
  const duration = query.duration && query.duration > 0 ? query.duration : spanMinutes > 0 ? spanMinutes : s.cartDurationMinutes;
  const slot = await slotAt(db, s, start, duration, query.inspectors ?? [], query.services, now);
  if (slot) return { status: 'yes', appointments: [] };
  return { status: 'no', appointments: await alternatives(db, s, start, duration, now, query.limit) };
}

export async function validateInspectorsServices(
  db: Database,
  session: AuthenticatedSession,
  query: Omit<SlotQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<{ status: 'ok' | 'conflict'; added_inspectors: number[]; appointments: AppointmentSlot[] }> {
  const s = await prepare(db, session);
  const current = query.inspectors?.length ? query.inspectors : s.order.inspectors.map((i) => i.id);
  const services = query.services?.length ? query.services : s.cartServiceIds;
  const duration = query.duration && query.duration > 0 ? query.duration : s.cartDurationMinutes;
  if (!s.order.datetime) return { status: 'ok', added_inspectors: current, appointments: [] };
  const start = s.order.datetime.getTime();

  // Who is free at the order's time, whatever they perform.
  const date = s.calendar.localDateOf(start);
  const freeSlots = await slotsFor(db, s, { from: date, to: date, duration, services: [], postal_code: query.postal_code }, now);
  const freeIds = new Set(slotsStartingAt(freeSlots, start).flatMap((slot) => slot.users));
  const byId = new Map(s.context.inspectors.map((i) => [i.id, i]));
  const team = current.map((id) => byId.get(id)).filter((i) => i !== undefined);
  if (team.length === current.length && current.every((id) => freeIds.has(id))) {
    const missing = services.filter((service) => !team.some((i) => i.services.includes(service)));
    if (missing.length === 0) return { status: 'ok', added_inspectors: current, appointments: [] };
    const others = [...freeIds].filter((id) => !current.includes(id)).map((id) => byId.get(id)!);
    const additions = teamsFor(others, missing)[0];
    if (additions) return { status: 'ok', added_inspectors: [...current, ...additions.map((i) => i.id)], appointments: [] };
  }
  return { status: 'conflict', added_inspectors: [], appointments: await alternatives(db, s, start, duration, now, query.limit) };
}

export type SetDatetimeResult = { status: 'ok'; hold_expires_at: string | null } | { status: 'unavailable'; appointments: AppointmentSlot[] };

/**
 * Saves the order's date and time and holds it for the session: one hold per inspector of the
 * slot, replacing the session's earlier hold. The database decides races: when another session
 * got the time first, the answer is "unavailable" with alternatives.
 */
export async function setDatetime(
  db: Database,
  session: AuthenticatedSession,
  body: { datetime: string | null; duration?: number; inspectors?: number[] },
  now = new Date(),
): Promise<SetDatetimeResult> {
  const s = await prepare(db, session);
  if (body.datetime === null) {
    await db.transaction(async (tx) => {
      await releaseHold(tx, session.companyId, s.order.id);
      await saveOrderSchedule(tx, session.companyId, s.order.id, { datetime: null, durationMinutes: s.order.durationMinutes, inspectors: [] });
    });
    return { status: 'ok', hold_expires_at: null };
  }
  const start = Date.parse(body.datetime);
  const duration = body.duration && body.duration > 0 ? body.duration : s.cartDurationMinutes;
  const slot = await slotAt(db, s, start, duration, body.inspectors ?? [], undefined, now);
  if (!slot) return { status: 'unavailable', appointments: await alternatives(db, s, start, duration, now) };

  const holdMinutes = s.settings.number(SETTING.HOLD_MINUTES, DEFAULT_HOLD_MINUTES);
  const expiresAt = new Date(now.getTime() + Math.max(1, holdMinutes) * MINUTE_MS);
  try {
    await db.transaction(async (tx) => {
      await replaceHold(tx, { companyId: session.companyId, officeId: session.officeId, orderId: s.order.id, inspectorIds: slot.users, start, end: start + duration * MINUTE_MS, expiresAt, now });
      await saveOrderSchedule(tx, session.companyId, s.order.id, { datetime: new Date(start), durationMinutes: duration, inspectors: slot.users.map((id) => ({ id, requested: false })) });
      await recordOrderEvent(tx, session.companyId, s.order.id, 'datetime_held', { start: new Date(start).toISOString(), duration, inspectors: slot.users });
    });
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    return { status: 'unavailable', appointments: await alternatives(db, s, start, duration, now) };
  }
  return { status: 'ok', hold_expires_at: expiresAt.toISOString() };
}

export async function setInspectors(db: Database, session: AuthenticatedSession, inspectorIds: number[]): Promise<{ status: 'ok' }> {
  const context = await loadSchedulingContext(db, session.companyId, session.officeId);
  if (!context) throw new NotFoundError('The office');
  const known = new Set(context.inspectors.map((i) => i.id));
  const unknown = inspectorIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw new AppError(400, 'unknown_inspector', `Inspector ${inspectorIds[unknown]} does not work for this office.`, String(unknown));
  await saveOrderInspectors(db, session.companyId, session.orderId, [...new Set(inspectorIds)].map((id) => ({ id, requested: false })));
  return { status: 'ok' };
}

/**
 * How far the order's inspectors would drive to the property on that date: from their previous
 * appointment (or home) and on to their next one, against their driving radius.
 */
export async function distanceOnDatetime(
  db: Database,
  session: AuthenticatedSession,
  datetime: string,
  now = new Date(),
): Promise<{ status: 'ok' | 'out_of_range'; miles: number | null; max_miles: number | null }> {
  const s = await prepare(db, session);
  if (!s.location) return { status: 'ok', miles: null, max_miles: null };
  const property = s.location;
  const start = Date.parse(datetime);
  const date = s.calendar.localDateOf(start);
  const dayStart = s.calendar.toInstant(date, 0) ?? start - DAY_MS;
  const dayEnd = s.calendar.toInstant(addDays(date, 1), 0) ?? start + DAY_MS;
  const ids = s.order.inspectors.length ? s.order.inspectors.map((i) => i.id) : s.context.inspectors.map((i) => i.id);
  const busy = await loadBusyIntervals(db, session.companyId, ids, dayStart, dayEnd, s.order.id, now);
  const estimator = straightLineEstimator(s.context.office.scheduling.road_factor, s.context.office.scheduling.average_speed_mph);
  let worst: { miles: number; max: number; over: boolean } | null = null;
  for (const inspector of s.context.inspectors.filter((i) => ids.includes(i.id))) {
    const own = busy.filter((b) => b.inspectorId === inspector.id && b.location).sort((a, b) => a.start - b.start);
    const previous = [...own].reverse().find((b) => b.end <= start)?.location ?? inspector.home_base;
    const next = own.find((b) => b.start >= start)?.location ?? null;
    const miles = Math.max(estimator.miles(previous, property), next ? estimator.miles(property, next) : 0);
    const candidate = { miles: Math.round(miles * 10) / 10, max: inspector.max_drive_miles, over: miles > inspector.max_drive_miles };
    if (!worst || candidate.over > worst.over || (candidate.over === worst.over && candidate.miles - candidate.max > worst.miles - worst.max)) worst = candidate;
  }
  if (!worst) return { status: 'ok', miles: null, max_miles: null };
  return { status: worst.over ? 'out_of_range' : 'ok', miles: worst.miles, max_miles: worst.max };
}

/** The postal-code step (spec 2.4): the property's postal code, before its full address is known. */
export async function setPostalCode(db: Database, session: AuthenticatedSession, postalCode: string): Promise<{ status: 'ok' }> {
  await saveOrderPostalCode(db, session.companyId, session.orderId, postalCode);
  await recordOrderEvent(db, session.companyId, session.orderId, 'step_saved', { step: 'postal-code' });
  return { status: 'ok' };
}
