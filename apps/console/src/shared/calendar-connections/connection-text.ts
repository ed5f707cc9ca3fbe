import type { CalendarConnection } from '@scheduler/contracts/calendar-sync';

/**
 * How a calendar connection is put in words (issue 45, decisions 0089 and 0097): by the
 * inspector's own Account page, and by the Inspectors page where the office sees everyone's.
 */

export const PROVIDER_NAME: Record<CalendarConnection['provider'], string> = {
  caldav: 'CalDAV',
  google: 'Google Calendar',
  microsoft: 'Microsoft 365',
};

const STATUS_TEXT: Record<CalendarConnection['status'], string> = {
  active: 'Connected',
  reconnect: 'Reconnect needed: the calendar refused the password',
  failing: 'Failing: the calendar server does not answer; the busy times last read still count',
};

/** How the busy times are kept fresh (decision 0096). */
export const UPDATES_TEXT: Record<NonNullable<CalendarConnection['updates']>, string> = {
  push: 'Changes arrive as they are made (and are read every 5 minutes besides)',
  polling: 'Read every minute',
  polling_public_url_not_https:
    "Read every minute: instant updates need the scheduler's public address (PUBLIC_URL) on https",
};

/** Busy times are read every minute (every 5 with push, decision 0096); older than this, the office should know they may be out of date. */
export const STALE_AFTER_MS = 10 * 60_000;

/** A connection's state in words; an OAuth grant is withdrawn rather than a password refused. */
export function statusText(connection: CalendarConnection): string {
  if (connection.status === 'reconnect' && connection.provider !== 'caldav')
    return `Reconnect needed: ${PROVIDER_NAME[connection.provider]} no longer lets the scheduler in (access withdrawn or expired)`;
  return STATUS_TEXT[connection.status];
}

/** Whether the busy times are older than they should be (never read counts as old). */
export function isStale(connection: CalendarConnection, now: number): boolean {
  return connection.last_synced_at === null || now - Date.parse(connection.last_synced_at) > STALE_AFTER_MS;
}

/** How long ago, in words ("2 minutes", "3 hours", "2 days"). */
function ago(at: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/** How long ago busy times were read, in words ("Busy times read 2 minutes ago"). */
export function ageText(at: string | null, now: number): string {
  if (at === null) return 'Not read yet';
  if (now - Date.parse(at) < 30_000) return 'Busy times read less than a minute ago';
  return `Busy times read ${ago(at, now)} ago`;
}

/**
 * One inspector's calendars in a line of the office's list: what needs doing first (a reconnect,
 * a failing server, busy times out of date), else that they are connected; null with none.
 */
export function calendarSummary(connections: readonly CalendarConnection[], now: number): string | null {
  if (connections.length === 0) return null;
  const reconnect = connections.find((c) => c.status === 'reconnect');
  if (reconnect) return `Calendar: reconnect ${PROVIDER_NAME[reconnect.provider]}`;
  const failing = connections.find((c) => c.status === 'failing');
  if (failing)
    return `Calendar failing; busy times ${failing.last_synced_at ? `${ago(failing.last_synced_at, now)} old` : 'never read'}`;
  const stale = connections.find((c) => isStale(c, now));
  if (stale)
    return `Calendar: busy times ${stale.last_synced_at ? `${ago(stale.last_synced_at, now)} old` : 'not read yet'}`;
  return `Calendar connected (${connections.map((c) => PROVIDER_NAME[c.provider]).join(', ')})`;
}
