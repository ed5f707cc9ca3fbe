/**
 * Microsoft 365 calendars through Microsoft Graph v1.0 as a `CalendarProvider` (issue 45, decision
 * 0090), in plain fetch with zod-read answers. The lead wires these into the registry:
 *
 *   createMicrosoftOAuthClient({ clientId, clientSecret, tenant?, authorizeUrl?, tokenUrl?, timeoutMs?, now? }): OAuthClient
 *   createMicrosoftCalendarProvider({ tokens, onTokens, oauth, defaultTimeZone, apiBase?, pageSize?, timeoutMs?, now? }): CalendarProvider
 *
 * `tokens` are the account's current OAuth tokens; `onTokens` receives them after every refresh
 * (store them: Microsoft rotates the refresh token on every refresh). `defaultTimeZone` (the
 * office's) places all-day events when the mailbox's own zone cannot be read. Base URLs default
 * to Microsoft's; the tests point them at test-graph-server.ts.
 */
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
import {
  AuthorizedHttp,
  expectDoneOrGone,
  isTimeZone,
  localMidnight,
  readAnswer,
  unexpected,
  type HttpAnswer,
} from '../oauth/provider-http.ts';

export const GRAPH_API_BASE = 'https://graph.microsoft.com/v1.0';
export const MICROSOFT_LOGIN_BASE = 'https://login.microsoftonline.com';
/** offline_access: a refresh token; MailboxSettings.Read: the mailbox's zone for all-day events. */
export const MICROSOFT_SCOPES = [
  'offline_access',
  'https://graph.microsoft.com/Calendars.ReadWrite',
  'https://graph.microsoft.com/MailboxSettings.Read',
] as const;
/**
 * The single-value extended property (a named MAPI string property in our own property set) every
 * event we write carries, its value the booking's uid: what a lookup by uid filters on.
 */
export const GRAPH_MARKER_ID = 'String {6f1d3c2a-45b1-4d0e-9a7c-0b5e2d8f4a91} Name onlineSchedulerBooking';
/** Our events' transactionId starts so: how a read-back (where extended properties are not expanded) knows its own. */
export const GRAPH_TRANSACTION_PREFIX = 'online-scheduler:';
/** Delta pages (Prefer: odata.maxpagesize). */
const DEFAULT_PAGE_SIZE = 500;
/** What Graph's Outlook events allow a subscription at most: 10,080 minutes less a little. */
const MAX_SUBSCRIPTION_MS = 10_080 * 60 * 1000 - 60 * 60 * 1000;

/**
 * Windows zone names a mailbox may report (mailboxSettings.timeZone), for the zones our
 * inspectors work in (CLDR's windowsZones, territory 001); other names fall to the office's zone.
 */
const WINDOWS_ZONES: Record<string, string> = {
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indianapolis',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Atlantic Standard Time': 'America/Halifax',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Canada Central Standard Time': 'America/Regina',
  'SA Pacific Standard Time': 'America/Bogota',
  'GMT Standard Time': 'Europe/London',
  UTC: 'UTC',
};

export function createMicrosoftOAuthClient(input: {
  clientId: string;
  clientSecret: string;
  /** The Entra tenant: 'common' takes work, school and personal accounts. */
  tenant?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}): OAuthClient {
  const tenantBase = `${MICROSOFT_LOGIN_BASE}/${encodeURIComponent(input.tenant ?? 'common')}/oauth2/v2.0`;
  return createOAuthClient({
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    authorizeUrl: input.authorizeUrl ?? `${tenantBase}/authorize`,
    tokenUrl: input.tokenUrl ?? `${tenantBase}/token`,
    scopes: MICROSOFT_SCOPES,
    authorizeParams: { response_mode: 'query' },
    refreshParams: { scope: MICROSOFT_SCOPES.join(' ') },
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.now === undefined ? {} : { now: input.now }),
  });
}

const dateTimeTimeZone = z.object({ dateTime: z.string(), timeZone: z.string().optional() });
const graphEvent = z.object({
  id: z.string(),
  '@removed': z.object({ reason: z.string().optional() }).optional(),
  '@odata.etag': z.string().optional(),
  type: z.string().optional(),
  isCancelled: z.boolean().optional(),
  isAllDay: z.boolean().optional(),
  showAs: z.string().optional(),
  start: dateTimeTimeZone.optional(),
  end: dateTimeTimeZone.optional(),
  responseStatus: z.object({ response: z.string().optional() }).nullable().optional(),
  transactionId: z.string().nullable().optional(),
  singleValueExtendedProperties: z.array(z.object({ id: z.string(), value: z.string() })).optional(),
});
type GraphEvent = z.infer<typeof graphEvent>;
const deltaPage = z.object({
  value: z.array(graphEvent).default([]),
  '@odata.nextLink': z.string().optional(),
  '@odata.deltaLink': z.string().optional(),
});
const calendarsPage = z.object({
  value: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      isDefaultCalendar: z.boolean().optional(),
      canEdit: z.boolean().optional(),
    }),
  ),
  '@odata.nextLink': z.string().optional(),
});
const eventsPage = z.object({ value: z.array(graphEvent) });
const subscription = z.object({ id: z.string(), expirationDateTime: z.string() });
const graphError = z.object({ error: z.object({ code: z.string() }) });

/** Whether Graph says a delta link is spent (410 Gone, or its syncStateNotFound/Invalid codes). */
function isExpiredDelta(answer: HttpAnswer): boolean {
  if (answer.status === 410) return true;
  const error = graphError.safeParse(answer.body);
  return (
    answer.status < 500 &&
    error.success &&
    /^(syncStateNotFound|syncStateInvalid|resyncRequired)$/i.test(error.data.error.code)
  );
}

/**
 * Busy per provider.ts: showAs busy, oof (away) or unknown. Free and tentative are not, and
 * neither is workingElsewhere, which marks where the day is worked, not a commitment (decision 0090).
 */
function isBusy(event: GraphEvent): boolean {
  if (event.isCancelled === true) return false;
  if (event.showAs === 'free' || event.showAs === 'tentative' || event.showAs === 'workingElsewhere') return false;
  if (event.responseStatus?.response === 'declined') return false;
  if (event.transactionId?.startsWith(GRAPH_TRANSACTION_PREFIX) === true) return false;
  if (
    event.singleValueExtendedProperties?.some((property) => property.id.toLowerCase() === GRAPH_MARKER_ID.toLowerCase())
  )
    return false;
  return true;
}

/** A Graph dateTime asked in UTC ("2026-12-01T15:00:00.0000000"): ms, fractions beyond ms dropped. */
function utcInstant(dateTime: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*$/.exec(dateTime);
  if (!match) return null;
  const instant = Date.parse(`${match[1]}${match[2] ?? ''}Z`);
  return Number.isNaN(instant) ? null : instant;
}

/**
 * An all-day event is floating: Graph answers its days as midnights of the zone asked for, so the
 * date is read and placed in the mailbox's zone.
 */
function midnightIn(dateTime: string, timeZone: string): number | null {
  return localMidnight(dateTime.slice(0, 10), timeZone);
}

/** Graph's dateTimeTimeZone for an instant, written in UTC (Outlook shows it in the reader's zone). */
function graphTime(instant: number) {
  return { dateTime: new Date(instant).toISOString().replace('Z', ''), timeZone: 'UTC' };
}

export function createMicrosoftCalendarProvider(input: {
  tokens: OAuthTokens;
  onTokens: (tokens: OAuthTokens) => void | Promise<void>;
  oauth: OAuthClient;
  defaultTimeZone: string;
  apiBase?: string;
  pageSize?: number;
  timeoutMs?: number;
  now?: () => number;
}): CalendarProvider {
  const base = input.apiBase ?? GRAPH_API_BASE;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const http = new AuthorizedHttp({
    tokens: input.tokens,
    onTokens: input.onTokens,
    oauth: input.oauth,
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.now === undefined ? {} : { now: input.now }),
  });
  const calendarUrl = (calendarId: string) => `${base}/me/calendars/${encodeURIComponent(calendarId)}`;
  const eventUrl = (ref: { calendarId: string; eventId: string }) =>
    `${calendarUrl(ref.calendarId)}/events/${encodeURIComponent(ref.eventId)}`;
  // Times in UTC whatever the mailbox's zone; pages of pageSize.
  const prefer = { prefer: `outlook.timezone="UTC", odata.maxpagesize=${pageSize}` };
  /** The bearer token goes only to Graph: a stored or answered link elsewhere is not followed. */
  const isGraphLink = (link: string) => link.startsWith(`${base}/`);

  let mailboxZone: Promise<string> | null = null;
  function zone(): Promise<string> {
    mailboxZone ??= (async () => {
      const answer = await http.send({ method: 'GET', url: `${base}/me/mailboxSettings` });
      const settings = z.object({ timeZone: z.string().optional() }).safeParse(answer.body);
      const named = answer.status === 200 && settings.success ? settings.data.timeZone : undefined;
      if (named === undefined) return input.defaultTimeZone;
      if (WINDOWS_ZONES[named] !== undefined) return WINDOWS_ZONES[named];
      return isTimeZone(named) ? named : input.defaultTimeZone;
    })().catch((error: unknown) => {
      mailboxZone = null;
      throw error;
    });
    return mailboxZone;
  }

  function busyOf(event: GraphEvent, timeZone: string): BusyEvent | null {
    if (!isBusy(event) || event.start === undefined || event.end === undefined) return null;
    const start =
      event.isAllDay === true ? midnightIn(event.start.dateTime, timeZone) : utcInstant(event.start.dateTime);
    const end = event.isAllDay === true ? midnightIn(event.end.dateTime, timeZone) : utcInstant(event.end.dateTime);
    if (start === null || end === null || end <= start) return null;
    return { eventId: event.id, start, end };
  }

  /** Every page of a delta round from `link`; null when the delta link has expired. */
  async function deltaRound(link: string): Promise<{ events: GraphEvent[]; deltaLink: string | null } | null> {
    const events: GraphEvent[] = [];
    let next = link;
    for (;;) {
      const answer = await http.send({ method: 'GET', url: next, headers: prefer });
      if (isExpiredDelta(answer)) return null;
      const page = readAnswer(deltaPage, answer);
      events.push(...page.value);
      const nextLink = page['@odata.nextLink'];
      if (nextLink === undefined) {
        const deltaLink = page['@odata.deltaLink'];
        return { events, deltaLink: deltaLink !== undefined && isGraphLink(deltaLink) ? deltaLink : null };
      }
      if (!isGraphLink(nextLink)) throw unexpected({ ...answer, status: 502 });
      next = nextLink;
    }
  }

  function bodyOf(event: BookingEvent) {
    return {
      subject: event.title,
      body: { contentType: 'text', content: event.description },
      location: { displayName: event.location },
      start: graphTime(event.start),
      end: graphTime(event.end),
      showAs: 'busy',
    };
  }

  const refOf = (calendarId: string, event: GraphEvent): EventRef => ({
    calendarId,
    eventId: event.id,
    etag: event['@odata.etag'] ?? null,
  });

  return {
    kind: 'microsoft',

    async listCalendars(): Promise<ProviderCalendar[]> {
      const timeZone = await zone();
      const calendars: ProviderCalendar[] = [];
      let next = `${base}/me/calendars?$top=100`;
      for (;;) {
        const page = readAnswer(calendarsPage, await http.send({ method: 'GET', url: next }));
        for (const item of page.value)
          calendars.push({
            id: item.id,
            name: item.name,
            primary: item.isDefaultCalendar === true,
            writable: item.canEdit === true,
            timeZone,
          });
        const nextLink = page['@odata.nextLink'];
        if (nextLink === undefined || !isGraphLink(nextLink)) return calendars;
        next = nextLink;
      }
    },

    async readBusy(calendarId, window, cursor): Promise<BusyRead> {
      const timeZone = await zone();
      if (cursor !== null && isGraphLink(cursor)) {
        const changes = await deltaRound(cursor);
        if (changes !== null) {
          const busy: BusyEvent[] = [];
          const removed: string[] = [];
          for (const event of changes.events) {
            if (event.type === 'seriesMaster') continue;
            const instance = event['@removed'] === undefined ? busyOf(event, timeZone) : null;
            if (instance !== null && instance.start < window.to && instance.end > window.from) busy.push(instance);
            else removed.push(event.id);
          }
          return { mode: 'changes', busy, removed, cursor: changes.deltaLink ?? cursor };
        }
      }
      const url = new URL(`${calendarUrl(calendarId)}/calendarView/delta`);
      url.searchParams.set('startDateTime', new Date(window.from).toISOString());
      url.searchParams.set('endDateTime', new Date(window.to).toISOString());
      const full = await deltaRound(url.toString());
      if (full === null) throw new Error('a new delta round cannot have expired');
      const busy = full.events.flatMap((event) =>
        event['@removed'] === undefined && event.type !== 'seriesMaster' ? (busyOf(event, timeZone) ?? []) : [],
      );
      return { mode: 'full', busy, removed: [], cursor: full.deltaLink };
    },

    async createEvent(calendarId, event) {
      const marked = {
        ...bodyOf(event),
        singleValueExtendedProperties: [{ id: GRAPH_MARKER_ID, value: event.uid }],
      };
      const answer = await http.send({
        method: 'POST',
        url: `${calendarUrl(calendarId)}/events`,
        json: { ...marked, transactionId: `${GRAPH_TRANSACTION_PREFIX}${event.uid}` },
      });
      if (answer.status !== 409) return refOf(calendarId, readAnswer(graphEvent, answer));
      // The transactionId was used before: an earlier create of this booking got through. Find it
      // by its marker; if the inspector has deleted it since, write it again without the id.
      const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${GRAPH_MARKER_ID}' and ep/value eq '${event.uid.replaceAll("'", "''")}')`;
      const url = new URL(`${calendarUrl(calendarId)}/events`);
      url.searchParams.set('$filter', filter);
      url.searchParams.set('$select', 'id');
      const found = readAnswer(eventsPage, await http.send({ method: 'GET', url: url.toString() })).value[0];
      if (found !== undefined) return refOf(calendarId, found);
      const again = await http.send({ method: 'POST', url: `${calendarUrl(calendarId)}/events`, json: marked });
      return refOf(calendarId, readAnswer(graphEvent, again));
    },

    async updateEvent(ref, event) {
      const answer = await http.send({ method: 'PATCH', url: eventUrl(ref), json: bodyOf(event) });
      if (answer.status === 404 || answer.status === 410) throw new EventGoneError();
      return refOf(ref.calendarId, readAnswer(graphEvent, answer));
    },

    async deleteEvent(ref) {
      expectDoneOrGone(await http.send({ method: 'DELETE', url: eventUrl(ref) }));
    },

    async watch(calendarId, { address, channelId, token, expiresAt }): Promise<PushChannel> {
      const answer = await http.send({
        method: 'POST',
        url: `${base}/subscriptions`,
        json: {
          changeType: 'created,updated,deleted',
          notificationUrl: address,
          resource: `me/calendars/${calendarId}/events`,
          expirationDateTime: new Date(Math.min(expiresAt, http.now() + MAX_SUBSCRIPTION_MS)).toISOString(),
          clientState: token,
        },
      });
      const granted = readAnswer(subscription, answer);
      // Graph names the subscription; our channel id stays ours, the subscription id is the resource.
      return { channelId, resourceId: granted.id, expiresAt: Date.parse(granted.expirationDateTime) };
    },

    async stopWatch(channel) {
      if (channel.resourceId === null) return;
      const answer = await http.send({
        method: 'DELETE',
        url: `${base}/subscriptions/${encodeURIComponent(channel.resourceId)}`,
      });
      expectDoneOrGone(answer);
    },
  };
}
