import { z } from 'zod';

/** Issue 45, decision 0089: an inspector's own calendars, read as busy time and written with bookings. */

export const CALENDAR_PROVIDERS = ['caldav', 'google', 'microsoft'] as const;
export const CALENDAR_CONNECTION_STATUSES = ['active', 'reconnect', 'failing'] as const;

const calendarId = z.string().min(1).max(2_000);

/** Connect (or reconnect) a CalDAV account: the server's URL, the user and an app password; tested before it is kept. */
export const caldavConnectionInputSchema = z
  .object({
    inspector_id: z.number().int().min(1).max(2_147_483_647),
    url: z.url({ protocol: /^https?$/ }).max(2_000),
    username: z.string().trim().min(1).max(320),
    password: z.string().min(1).max(1_000),
  })
  .strict();
export type CaldavConnectionInput = z.infer<typeof caldavConnectionInputSchema>;

/** Which calendars keep the inspector busy, and which takes bookings (null: none). */
export const calendarChoiceSchema = z
  .object({
    busy_calendar_ids: z.array(calendarId).max(50),
    write_calendar_id: calendarId.nullable(),
  })
  .strict();
export type CalendarChoice = z.infer<typeof calendarChoiceSchema>;

export const providerCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  writable: z.boolean(),
  time_zone: z.string().nullable(),
});
export type ProviderCalendarView = z.infer<typeof providerCalendarSchema>;

export const calendarConnectionSchema = z.object({
  id: z.uuid(),
  inspector_id: z.number().int(),
  provider: z.enum(CALENDAR_PROVIDERS),
  account_label: z.string().describe('The account as the inspector gave it (the CalDAV user); never a secret'),
  status: z.enum(CALENDAR_CONNECTION_STATUSES),
  busy_calendar_ids: z.array(z.string()),
  write_calendar_id: z.string().nullable(),
  last_synced_at: z.string().nullable().describe('When busy times were last read (UTC); null before the first read'),
  last_error_code: z.string().nullable(),
  updates: z
    .enum(['push', 'polling', 'polling_public_url_not_https'])
    .optional()
    .describe(
      'How its busy times are kept fresh (decision 0096), in the list: push (every busy calendar notifies; read every 5 minutes besides), polling (every minute), or polling because the public URL is not https (Google and Microsoft notify https addresses only)',
    ),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const CALENDAR_OAUTH_PROVIDERS = ['google', 'microsoft'] as const;

export const calendarConnectionsSchema = z.object({
  connections: z.array(calendarConnectionSchema),
  offered_providers: z
    .array(z.enum(CALENDAR_OAUTH_PROVIDERS))
    .describe('The providers connected through OAuth that this server offers (their client is configured)'),
});

/** Where to send the browser to grant access (decision 0090, "Wiring"). */
export const calendarOAuthStartSchema = z.object({ authorization_url: z.url() });

/**
 * What the OAuth callback tells the Account page (`?calendar=<result>&provider=<provider>`): a code,
 * never free text, so that a crafted link cannot make the page say anything else.
 */
export const CALENDAR_OAUTH_RESULTS = [
  'connected',
  'denied',
  'refused',
  'unavailable',
  'no_calendars',
  'not_configured',
  'forbidden',
] as const;
export type CalendarOAuthResult = (typeof CALENDAR_OAUTH_RESULTS)[number];

export const calendarConnectionWithCalendarsSchema = calendarConnectionSchema.extend({
  calendars: z.array(providerCalendarSchema),
});
export type CalendarConnectionWithCalendars = z.infer<typeof calendarConnectionWithCalendarsSchema>;

export const calendarConnectionsQuerySchema = z
  .object({ inspector_id: z.coerce.number().int().min(1).max(2_147_483_647).optional() })
  .strict();

/** Disconnecting: whether the booking events the scheduler wrote there are deleted too (decision 0097). */
export const calendarDisconnectQuerySchema = z.object({ remove_events: z.enum(['true', 'false']).optional() }).strict();
