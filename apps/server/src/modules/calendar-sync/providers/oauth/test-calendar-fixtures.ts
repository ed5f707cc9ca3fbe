import type { BookingEvent } from '../../provider.ts';

/** What the Google and Microsoft adapter tests share: their clock units, the window read, a booking. */
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const T0 = Date.parse('2026-12-01T00:00:00Z');
export const WINDOW = { from: T0, to: T0 + 30 * DAY };

/** A booking of 14:00–17:00 UTC on T0's day (the uid has a quote: it must survive an OData filter). */
export function bookingEvent(overrides: Partial<BookingEvent> = {}): BookingEvent {
  return {
    uid: "order-1-inspector-7-o'neil",
    title: 'Inspection: Smith',
    description: '1 Main St\nhttps://maps.example/1',
    location: '1 Main St, Columbus, OH',
    start: T0 + 14 * HOUR,
    end: T0 + 17 * HOUR,
    timeZone: 'America/New_York',
    ...overrides,
  };
}
