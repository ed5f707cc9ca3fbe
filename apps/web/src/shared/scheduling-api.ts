import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { callApi } from './api-client.ts';
import { answerLater } from './answer-later.ts';
import type { SessionScope, SlotFilter } from './queries.ts';

export type SetDatetimeResult =
  { status: 'ok'; hold_expires_at: string | null } | { status: 'unavailable'; appointments: AppointmentSlot[] };

const baseOf = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

/** GET /availability for one window of dates, both inclusive. */
export function fetchAvailability(
  scope: SessionScope,
  window: { from: string; to: string },
  filter: SlotFilter,
  signal?: AbortSignal,
): Promise<AppointmentSlot[]> {
  const query = new URLSearchParams({ from: window.from, to: window.to });
  if (filter.duration && filter.duration > 0) query.set('duration', String(filter.duration));
  if (filter.limit && filter.limit > 0) query.set('limit', String(filter.limit));
  if (filter.postalCode) query.set('postal_code', filter.postalCode);
  return callApi(`${baseOf(scope)}/availability?${query.toString()}`, {
    session: scope.credentials,
    signal,
    parse: answerLater('availability'),
  });
}

/** POST /set_datetime. A 409 is an answer, not a failure: the time was taken, and alternatives come with it. */
export function postDatetime(
  scope: SessionScope,
  body: { datetime: string | null; duration?: number; inspectors?: number[] },
): Promise<SetDatetimeResult> {
  return callApi(`${baseOf(scope)}/set_datetime`, {
    session: scope.credentials,
    method: 'POST',
    body,
    answers: [200, 409],
    parse: answerLater('setDatetime'),
  });
}

/** POST /set_postal_code (the postal-code step). */
export function postPostalCode(scope: SessionScope, postalCode: string): Promise<{ status: 'ok' }> {
  return callApi(`${baseOf(scope)}/set_postal_code`, {
    session: scope.credentials,
    method: 'POST',
    body: { postal_code: postalCode },
    parse: answerLater('setPostalCode'),
  });
}

/** Spec 4.5, 9.1: availability is first fetched for six weeks. */
export const INITIAL_WINDOW_DAYS = 42;

/** Today's date in the office's time zone, YYYY-MM-DD. */
export function officeToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first date a visitor may book: today when ONLINE_SCHEDULER_V3_ALLOW_TODAY is on, else tomorrow. */
export function firstBookableFrom(today: string, allowToday: boolean): string {
  return allowToday ? today : addDays(today, 1);
}

/** The first bookable date as of now, in the office's time zone. */
export function firstBookableDate(timeZone: string, allowToday: boolean): string {
  return firstBookableFrom(officeToday(timeZone), allowToday);
}
