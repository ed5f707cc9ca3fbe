/**
 * Google's push notifications (Calendar API "Push notifications"): a POST with no body whose
 * headers name the channel. The lead's route parses them with `parseGooglePush`, finds the channel
 * by `channelId`, and checks its token with `pushTokenMatches` (oauth/provider-http.ts) before
 * reading the calendar's changes. `state` 'sync' is the first message of a new channel and says
 * nothing changed.
 *
 *   parseGooglePush(headers): GooglePush | null
 */
export interface GooglePush {
  channelId: string;
  /** X-Goog-Channel-Token as sent when the channel was opened; null when the channel has none. */
  token: string | null;
  resourceId: string;
  state: 'sync' | 'exists' | 'not_exists';
  /** X-Goog-Message-Number: increases per channel (1 for the sync message). */
  messageNumber: number | null;
  /** Whether the calendar may have changed: any state but the opening 'sync'. */
  changed: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' || first.length > 1024 ? null : first;
}

/** The notification's headers (Node lower-cases them), or null when they are not Google's. */
export function parseGooglePush(headers: Headers): GooglePush | null {
  const channelId = header(headers, 'x-goog-channel-id');
  const resourceId = header(headers, 'x-goog-resource-id');
  const state = header(headers, 'x-goog-resource-state');
  if (channelId === null || resourceId === null) return null;
  if (state !== 'sync' && state !== 'exists' && state !== 'not_exists') return null;
  const number = header(headers, 'x-goog-message-number');
  return {
    channelId,
    token: header(headers, 'x-goog-channel-token'),
    resourceId,
    state,
    messageNumber: number !== null && /^\d{1,15}$/.test(number) ? Number(number) : null,
    changed: state !== 'sync',
  };
}
