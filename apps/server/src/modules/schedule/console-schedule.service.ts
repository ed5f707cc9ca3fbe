import type {
  ConsoleBooking,
  ConsoleHold,
  ConsoleInspectors,
  ConsoleSchedule,
  ConsoleScheduleQuery,
  ConsoleTimeOffSpan,
} from '@scheduler/contracts/console';
import { addDays, timeOfMinutes, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { blockApplies, blockMinutes, type TimeOffBlock } from '@scheduler/domain/schedule/time-off';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import { workingHoursOn } from '@scheduler/domain/schedule/working-hours';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { ownInspectorOnly, type ConsoleMember } from '../console-auth/console-member.ts';
import { orderReference } from '@scheduler/domain/order-reference';
import { officeSchedulingSchema } from '@scheduler/contracts/company-document';
import {
  loadClientNames,
  loadCompanyInspectors,
  loadOfficeInspectors,
  loadOffices,
  loadScheduleRows,
  type ScheduleRow,
} from './console-schedule.repository.ts';
import { listTimeOff, type TimeOffRow } from './console-time-off.repository.ts';
import { flaggedUnsignedOrders } from './unsigned-agreements.ts';

const HOUR_MS = 3_600_000;

/** What the console says for a booking made by a visitor on the company's site. */
export const BOOKED_ONLINE = 'online';

type Snapshot = { lines?: Array<{ name?: unknown }> } | null;

function servicesOf(snapshot: Record<string, unknown> | null): string[] {
  return ((snapshot as Snapshot)?.lines ?? [])
    .map((line) => htmlToPlainText(String(line.name ?? '')))
    .filter((name) => name !== '');
}

function addressLineOf(row: Pick<ScheduleRow, 'address1' | 'address2' | 'city' | 'postalCode'>): string {
  const street = [row.address1, row.address2].filter((part) => part.trim() !== '').join(', ');
  return [street, [row.city, row.postalCode].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ');
}

/** A span of the schedule on the office's clock. */
function spanOf(timeZone: string, startMs: number, endMs: number) {
  const start = officeClockAt(timeZone, startMs);
  const end = officeClockAt(timeZone, endMs);
  return {
    start: new Date(startMs).toISOString(),
    end: new Date(endMs).toISOString(),
    local_date: start.date,
    local_start: start.time,
    local_end: end.time,
  };
}

/** Noon of a local date on the office's clock: an instant every date has, whatever the zone's changes. */
export function noonOn(calendar: ZonedCalendar, date: string): number {
  return calendar.toInstant(date, 12 * 60) ?? Date.parse(`${date}T12:00:00Z`);
}

/** The office's drive estimate as its stored `scheduling` says it (defaults where it is silent). */
function driveEstimateOf(scheduling: Record<string, unknown>): { road_factor: number; average_speed_mph: number } {
  const { road_factor, average_speed_mph } = officeSchedulingSchema.parse(scheduling);
  return { road_factor, average_speed_mph };
}

/**
 * Where an order is as the availability engine places it: its located address, else its postal
 * code's centre (the scheduling store's `placeOf`), so the day's map draws the places the engine
 * scheduled the drives between.
 */
export type PlaceFinder = (order: {
  latitude: number | null;
  longitude: number | null;
  postalCode: string;
}) => Promise<{ latitude: number; longitude: number } | null>;

/** The row's own coordinates: without a finder, only a located address has any. */
const ownPlace: PlaceFinder = async ({ latitude, longitude }) =>
  latitude === null || longitude === null ? null : { latitude, longitude };

/**
 * Booked appointments as the console shows them, each with its inspector; `unsigned`: the orders
 * whose unsigned agreement is flagged (none unless the caller read them).
 */
export async function describeBookings(
  db: Executor,
  companyId: string,
  timeZone: string,
  rows: readonly ScheduleRow[],
  placeOf: PlaceFinder = ownPlace,
  unsigned: ReadonlySet<string> = new Set(),
): Promise<Array<ConsoleBooking & { inspector_id: number }>> {
  const clients = await loadClientNames(db, companyId, [...new Set(rows.map((row) => row.orderId))]);
  const places = await Promise.all(rows.map((row) => placeOf(row)));
  return rows.map((row, index) => ({
    ...spanOf(timeZone, row.startMs, row.endMs),
    inspector_id: row.inspectorId,
    order_id: row.orderId,
    reference: orderReference(row.orderId),
    client_name: storedPersonName(clients.get(row.orderId) ?? {}),
    address_line: addressLineOf(row),
    services: servicesOf(row.pricingSnapshot),
    paid: row.paid,
    booked_by: row.bookedByName ?? BOOKED_ONLINE,
    latitude: places[index]?.latitude ?? null,
    longitude: places[index]?.longitude ?? null,
    agreement_unsigned: unsigned.has(row.orderId),
  }));
}

/** Each block's piece on each date shown that it takes time on. */
function timeOffSpans(blocks: readonly TimeOffRow[], dates: readonly string[]): ConsoleTimeOffSpan[] {
  return dates.flatMap((date) =>
    blocks
      .map(blockOfRow)
      .filter(({ block }) => blockApplies(block, date))
      .map(({ row, block }) => {
        const minutes = blockMinutes(block);
        return {
          time_off_id: row.id,
          local_date: date,
          local_start: timeOfMinutes(minutes.from),
          local_end: timeOfMinutes(minutes.to),
          note: row.note,
          recurring: row.weekdays !== null,
        };
      }),
  );
}

/** A stored block as the domain reads it. */
export function blockOfRow(row: TimeOffRow): { row: TimeOffRow; block: TimeOffBlock } {
  return {
    row,
    block: {
      from_date: row.fromDate,
      to_date: row.toDate,
      weekdays: row.weekdays ?? null,
      start_time: row.startTime,
      end_time: row.endTime,
    },
  };
}

/** The company's inspectors for the console's filters and forms. */
export async function companyInspectors(db: Executor, member: ConsoleMember): Promise<ConsoleInspectors> {
  const rows = await loadCompanyInspectors(db, member.companyId, ownInspectorOnly(member, 'schedule.read'));
  return {
    inspectors: rows.map((row) => ({
      id: row.id,
      name: row.name,
      office_uuid: row.officeId,
      office_name: row.officeName,
    })),
  };
}

/**
 * The office's day or week as the console draws it: per inspector, their working hours, their
 * booked inspections and the holds visitors have on their time now. An inspector member sees only
 * their own column, unless the company lets inspectors see everyone's.
 */
export async function officeSchedule(
  db: Executor,
  member: ConsoleMember,
  query: ConsoleScheduleQuery,
  now: Date,
  placeOf: PlaceFinder = ownPlace,
): Promise<ConsoleSchedule> {
  const offices = await loadOffices(db, member.companyId);
  const office = query.office_uuid ? offices.find((candidate) => candidate.id === query.office_uuid) : offices[0];
  if (!office)
    throw new AppError(404, 'not_found', query.office_uuid ? 'No such office.' : 'The company has no office.');
  const onlyInspector = ownInspectorOnly(member, 'schedule.read');
  const inspectors = await loadOfficeInspectors(db, member.companyId, office.id, onlyInspector);

  const dates = Array.from({ length: query.days }, (_, index) => addDays(query.from, index));
  const calendar = ZonedCalendar.of(office.timeZone);
  // A margin of a day on each side of the dates' instants (whatever the zone's offset); rows are
  // then kept by their start's local date.
  const fromMs = noonOn(calendar, dates[0]!) - 36 * HOUR_MS;
  const toMs = noonOn(calendar, dates.at(-1)!) + 36 * HOUR_MS;
  const shown = new Set(dates);
  const rows = (
    await loadScheduleRows(
      db,
      member.companyId,
      inspectors.map((i) => i.id),
      fromMs,
      toMs,
      now,
    )
  ).filter((row) => shown.has(officeClockAt(office.timeZone, row.startMs).date));
  const appointments = rows.filter((row) => row.kind === 'appointment');
  // Flagged on the app's clock, as the order page flags it: one rule for the office and the inspector.
  const unsigned = await flaggedUnsignedOrders(
    db,
    member.companyId,
    appointments.map((row) => ({ orderId: row.orderId, start: row.startMs })),
    now,
  );
  const bookings = await describeBookings(db, member.companyId, office.timeZone, appointments, placeOf, unsigned);
  const timeOff = await listTimeOff(db, member.companyId, { from: dates[0], to: dates.at(-1) });
  // A hold says when, never whose: the visitor has not booked, and the console is not theirs to read yet.
  const holdOf = (row: ScheduleRow): ConsoleHold => ({
    ...spanOf(office.timeZone, row.startMs, row.endMs),
    expires_at: (row.holdExpiresAt ?? now).toISOString(),
  });

  return {
    office: { uuid: office.id, name: office.name, time_zone: office.timeZone, ...driveEstimateOf(office.scheduling) },
    offices: offices.map((candidate) => ({ uuid: candidate.id, name: candidate.name })),
    from: query.from,
    dates,
    zone_abbreviations: dates.map((date) => officeClockAt(office.timeZone, noonOn(calendar, date)).abbreviation),
    inspectors: inspectors.map((inspector) => {
      const own = rows.filter((row) => row.inspectorId === inspector.id);
      return {
        id: inspector.id,
        name: inspector.name,
        working_hours: dates.flatMap((date) =>
          workingHoursOn(inspector, date).map((interval) => ({
            local_date: date,
            local_start: interval.start,
            local_end: interval.end,
          })),
        ),
        bookings: bookings
          .filter((booking) => booking.inspector_id === inspector.id)
          .map(({ inspector_id: _, ...booking }) => booking),
        time_off: timeOffSpans(
          timeOff.filter((block) => block.inspectorId === inspector.id),
          dates,
        ),
        holds: own.filter((row) => row.kind === 'hold').map(holdOf),
      };
    }),
  };
}
