/**
 * Microsoft Graph's change notifications ("Set up notifications for changes in resource data").
 * The lead's route, on a POST to the notification URL:
 *   1. `graphValidationToken(query)`: when Graph checks the URL (on creating a subscription) it
 *      sends ?validationToken=…; answer 200, text/plain, that token, within 10 s.
 *   2. otherwise `parseGraphNotifications(body)`, then keep those whose clientState matches the
 *      stored token of their subscription (`pushTokenMatches`, oauth/provider-http.ts), answer 202,
 *      and read those calendars' changes.
 *
 *   graphValidationToken(query): string | null
 *   parseGraphNotifications(body): GraphNotification[] | null
 */
import { z } from 'zod';

export interface GraphNotification {
  subscriptionId: string;
  clientState: string | null;
  /** created, updated, deleted; null for a lifecycle notification. */
  changeType: string | null;
  /** The event that changed (resourceData.id), when Graph says. */
  eventId: string | null;
  /** reauthorizationRequired, subscriptionRemoved, missed: the subscription needs renewing. */
  lifecycleEvent: string | null;
}

/** The validation request's token (Graph URL-encodes it in the query), or null when it is not one. */
export function graphValidationToken(query: URLSearchParams | Record<string, unknown>): string | null {
  const value = query instanceof URLSearchParams ? query.get('validationToken') : query.validationToken;
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

const notifications = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().min(1).max(200),
        clientState: z.string().max(255).nullable().optional(),
        changeType: z.string().max(50).optional(),
        lifecycleEvent: z.string().max(50).optional(),
        resourceData: z
          .object({ id: z.string().max(1000).optional() })
          .passthrough()
          .optional(),
      }),
    )
    .max(1000),
});

/** The notifications of a POST's JSON body, or null when the body is not Graph's. */
export function parseGraphNotifications(body: unknown): GraphNotification[] | null {
  const parsed = notifications.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.value.map((item) => ({
    subscriptionId: item.subscriptionId,
    clientState: item.clientState ?? null,
    changeType: item.changeType ?? null,
    eventId: item.resourceData?.id ?? null,
    lifecycleEvent: item.lifecycleEvent ?? null,
  }));
}
