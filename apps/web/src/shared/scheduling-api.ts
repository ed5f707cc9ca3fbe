import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { callApi, type SessionCredentials } from './api-client.ts';

export type SetDatetimeResult = { status: 'ok'; hold_expires_at: string | null } | { status: 'unavailable'; appointments: AppointmentSlot[] };

/** The scheduling calls of spec 7.4, plus the postal-code save. */
export function schedulingApi(companyKey: string, session: SessionCredentials) {
  const base = `/${companyKey}/json/online_scheduler`;
  return {
    availability(window: { from: string; to: string; duration?: number; limit?: number; postalCode?: string }): Promise<AppointmentSlot[]> {
      const query = new URLSearchParams({ from: window.from, to: window.to });
      if (window.duration && window.duration > 0) query.set('duration', String(window.duration));
      if (window.limit && window.limit > 0) query.set('limit', String(window.limit));
      if (window.postalCode) query.set('postal_code', window.postalCode);
      return callApi<AppointmentSlot[]>(`${base}/availability?${query.toString()}`, { session });
    },
    /** 409 is an answer here, not a failure: the time was taken, and alternatives come with it. */
    async setDatetime(body: { datetime: string | null; duration?: number; inspectors?: number[] }): Promise<SetDatetimeResult> {
      const response = await fetch(`${base}/set_datetime`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': session.token, 'x-office-uuid': session.officeUuid },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
      if (response.status === 200 || response.status === 409) return (await response.json()) as SetDatetimeResult;
      // Let the shared client raise the right error (401 ends the session).
      return callApi<SetDatetimeResult>(`${base}/set_datetime`, { session, method: 'POST', body });
    },
    setPostalCode(postalCode: string): Promise<{ status: 'ok' }> {
      return callApi(`${base}/set_postal_code`, { session, method: 'POST', body: { postal_code: postalCode } });
    },
  };
}

/** Spec 4.5, 9.1: availability is first fetched for six weeks. */
export const INITIAL_WINDOW_DAYS = 42;

/** Today's date in the office's time zone, YYYY-MM-DD. */
export function officeToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first date a visitor may book: today when ONLINE_SCHEDULER_V3_ALLOW_TODAY is on, else tomorrow. */
export function firstBookableDate(timeZone: string, allowToday: boolean): string {
  const today = officeToday(timeZone);
  return allowToday ? today : addDays(today, 1);
}
