import fc from 'fast-check';
import type { Inspector, Office } from '@scheduler/contracts/company-document';
import { WEEKDAYS } from '@scheduler/contracts/company-document';
import { seededRandom, type AvailabilityInput, type AvailabilityRequest } from './engine.ts';

export const SERVICE = {
  home: '00000000-0000-4000-8000-000000000001',
  radon: '00000000-0000-4000-8000-000000000002',
  sewer: '00000000-0000-4000-8000-000000000003',
} as const;

export const COLUMBUS = { latitude: 39.9612, longitude: -82.9988 };

export function office(scheduling: Partial<Office['scheduling']> = {}): Pick<Office, 'time_zone' | 'scheduling'> {
  return {
    time_zone: 'America/New_York',
    scheduling: {
      slot_granularity_minutes: 60,
      fixed_start_times: [],
      default_duration_minutes: 180,
      buffer_minutes: 30,
      minimum_notice_hours: 0,
      booking_horizon_days: 365,
      road_factor: 1.3,
      average_speed_mph: 30,
      ...scheduling,
    },
  };
}

const nineToFive = Object.fromEntries(
  WEEKDAYS.map((day) => [day, [{ start: '09:00', end: '17:00' }]]),
) as Inspector['weekly_hours'];

export function inspector(id: number, changes: Partial<Inspector> = {}): Inspector {
  return {
    id,
    office: '00000000-0000-4000-8000-0000000000ff',
    first: `First${id}`,
    last: `Last${id}`,
    display: '',
    email: '',
    phone: '',
    active: true,
    preferred_rank: null,
    services: [SERVICE.home, SERVICE.radon, SERVICE.sewer],
    max_inspections_per_day: 10,
    home_base: { ...COLUMBUS, postal_code: '43215' },
    max_drive_miles: 50,
    postal_codes: [],
    postal_codes_by_weekday: {},
    weekly_hours: nineToFive,
    overrides: [],
    ...changes,
  };
}

export function request(changes: Partial<AvailabilityRequest> = {}): AvailabilityRequest {
  return {
    from: '2027-03-01',
    to: '2027-03-01',
    durationMinutes: 180,
    postalCode: null,
    location: null,
    requestedInspectorIds: [],
    serviceIds: [SERVICE.home],
    limit: 0,
    ...changes,
  };
}

/** "2027-03-01T09:00" in New York (EST, UTC-5 before 14 March 2027) as UTC ms. */
export function est(localIso: string): number {
  return Date.parse(`${localIso}:00-05:00`);
}

export function input(changes: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    office: office(),
    inspectors: [inspector(1)],
    busy: [],
    request: request(),
    rules: { allowToday: false, restrictInspectorZip: false, limitZipByDay: false, groupSlots: false },
    now: est('2027-02-01T08:00'),
    random: seededRandom(42),
    ...changes,
  };
}

/** A minute of the day for property tests, often on the 15-minute grid where an end meets a start exactly. */
export const minuteOfDay = fc.oneof(
  fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
  fc.integer({ min: 0, max: 24 * 60 - 1 }),
);
