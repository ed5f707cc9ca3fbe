/**
 * Google Calendar (API v3) as a `CalendarProvider` (issue 45, decision 0090), in plain fetch with
 * zod-read answers. The lead wires these into the registry:
 *
 *   createGoogleOAuthClient({ clientId, clientSecret, authorizeUrl?, tokenUrl?, timeoutMs?, now? }): OAuthClient
 *   createGoogleCalendarProvider({ tokens, onTokens, oauth, apiBase?, timeoutMs?, now? }): CalendarProvider
 *
 * `tokens` are the account's current OAuth tokens; `onTokens` receives them after every refresh
 * (store them: Google may rotate the refresh token). Base URLs default to Google's; the tests point
 * them at test-google-server.ts.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  EventGoneError,
  type BookingEvent,
  type BusyEvent,
  type BusyRead,
  type CalendarProvider,
  type EventRef,
  type OAuthClient,
  type OAuthTokens,
  type ProviderCalendar,
  type PushChannel,
} from '../../provider.ts';
import { createOAuthClient } from '../oauth/oauth-client.ts';
import { AuthorizedHttp, expectDoneOrGone, isTimeZone, localMidnight, readAnswer } from '../oauth/provider-http.ts';

export const GOOGLE_API_BASE = 'https://www.googleapis.com/calendar/v3';
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Read the calendar list, read and write events (calendar.readonly could not write bookings). */
export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/calendar'] as const;
/** The private extended property every event we write carries: how a read-back knows its own. */
export const GOOGLE_MARKER = 'onlineSchedulerBooking';
/** events.list's largest page. */
const PAGE_SIZE = 2500;

export function createGoogleOAuthClient(input: {
  clientId: string;
  clientSecret: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}): OAuthClient {
  return createOAuthClient({
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    authorizeUrl: input.authorizeUrl ?? GOOGLE_AUTHORIZE_URL,
    tokenUrl: input.tokenUrl ?? GOOGLE_TOKEN_URL,
    scopes: GOOGLE_SCOPES,
    // A refresh token is granted only offline, and again on a reconnect only with prompt=consent.
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.now === undefined ? {} : { now: input.now }),
  });
}

/**
 * The Google event id of a booking: base32hex (a–v, 0–9; Google allows 5–1024 of them) of the
 * SHA-256 of the uid, so the same booking always has the same id and a second insert is a 409.
 */
export function googleEventIdOf(uid: string): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  const bytes = createHash('sha256').update(uid, 'utf8').digest();
  let id = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += alphabet[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) id += alphabet[(buffer << (5 - bits)) & 31];
  return id;
}

const eventTime = z.object({ date: z.string().optional(), dateTime: z.string().optional() });
const googleEvent = z.object({
  id: z.string(),
  etag: z.string().optional(),
  status: z.string().optional(),
  transparency: z.string().optional(),
  start: eventTime.optional(),
  end: eventTime.optional(),
  attendees: z.array(z.object({ self: z.boolean().optional(), responseStatus: z.string().optional() })).optional(),
  extendedProperties: z.object({ private: z.record(z.string(), z.string()).optional() }).optional(),
});
type GoogleEvent = z.infer<typeof googleEvent>;
const eventsPage = z.object({
  timeZone: z.string().optional(),
  items: z.array(googleEvent).default([]),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});
const calendarListPage = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        summary: z.string().optional(),
        summaryOverride: z.string().optional(),
        primary: z.boolean().optional(),
        accessRole: z.string(),
        timeZone: z.string().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});
const channel = z.object({
  id: z.string(),
  resourceId: z.string().optional(),
  expiration: z.coerce.number().optional(),
});

/** Whether an event keeps the calendar's owner busy (provider.ts's rules) and is not one of ours. */
function isBusy(event: GoogleEvent): boolean {
  if (event.status === 'cancelled' || event.status === 'tentative') return false;
  if (event.transparency === 'transparent') return false;
  if (event.attendees?.some((attendee) => attendee.self === true && attendee.responseStatus === 'declined'))
    return false;
  if (event.extendedProperties?.private?.[GOOGLE_MARKER] !== undefined) return false;
  return true;
}

function instantOf(time: z.infer<typeof eventTime> | undefined, timeZone: string): number | null {
  if (time?.dateTime !== undefined) {
    const instant = Date.parse(time.dateTime);
    return Number.isNaN(instant) ? null : instant;
  }
  if (time?.date !== undefined) return localMidnight(time.date, timeZone);
  return null;
}

function busyOf(event: GoogleEvent, timeZone: string): BusyEvent | null {
  if (!isBusy(event)) return null;
  const start = instantOf(event.start, timeZone);
  const end = instantOf(event.end, timeZone);
  if (start === null || end === null || end <= start) return null;
  return { eventId: event.id, start, end };
}

export function createGoogleCalendarProvider(input: {
  tokens: OAuthTokens;
  onTokens: (tokens: OAuthTokens) => void | Promise<void>;
  oauth: OAuthClient;
  apiBase?: string;
  timeoutMs?: number;
  now?: () => number;
}): CalendarProvider {
  const base = input.apiBase ?? GOOGLE_API_BASE;
  const http = new AuthorizedHttp({
    tokens: input.tokens,
    onTokens: input.onTokens,
    oauth: input.oauth,
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.now === undefined ? {} : { now: input.now }),
    // Google answers a quota overrun as 403 with reason rateLimitExceeded or userRateLimitExceeded.
    rateLimited: (answer) =>
      answer.status === 403 && /"reason"\s*:\s*"(user)?RateLimitExceeded"/i.test(JSON.stringify(answer.body)),
  });
  const eventsUrl = (calendarId: string) => `${base}/calendars/${encodeURIComponent(calendarId)}/events`;
  const eventUrl = (ref: { calendarId: string; eventId: string }) =>
    `${eventsUrl(ref.calendarId)}/${encodeURIComponent(ref.eventId)}`;

  function bodyOf(event: BookingEvent) {
    return {
      summary: event.title,
      description: event.description,
      location: event.location,
      start: { dateTime: new Date(event.start).toISOString(), timeZone: event.timeZone },
      end: { dateTime: new Date(event.end).toISOString(), timeZone: event.timeZone },
      transparency: 'opaque',
      extendedProperties: { private: { [GOOGLE_MARKER]: event.uid } },
    };
  }

  const refOf = (calendarId: string, event: GoogleEvent): EventRef => ({
    calendarId,
    eventId: event.id,
    etag: event.etag ?? null,
  });

  /** Every page of one events.list; null when Google says the sync token has expired (410). */
  async function listEvents(
    calendarId: string,
    params: Record<string, string>,
  ): Promise<{ events: GoogleEvent[]; timeZone: string | undefined; syncToken: string | null } | null> {
    const events: GoogleEvent[] = [];
    let pageToken: string | undefined;
    let timeZone: string | undefined;
    for (;;) {
      const url = new URL(eventsUrl(calendarId));
      for (const [name, value] of Object.entries({ ...params, singleEvents: 'true', maxResults: String(PAGE_SIZE) }))
        url.searchParams.set(name, value);
      if (pageToken !== undefined) url.searchParams.set('pageToken', pageToken);
      const answer = await http.send({ method: 'GET', url: url.toString() });
      // 410 fullSyncRequired: the sync token has expired (Google's "Synchronize resources efficiently").
      if (answer.status === 410 && params.syncToken !== undefined) return null;
      const page = readAnswer(eventsPage, answer);
      events.push(...page.items);
      timeZone ??= page.timeZone;
      if (page.nextPageToken === undefined) return { events, timeZone, syncToken: page.nextSyncToken ?? null };
      pageToken = page.nextPageToken;
    }
  }

  return {
    kind: 'google',

    async listCalendars(): Promise<ProviderCalendar[]> {
      const calendars: ProviderCalendar[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const url = new URL(`${base}/users/me/calendarList`);
        url.searchParams.set('maxResults', '250');
        if (pageToken !== undefined) url.searchParams.set('pageToken', pageToken);
        const page = readAnswer(calendarListPage, await http.send({ method: 'GET', url: url.toString() }));
        for (const item of page.items)
          calendars.push({
            id: item.id,
            name: item.summaryOverride ?? item.summary ?? item.id,
            primary: item.primary === true,
            writable: item.accessRole === 'owner' || item.accessRole === 'writer',
            timeZone: item.timeZone ?? null,
          });
        if (page.nextPageToken === undefined) return calendars;
        pageToken = page.nextPageToken;
      }
    },

    async readBusy(calendarId, window, cursor): Promise<BusyRead> {
      if (cursor !== null) {
        // A sync token carries the first read's query; Google refuses timeMin/timeMax beside it.
        const changes = await listEvents(calendarId, { syncToken: cursor });
        if (changes !== null) {
          const timeZone = isTimeZone(changes.timeZone) ? changes.timeZone : 'UTC';
          const busy: BusyEvent[] = [];
          const removed: string[] = [];
          for (const event of changes.events) {
            const instance = busyOf(event, timeZone);
            // An instance moved out of the window is gone from it as much as a deleted one.
            if (instance !== null && instance.start < window.to && instance.end > window.from) busy.push(instance);
            else removed.push(event.id);
          }
          return { mode: 'changes', busy, removed, cursor: changes.syncToken ?? cursor };
        }
      }
      const full = await listEvents(calendarId, {
        timeMin: new Date(window.from).toISOString(),
        timeMax: new Date(window.to).toISOString(),
      });
      if (full === null) throw new Error('events.list without a sync token cannot answer 410');
      const timeZone = isTimeZone(full.timeZone) ? full.timeZone : 'UTC';
      const busy = full.events.flatMap((event) => busyOf(event, timeZone) ?? []);
      return { mode: 'full', busy, removed: [], cursor: full.syncToken };
    },

    async createEvent(calendarId, event) {
      const id = googleEventIdOf(event.uid);
      const answer = await http.send({ method: 'POST', url: eventsUrl(calendarId), json: { id, ...bodyOf(event) } });
      if (answer.status !== 409) return refOf(calendarId, readAnswer(googleEvent, answer));
      // The id is taken: an earlier create of this booking got through. Write this one over it,
      // status confirmed, so that a booking the inspector had deleted comes back.
      const existing = await http.send({
        method: 'PUT',
        url: eventUrl({ calendarId, eventId: id }),
        json: { ...bodyOf(event), status: 'confirmed' },
      });
      return refOf(calendarId, readAnswer(googleEvent, existing));
    },

    async updateEvent(ref, event) {
      // An event the inspector deleted stays readable as cancelled for a while, and a PUT would
      // bring it back: look first.
      const current = await http.send({ method: 'GET', url: eventUrl(ref) });
      if (current.status === 404 || current.status === 410) throw new EventGoneError();
      if (readAnswer(googleEvent, current).status === 'cancelled') throw new EventGoneError();
      const answer = await http.send({ method: 'PUT', url: eventUrl(ref), json: bodyOf(event) });
      if (answer.status === 404 || answer.status === 410) throw new EventGoneError();
      return refOf(ref.calendarId, readAnswer(googleEvent, answer));
    },

    async deleteEvent(ref) {
      expectDoneOrGone(await http.send({ method: 'DELETE', url: eventUrl(ref) }));
    },

    async watch(calendarId, { address, channelId, token, expiresAt }): Promise<PushChannel> {
      const answer = await http.send({
        method: 'POST',
        url: `${eventsUrl(calendarId)}/watch`,
        json: { id: channelId, type: 'web_hook', address, token, expiration: String(expiresAt) },
      });
      const granted = readAnswer(channel, answer);
      // Google may grant a shorter life than asked.
      return {
        channelId: granted.id,
        resourceId: granted.resourceId ?? null,
        expiresAt: granted.expiration ?? expiresAt,
      };
    },

    async stopWatch(pushChannel) {
      const answer = await http.send({
        method: 'POST',
        url: `${base}/channels/stop`,
        json: { id: pushChannel.channelId, resourceId: pushChannel.resourceId },
      });
      expectDoneOrGone(answer);
    },
  };
}
