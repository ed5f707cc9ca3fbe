import type { ConsoleBooking, ConsoleTimeOff, ConsoleTimeOffBody } from '@scheduler/contracts/console';
import { addDays, minutesOfTime, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { blockApplies, blockMinutes, type TimeOffBlock } from '@scheduler/domain/schedule/time-off';
import type { Database } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { memberCan, ownInspectorOnly, type ConsoleMember } from '../console-auth/console-member.ts';
import { loadScheduleRows } from './console-schedule.repository.ts';
import { describeBookings, noonOn } from './console-schedule.service.ts';
import {
  deleteTimeOff,
  findTimeOff,
  insertTimeOff,
  inspectorOffice,
  listTimeOff,
  type TimeOffRow,
} from './console-time-off.repository.ts';

const HOUR_MS = 3_600_000;
const MINUTES_PER_DAY = 24 * 60;

/** Time off is refused over these bookings unless the office accepts them (the bookings stay). */
export class TimeOffConflictError extends AppError {
  constructor(readonly conflicts: ConsoleBooking[]) {
    super(
      409,
      'time_off_conflicts',
      `This time off is over ${conflicts.length === 1 ? 'a booked inspection' : `${conflicts.length} booked inspections`}: move or cancel them, or block the time anyway.`,
    );
  }
}

function asTimeOff(row: TimeOffRow): ConsoleTimeOff {
  return {
    id: row.id,
    inspector_id: row.inspectorId,
    from_date: row.fromDate,
    to_date: row.toDate,
    weekdays: row.weekdays ?? null,
    start_time: row.startTime,
    end_time: row.endTime,
    note: row.note,
    created_by: row.createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** An inspector member may block only their own time; everyone else any inspector's. */
function assertMayBlock(member: ConsoleMember, inspectorId: number): void {
  if (!memberCan(member, 'time_off.manage', member.inspectorId === inspectorId))
    throw new AppError(403, 'forbidden', 'You can block only your own time.');
}

export async function timeOffList(
  db: Database,
  member: ConsoleMember,
  filter: { inspector_id?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<{ time_off: ConsoleTimeOff[] }> {
  const inspectorId = ownInspectorOnly(member, 'time_off.read') ?? filter.inspector_id;
  const rows = await listTimeOff(db, member.companyId, { inspectorId, from: filter.from, to: filter.to });
  return { time_off: rows.map(asTimeOff) };
}

/** Whether a booking (on the office's clock) falls in the block's time on its date. */
function overlapsBlock(booking: ConsoleBooking, block: TimeOffBlock): boolean {
  if (!blockApplies(block, booking.local_date)) return false;
  const span = blockMinutes(block);
  const start = minutesOfTime(booking.local_start);
  // A booking past midnight runs to the end of its first date, for this check.
  const end = booking.local_end > booking.local_start ? minutesOfTime(booking.local_end) : MINUTES_PER_DAY;
  return start < span.to && end > span.from;
}

/** The inspector's booked inspections still ahead that the block would fall on. */
async function conflictsOf(
  db: Database,
  member: ConsoleMember,
  inspectorId: number,
  timeZone: string,
  block: TimeOffBlock,
  now: Date,
): Promise<ConsoleBooking[]> {
  const calendar = ZonedCalendar.of(timeZone);
  const fromMs = Math.max(now.getTime(), noonOn(calendar, block.from_date) - 36 * HOUR_MS);
  const toMs = noonOn(calendar, addDays(block.to_date, 1)) + 12 * HOUR_MS;
  if (toMs <= fromMs) return [];
  const rows = (await loadScheduleRows(db, member.companyId, [inspectorId], fromMs, toMs, now)).filter(
    (row) => row.kind === 'appointment' && row.endMs > now.getTime(),
  );
  const bookings = await describeBookings(db, member.companyId, timeZone, rows);
  return bookings.filter((booking) => overlapsBlock(booking, block)).map(({ inspector_id: _, ...booking }) => booking);
}

/** Blocks an inspector's time; refused over booked inspections unless `accept_conflicts`. */
export async function addTimeOff(
  db: Database,
  member: ConsoleMember,
  body: ConsoleTimeOffBody,
  now: Date,
): Promise<ConsoleTimeOff> {
  assertMayBlock(member, body.inspector_id);
  const office = await inspectorOffice(db, member.companyId, body.inspector_id);
  if (!office) throw new AppError(400, 'invalid_request', 'No such inspector in this company.', 'inspector_id');
  const block: TimeOffBlock = {
    from_date: body.from_date,
    to_date: body.to_date,
    weekdays: body.weekdays,
    start_time: body.start_time,
    end_time: body.end_time,
  };
  if (!body.accept_conflicts) {
    const conflicts = await conflictsOf(db, member, body.inspector_id, office.timeZone, block, now);
    if (conflicts.length) throw new TimeOffConflictError(conflicts);
  }
  const row = await insertTimeOff(db, {
    companyId: member.companyId,
    inspectorId: body.inspector_id,
    fromDate: body.from_date,
    toDate: body.to_date,
    weekdays: body.weekdays,
    startTime: body.start_time,
    endTime: body.end_time,
    note: body.note,
    createdByUserId: member.userId,
    createdByName: member.userName,
  });
  return asTimeOff(row);
}

/** Gives the time back; 404 for another company's block or one that is gone. */
export async function removeTimeOff(db: Database, member: ConsoleMember, id: string): Promise<void> {
  const row = await findTimeOff(db, member.companyId, id);
  if (!row) throw new AppError(404, 'not_found', 'No such time off.');
  assertMayBlock(member, row.inspectorId);
  await deleteTimeOff(db, member.companyId, id);
}
