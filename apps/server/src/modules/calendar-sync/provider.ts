/**
 * What the calendar sync (issue 45) asks of an inspector's calendar provider: CalDAV, Google
 * Calendar or Microsoft 365. The sync's core (connections, stored busy times, the jobs that write
 * bookings) speaks only this; each provider turns it into its own wire format. Times are UTC epoch
 * milliseconds, intervals half-open [start, end).
 */

export type CalendarProviderKind = 'caldav' | 'google' | 'microsoft';

/** One calendar of a connected account, as the inspector chooses among them. */
export interface ProviderCalendar {
  /** The provider's id of the calendar (a CalDAV collection URL, a Google calendar id, a Graph id). */
  id: string;
  name: string;
  /** The account's main calendar: where bookings go unless the inspector picks another. */
  primary: boolean;
  /** Whether events can be written there (a shared read-only calendar cannot take bookings). */
  writable: boolean;
  /** The calendar's IANA zone, when the provider says. */
  timeZone: string | null;
}

/**
 * One event instance that keeps the inspector busy. A recurring series arrives as its instances
 * (exceptions applied); an all-day event spans its days in the calendar's zone.
 */
export interface BusyEvent {
  /**
   * Stable across syncs and unique within its calendar: the provider's instance id (for a
   * recurring series, one per instance), so that a later change or removal names the same one.
   */
  eventId: string;
  start: number;
  end: number;
}

/**
 * What one read of a calendar found. `full`: `busy` is every busy instance in the window and
 * replaces whatever was stored for the calendar. `changes`: only what changed since `cursor` was
 * given — `busy` instances added or changed, `removed` instances gone (deleted, cancelled, turned
 * free or tentative, invitation declined).
 *
 * A provider never reports as busy: events marked free (transparent) or tentative, invitations the
 * owner declined, and events this product wrote itself (a booking is already a commitment; reading
 * it back would block its own time twice). Each provider recognises its own events by the marker it
 * writes in `createEvent`.
 */
export interface BusyRead {
  mode: 'full' | 'changes';
  busy: BusyEvent[];
  removed: string[];
  /** What to pass next time to read only the changes (a sync token, a delta link); null if none. */
  cursor: string | null;
}

/** A booking as it appears in the inspector's calendar. */
export interface BookingEvent {
  /**
   * This product's stable id of the event (one per order and inspector). Creating twice with the
   * same uid must not make two events: the provider derives its own idempotency from it (a CalDAV
   * resource name with If-None-Match, a Google event id, a Graph transactionId).
   */
  uid: string;
  title: string;
  /** Plain text: the address with a map link, the order's console link. */
  description: string;
  location: string;
  start: number;
  end: number;
  /** The office's IANA zone, in which the event is written. */
  timeZone: string;
}

/** Where a written booking lives, kept so that a move or a cancel finds it. */
export interface EventRef {
  calendarId: string;
  /** The provider's id of the event (a resource URL, an event id). */
  eventId: string;
  /** The version last written, when the provider has one (an ETag). */
  etag: string | null;
}

export interface CalendarProvider {
  readonly kind: CalendarProviderKind;
  listCalendars(): Promise<ProviderCalendar[]>;
  /**
   * The calendar's busy instances touching [window.from, window.to). With a cursor from an earlier
   * read the provider may answer `changes`; it answers `full` when it has no cursor or its cursor
   * has expired (it never throws for an expired cursor).
   */
  readBusy(calendarId: string, window: { from: number; to: number }, cursor: string | null): Promise<BusyRead>;
  /** Writes the booking; a second call with the same uid returns the first event's ref. */
  createEvent(calendarId: string, event: BookingEvent): Promise<EventRef>;
  /** Moves or rewrites the booking; throws `EventGoneError` if it no longer exists there. */
  updateEvent(ref: EventRef, event: BookingEvent): Promise<EventRef>;
  /** Removes the booking; an event already gone counts as removed. */
  deleteEvent(ref: EventRef): Promise<void>;
  /**
   * Providers that push changes (Google's channels, Graph's subscriptions): asks the provider to
   * call `address` when the calendar changes, carrying `token` so the call can be told genuine.
   * CalDAV has none and is polled.
   */
  watch?(
    calendarId: string,
    input: { address: string; channelId: string; token: string; expiresAt: number },
  ): Promise<PushChannel>;
  stopWatch?(channel: PushChannel): Promise<void>;
}

/** A push subscription a provider granted; renewed before `expiresAt`. */
export interface PushChannel {
  channelId: string;
  /** The provider's id of the watched resource (Google's resourceId, Graph's subscription id). */
  resourceId: string | null;
  expiresAt: number;
}

/** The grant no longer works (revoked, password changed): the inspector must reconnect. */
export class CalendarAuthError extends Error {
  constructor(readonly code: string) {
    super(`calendar authorisation failed: ${code}`);
  }
}

/** The provider asked us to slow down (429, or 503 with Retry-After). */
export class CalendarRateLimitError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`calendar provider rate limit: retry after ${retryAfterMs} ms`);
  }
}

/** A timeout, a 5xx, a refused connection: worth retrying later with back-off. */
export class CalendarUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`calendar provider unavailable: ${code}`);
  }
}

/** The event to update is no longer in the calendar (the inspector deleted it). */
export class EventGoneError extends Error {
  constructor() {
    super('calendar event is gone');
  }
}

/** Tokens of an OAuth 2.0 grant (Google, Microsoft). */
export interface OAuthTokens {
  accessToken: string;
  /** May be rotated by a refresh: always store the latest. */
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
}

/** The OAuth 2.0 authorisation-code flow (with PKCE) of a provider. */
export interface OAuthClient {
  /** Where to send the inspector's browser to grant access to their calendars. */
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<OAuthTokens>;
  /** Throws `CalendarAuthError` when the grant was revoked (invalid_grant). */
  refresh(refreshToken: string): Promise<OAuthTokens>;
}
