import { describe, expect, it } from 'vitest';
import type { ConsoleBooking, ConsoleInspectorDay, ConsoleSchedule } from '@scheduler/contracts/console';
import { EMPTY_SCHEDULE } from '../../../test-support/fixtures.ts';
import { dayMap, MAP_SIZE, ROUTE_COLOURS } from './day-map-layout.ts';

const DATE = '2026-12-01';
const booking = (
  local_start: string,
  latitude: number | null,
  longitude: number | null,
  local_date = DATE,
): ConsoleBooking => ({
  start: `${local_date}T14:00:00.000Z`,
  end: `${local_date}T17:00:00.000Z`,
  local_date,
  local_start,
  local_end: '23:00',
  order_id: '11111111-2222-4333-8444-555555555555',
  reference: 'F80ADF62',
  client_name: 'Jane Doe',
  address_line: `${local_start} Main St`,
  services: [],
  paid: false,
  booked_by: 'online',
  agreement_unsigned: false,
  latitude,
  longitude,
});
const inspector = (id: number, name: string, bookings: ConsoleBooking[]): ConsoleInspectorDay => ({
  id,
  name,
  working_hours: [],
  time_off: [],
  bookings,
  holds: [],
});
const schedule = (inspectors: ConsoleInspectorDay[]): ConsoleSchedule => ({ ...EMPTY_SCHEDULE, inspectors });

describe("the day's map", () => {
  it('has a route per inspector with inspections that day, stops numbered by start time, one colour each', () => {
    const routes = dayMap(
      schedule([
        inspector(101, 'Sarah Chen', [booking('13:00', 40.1, -83.1), booking('09:00', 40.0, -83.0)]),
        inspector(102, 'Mike Alvarez', [booking('09:00', 39.9, -82.9, '2026-12-02')]),
        inspector(103, 'Dana Brooks', [booking('10:00', 39.95, -82.95)]),
      ]),
      DATE,
    );
    expect(routes.map((route) => route.name)).toEqual(['Sarah Chen', 'Dana Brooks']);
    expect(routes[0]!.stops.map((stop) => [stop.number, stop.booking.local_start])).toEqual([
      [1, '09:00'],
      [2, '13:00'],
    ]);
    // Colours follow the inspector's column, so a colour means the same person on every day.
    expect(routes[0]!.colour).toBe(ROUTE_COLOURS[0]);
    expect(routes[1]!.colour).toBe(ROUTE_COLOURS[2]);
    expect(routes[0]!.legs).toHaveLength(1);
    expect(routes[0]!.legs[0]!.minutes).toBeGreaterThan(0);
  });

  it('puts north up and east right, inside the padding, with the proportions of the ground', () => {
    const [route] = dayMap(
      schedule([inspector(101, 'Sarah Chen', [booking('09:00', 40.0, -83.0), booking('10:00', 40.2, -82.8)])]),
      DATE,
    );
    const [south, north] = route!.stops.map((stop) => stop.point!);
    expect(north!.y).toBeLessThan(south!.y);
    expect(north!.x).toBeGreaterThan(south!.x);
    const { width, height, padding } = MAP_SIZE;
    for (const point of [south!, north!]) {
      expect(point.x).toBeGreaterThanOrEqual(padding - 1e-9);
      expect(point.x).toBeLessThanOrEqual(width - padding + 1e-9);
      expect(point.y).toBeGreaterThanOrEqual(padding - 1e-9);
      expect(point.y).toBeLessThanOrEqual(height - padding + 1e-9);
    }
    // 0.2° of longitude at 40° N is cos(40°) of 0.2° of latitude on the ground, and so on the map.
    const ratio = (north!.x - south!.x) / (south!.y - north!.y);
    expect(ratio).toBeCloseTo(Math.cos((40.1 * Math.PI) / 180), 6);
  });

  it('centres a lone stop, and leaves an unlocated one off the drawing with no drive to it', () => {
    const [route] = dayMap(
      schedule([inspector(101, 'Sarah Chen', [booking('09:00', 40.0, -83.0), booking('10:00', null, null)])]),
      DATE,
    );
    expect(route!.stops[0]!.point).toEqual({ x: MAP_SIZE.width / 2, y: MAP_SIZE.height / 2 });
    expect(route!.stops[1]!.point).toBeNull();
    expect(route!.legs).toEqual([null]);
  });

  it('is empty on a day with no inspections', () => {
    expect(dayMap(schedule([inspector(101, 'Sarah Chen', [])]), DATE)).toEqual([]);
  });
});
