/**
 * A generated office for the availability benchmark: N inspectors around Columbus, Ohio, a
 * six-week window, and about 60 existing appointments per inspector (3,000 for 50).
 */
import type { CompanyDocumentInput, Inspector } from '@scheduler/contracts/company-document';
import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { seededRandom, type BusyInterval } from '@scheduler/domain/availability/engine';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';

export const BENCH_OFFICE = 'b0000000-0000-4000-8000-00000000be4c';
export const SERVICES = [
  'b1000000-0000-4000-8000-000000000001',
  'b1000000-0000-4000-8000-000000000002',
  'b1000000-0000-4000-8000-000000000003',
];
export const APPOINTMENTS_PER_INSPECTOR = 60;
export const WINDOW_DAYS = 42;
export const DURATION_MINUTES = 180;

export function generateDocument(inspectorCount: number): CompanyDocumentInput {
  const random = seededRandom(inspectorCount);
  const inspectors = Array.from({ length: inspectorCount }, (_, i) => ({
    id: i + 1,
    office: BENCH_OFFICE,
    first: `Inspector`,
    last: `Number ${i + 1}`,
    preferred_rank: i % 5 === 0 ? 1 + (i % 3) : null,
    services: i % 4 === 3 ? SERVICES.slice(0, 2) : SERVICES,
    max_inspections_per_day: 4,
    home_base: { latitude: 39.85 + random() * 0.35, longitude: -83.2 + random() * 0.45, postal_code: '43215' },
    max_drive_miles: 60,
    weekly_hours: Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        day === 'sun' ? [] : day === 'sat' ? [{ start: '09:00', end: '13:00' }] : [{ start: '08:00', end: '18:00' }],
      ]),
    ) as Inspector['weekly_hours'],
  }));
  return {
    key: 'bench',
    name: 'Benchmark Inspections',
    states: [{ id: 1, abbreviation: 'OH', name: 'Ohio' }],
    offices: [
      {
        uuid: BENCH_OFFICE,
        name: 'Benchmark office',
        phone: '(614) 555-0100',
        email: 'office@example.com',
        state: 'OH',
        time_zone: 'America/New_York',
        scheduling: {
          slot_granularity_minutes: 15,
          buffer_minutes: 30,
          minimum_notice_hours: 12,
          booking_horizon_days: 120,
        },
      },
    ],
    inspectors,
    services: SERVICES.map((uuid, i) => ({ uuid, name: `Service ${i + 1}`, price_cents: 10000, duration_minutes: 60 })),
  };
}

/**
 * Existing appointments: per inspector, non-overlapping 2-2.5 hour jobs at four daily start times
 * on weekdays, ordered by start as the server loads them.
 */
export function generateAppointments(inspectorCount: number, firstDate: string): BusyInterval[] {
  const random = seededRandom(inspectorCount * 7919);
  const calendar = new ZonedCalendar('America/New_York');
  const busy: BusyInterval[] = [];
  for (let id = 1; id <= inspectorCount; id++) {
    const taken = new Set<string>();
    while (taken.size < APPOINTMENTS_PER_INSPECTOR) {
      const date = addDays(firstDate, Math.floor(random() * WINDOW_DAYS));
      const startMinutes = [8 * 60, 10 * 60 + 30, 13 * 60, 15 * 60 + 30][Math.floor(random() * 4)]!;
      const key = `${date}-${startMinutes}`;
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (taken.has(key) || weekday === 0 || weekday === 6) continue;
      taken.add(key);
      const start = calendar.toInstant(date, startMinutes)!;
      busy.push({
        inspectorId: id,
        start,
        end: start + (120 + Math.floor(random() * 2) * 30) * 60_000,
        location: null,
      });
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** Events per inspector synced from their own calendars in the bench's case of issue 45 (decision 0089). */
export const SYNCED_EVENTS_PER_INSPECTOR = 500;

/**
 * Busy time synced from the inspectors' own calendars: per inspector, `perInspector` events of 30 to
 * 90 minutes between 06:00 and 20:00 over the office's 120-day horizon (about four a day; many
 * overlap the appointments), ordered by start.
 */
export function generateSyncedBusy(inspectorCount: number, firstDate: string, perInspector: number): BusyInterval[] {
  const random = seededRandom(inspectorCount * 104_729 + perInspector);
  const calendar = new ZonedCalendar('America/New_York');
  const busy: BusyInterval[] = [];
  for (let id = 1; id <= inspectorCount; id++) {
    for (let i = 0; i < perInspector; i++) {
      const date = addDays(firstDate, Math.floor(random() * 120));
      const start = calendar.toInstant(date, 6 * 60 + Math.floor(random() * 56) * 15)!;
      busy.push({
        inspectorId: id,
        start,
        end: start + (30 + Math.floor(random() * 5) * 15) * 60_000,
        location: null,
        timeOff: true,
      });
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}
