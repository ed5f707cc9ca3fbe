import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CalendarSyncDeps } from './calendar-sync-deps.ts';
import type { ConnectionRow } from './calendar-sync.repository.ts';
import { CalendarAuthError, type CalendarProvider } from './provider.ts';
import { parseGooglePush } from './providers/google/google-push.ts';
import { parseGraphNotifications } from './providers/microsoft/graph-push.ts';
import { pushTokenMatches } from './providers/oauth/provider-http.ts';
import {
  deletePushChannel,
  grantPushChannel,
  insertPushChannel,
  lapsePushChannel,
  pushChannelById,
  pushChannelBySubscription,
  pushChannelsOfConnection,
  queueSyncNow,
  type PushChannelRow,
} from './push-channels.repository.ts';

/**
 * Push notifications for Google's and Microsoft's busy calendars (decision 0096). The sync job
 * keeps one channel per busy calendar open (opened, renewed before it lapses, stopped when the
 * calendar is no longer busy); a notification that proves itself with its channel's token makes the
 * connection's sync due now. Nothing is read inside the notification's request.
 */

export const PUSH_PROVIDERS = ['google', 'microsoft'] as const;
export type PushProviderKind = (typeof PUSH_PROVIDERS)[number];

/** The life asked for a channel: a week (Google grants up to about that; Graph's adapter caps at 10,080 minutes less an hour). */
export const PUSH_CHANNEL_LIFE_MS = 7 * 86_400_000;
/** A channel closer than this to its end is replaced at the next sync (which runs every 5 minutes, 30 at most when backing off). */
export const PUSH_RENEW_BEFORE_MS = 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a connection's busy times are kept fresh, as the console shows it. */
export type CalendarUpdates = 'push' | 'polling' | 'polling_public_url_not_https';

/** The base push notifications can be sent to: the public URL when it is https, else none (Google and Graph call https only). */
export function pushBaseUrlOf(publicBaseUrl: string): string | null {
  return /^https:\/\//i.test(publicBaseUrl) ? publicBaseUrl.replace(/\/+$/, '') : null;
}

/** The route a provider's notifications are posted to. */
export const pushPath = (provider: PushProviderKind) => `/api/hooks/calendar/${provider}`;

const isPushProvider = (kind: string): kind is PushProviderKind => kind === 'google' || kind === 'microsoft';
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** The received token against the stored hash, in constant time (both are 64 hex characters). */
const tokenMatches = (received: string | null, row: PushChannelRow) =>
  received !== null && pushTokenMatches(hashOf(received), row.tokenHash);

function isLive(channel: PushChannelRow, now: number): boolean {
  return channel.resourceId !== null && channel.expiresAt.getTime() > now;
}

async function stopChannel(deps: CalendarSyncDeps, provider: CalendarProvider, channel: PushChannelRow) {
  const now = deps.now().getTime();
  if (provider.stopWatch && channel.expiresAt.getTime() > now)
    try {
      await provider.stopWatch({
        channelId: channel.id,
        resourceId: channel.resourceId,
        expiresAt: channel.expiresAt.getTime(),
      });
    } catch (error) {
      // It lapses on its own; its notifications meanwhile find no channel (404).
      deps.log.warn({ channel: channel.id, code: codeOf(error) }, 'calendar push channel not stopped');
    }
  await deletePushChannel(deps.db, channel.id);
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code.slice(0, 60) : 'error';
}

/**
 * Opens a channel on one calendar. The row comes first (Google's first message, `sync`, may arrive
 * before `watch` answers), granted once the provider answers, and gone if it refuses. A refused
 * grant throws (the sync marks the connection "reconnect"); any other failure is logged and the
 * calendar stays polled.
 */
async function openChannel(
  deps: CalendarSyncDeps,
  provider: CalendarProvider,
  connection: ConnectionRow & { provider: PushProviderKind },
  calendarId: string,
  address: string,
): Promise<boolean> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = deps.now().getTime() + PUSH_CHANNEL_LIFE_MS;
  await insertPushChannel(deps.db, {
    id,
    companyId: connection.companyId,
    connectionId: connection.id,
    provider: connection.provider,
    calendarId,
    resourceId: null,
    tokenHash: hashOf(token),
    expiresAt: new Date(expiresAt),
  });
  try {
    const granted = await provider.watch!(calendarId, { address, channelId: id, token, expiresAt });
    await grantPushChannel(deps.db, id, { resourceId: granted.resourceId, expiresAt: new Date(granted.expiresAt) });
    return true;
  } catch (error) {
    await deletePushChannel(deps.db, id);
    if (error instanceof CalendarAuthError) throw error;
    deps.log.warn({ connection: connection.id, code: codeOf(error) }, 'calendar push channel not opened; polling');
    return false;
  }
}

/**
 * Brings a connection's push channels in line with its busy calendars, before the sync reads them:
 * one live channel per busy calendar (a new one opened when there is none or it ends within
 * PUSH_RENEW_BEFORE_MS, the older then stopped), channels of calendars no longer busy stopped, all
 * of them stopped when push is off (the public URL not https). True when every busy calendar has a
 * live channel: the sync may then poll less often.
 */
export async function ensurePush(
  deps: CalendarSyncDeps,
  connection: ConnectionRow,
  provider: CalendarProvider,
): Promise<boolean> {
  if (!isPushProvider(connection.provider)) return false;
  const pushing = { ...connection, provider: connection.provider };
  const base = deps.pushBaseUrl?.() ?? null;
  const channels = await pushChannelsOfConnection(deps.db, connection.companyId, connection.id);
  if (base === null || !provider.watch) {
    for (const channel of channels) await stopChannel(deps, provider, channel);
    return false;
  }
  const address = `${base}${pushPath(connection.provider)}`;
  const busy = new Set(connection.busyCalendarIds);
  for (const channel of channels) if (!busy.has(channel.calendarId)) await stopChannel(deps, provider, channel);
  let everyOne = busy.size > 0;
  for (const calendarId of busy) {
    const now = deps.now().getTime();
    // Oldest first: the last is the freshest.
    const mine = channels.filter((channel) => channel.calendarId === calendarId);
    const freshest = mine.at(-1);
    let live = freshest !== undefined && isLive(freshest, now);
    if (!freshest || !live || freshest.expiresAt.getTime() - now <= PUSH_RENEW_BEFORE_MS) {
      if (await openChannel(deps, provider, pushing, calendarId, address)) {
        for (const channel of mine) await stopChannel(deps, provider, channel);
        live = true;
      }
    } else for (const channel of mine.slice(0, -1)) await stopChannel(deps, provider, channel);
    everyOne &&= live;
  }
  return everyOne;
}

/** Stops every channel of a connection at its provider (a disconnect), as far as its credentials still allow. */
export async function stopPush(deps: CalendarSyncDeps, connection: ConnectionRow, provider: CalendarProvider | null) {
  for (const channel of await pushChannelsOfConnection(deps.db, connection.companyId, connection.id))
    if (provider) await stopChannel(deps, provider, channel);
    else await deletePushChannel(deps.db, channel.id);
}

/** How the console describes the connection's updates. */
export async function updatesOf(deps: CalendarSyncDeps, connection: ConnectionRow): Promise<CalendarUpdates> {
  if (!isPushProvider(connection.provider) || !deps.providers[connection.provider]) return 'polling';
  if ((deps.pushBaseUrl?.() ?? null) === null) return 'polling_public_url_not_https';
  const now = deps.now().getTime();
  const channels = await pushChannelsOfConnection(deps.db, connection.companyId, connection.id);
  const watched = connection.busyCalendarIds.every((calendarId) =>
    channels.some((channel) => channel.calendarId === calendarId && isLive(channel, now)),
  );
  return watched && connection.busyCalendarIds.length > 0 ? 'push' : 'polling';
}

/**
 * What a notification came to: `accepted` (a sync made due, or Google's opening `sync` message),
 * `unknown` (no such channel, or a token that is not its own: both answered alike, so a guess learns
 * nothing), `expired` (a lapsed channel of ours), `invalid` (not the provider's format).
 */
export type PushOutcome = 'accepted' | 'unknown' | 'expired' | 'invalid';

/** A Google notification (its headers): the channel found by its id, proven by its token. */
export async function receiveGooglePush(
  deps: Pick<CalendarSyncDeps, 'db' | 'now'>,
  headers: Record<string, string | string[] | undefined>,
): Promise<PushOutcome> {
  const push = parseGooglePush(headers);
  if (!push) return 'invalid';
  if (!UUID.test(push.channelId)) return 'unknown';
  const channel = await pushChannelById(deps.db, push.channelId.toLowerCase());
  if (!channel || !tokenMatches(push.token, channel)) return 'unknown';
  if (channel.resourceId !== null && channel.resourceId !== push.resourceId) return 'unknown';
  const now = deps.now();
  if (channel.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (push.changed) await queueSyncNow(deps.db, channel.companyId, channel.connectionId, now);
  return 'accepted';
}

/**
 * Graph's notifications (a JSON body of up to 1,000): each found by its subscription id and proven
 * by its clientState; the connections of those proven made due, once each. A lifecycle
 * `subscriptionRemoved` lapses the channel so that the sync opens another.
 */
export async function receiveGraphNotifications(
  deps: Pick<CalendarSyncDeps, 'db' | 'now'>,
  body: unknown,
): Promise<PushOutcome> {
  const notifications = parseGraphNotifications(body);
  if (!notifications || notifications.length === 0) return 'invalid';
  const now = deps.now();
  const seen = new Map<string, PushChannelRow | null>();
  const due = new Map<string, PushChannelRow>();
  let expired = false;
  for (const notification of notifications) {
    if (!seen.has(notification.subscriptionId))
      seen.set(notification.subscriptionId, await pushChannelBySubscription(deps.db, notification.subscriptionId));
    const channel = seen.get(notification.subscriptionId);
    if (!channel || !tokenMatches(notification.clientState, channel)) continue;
    if (channel.expiresAt.getTime() <= now.getTime()) {
      expired = true;
      continue;
    }
    if (notification.lifecycleEvent === 'subscriptionRemoved') await lapsePushChannel(deps.db, channel.id, now);
    due.set(channel.connectionId, channel);
  }
  for (const channel of due.values()) await queueSyncNow(deps.db, channel.companyId, channel.connectionId, now);
  return due.size > 0 ? 'accepted' : expired ? 'expired' : 'unknown';
}
