import type { ConsoleBooking, ConsoleSchedule } from '@scheduler/contracts/console';
import { routeLegs, type RouteLeg } from '@scheduler/domain/schedule/day-route';
import { inspectorOn } from './schedule-layout.ts';

/** The drawing's own units (the SVG scales to its box): small enough that its numbers stay readable on a phone. */
export const MAP_SIZE = { width: 400, height: 280, padding: 24 } as const;

/**
 * One colour per inspector, in column order, each at least 4.5:1 on white so a line, a stop and
 * the list's swatch all read (and never the only way to tell them apart: the list names each).
 */
export const ROUTE_COLOURS = ['#1f4e79', '#b3261e', '#2e6b30', '#6a1b9a', '#a24a00', '#00695c', '#ad1457', '#4e342e'];

/** Where a stop sits in the drawing; null when the property was never located. */
export interface MapStop {
  booking: ConsoleBooking;
  number: number;
  point: { x: number; y: number } | null;
}

export interface MapRoute {
  inspectorId: number;
  name: string;
  colour: string;
  stops: MapStop[];
  /** The drive before each stop after the first. */
  legs: Array<RouteLeg | null>;
}

/** Smallest span drawn, in degrees: a day of stops on one street still fills the drawing sensibly. */
const MIN_SPAN_DEGREES = 0.02;

/**
 * The day's routes, one per inspector with inspections on `date`, each stop numbered in the order
 * of its start time, placed by an equirectangular projection of all the day's located stops (at
 * a county's scale the curve of the earth is well under a pixel) fitted to the drawing with its
 * proportions kept, north up.
 */
export function dayMap(schedule: ConsoleSchedule, date: string): MapRoute[] {
  const days = schedule.inspectors
    .map((inspector, index) => ({ inspector, index, bookings: inspectorOn(inspector, date).bookings }))
    .filter((day) => day.bookings.length > 0);
  const located = days.flatMap((day) =>
    day.bookings.flatMap((booking) =>
      booking.latitude === null || booking.longitude === null
        ? []
        : [{ lat: booking.latitude, lng: booking.longitude }],
    ),
  );
  const project = projection(located);
  const drive = { roadFactor: schedule.office.road_factor, averageSpeedMph: schedule.office.average_speed_mph };
  return days.map(({ inspector, index, bookings }) => ({
    inspectorId: inspector.id,
    name: inspector.name,
    colour: ROUTE_COLOURS[index % ROUTE_COLOURS.length]!,
    stops: bookings.map((booking, stop) => ({
      booking,
      number: stop + 1,
      point:
        booking.latitude === null || booking.longitude === null ? null : project(booking.latitude, booking.longitude),
    })),
    legs: routeLegs(bookings, drive),
  }));
}

function projection(points: ReadonlyArray<{ lat: number; lng: number }>) {
  const { width, height, padding } = MAP_SIZE;
  if (points.length === 0) return () => ({ x: width / 2, y: height / 2 });
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const middleLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const middleLng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  // A degree of longitude is shorter than one of latitude by the cosine of the latitude.
  const squeeze = Math.cos((middleLat * Math.PI) / 180);
  const spanX = Math.max((Math.max(...lngs) - Math.min(...lngs)) * squeeze, MIN_SPAN_DEGREES);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), MIN_SPAN_DEGREES);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  return (lat: number, lng: number) => ({
    x: width / 2 + (lng - middleLng) * squeeze * scale,
    y: height / 2 - (lat - middleLat) * scale,
  });
}
