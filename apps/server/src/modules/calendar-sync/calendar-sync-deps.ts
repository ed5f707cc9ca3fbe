import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Database } from '../../db/connection.ts';
import type { OAuthClients } from './oauth-providers.ts';
import type { ProviderRegistry } from './provider-registry.ts';

/**
 * How often a connection without push is read: a minute, so that an event added in the inspector's
 * calendar stops the wizard offering its time within the minute (decision 0089).
 */
export const CALENDAR_POLL_MS = 60_000;

/**
 * How often a connection whose busy calendars all have a push channel is read anyway (decision
 * 0096): the five minutes, a safety net for a notification lost on the way.
 */
export const CALENDAR_PUSH_POLL_MS = 5 * 60_000;

/** What the calendar sync's jobs and use cases need, built in the API layer (routes) and in background-jobs.ts. */
export interface CalendarSyncDeps {
  db: Database;
  /** DATA_ENCRYPTION_KEY's keys; null: no connection can be made, and none syncs. */
  encryption: DataEncryption | null;
  providers: ProviderRegistry;
  /** The OAuth clients of the providers the configuration offers (decision 0090, "Wiring"); absent: none. */
  oauth?: OAuthClients;
  /** The base of the console's order links written into the inspector's events. */
  publicBaseUrl: () => string;
  /** The app's clock. */
  now: () => Date;
  /** How often a connection without push is read (decision 0089: 60 s). */
  pollMs: number;
  /**
   * The https base the providers' push notifications are sent to (decision 0096), or null when
   * the public URL is not https (local, dev): then no channel is opened and polling stands alone.
   * Absent: no push.
   */
  pushBaseUrl?: () => string | null;
  /** How often a connection with push is read (CALENDAR_PUSH_POLL_MS); absent: that. */
  pushPollMs?: number;
  log: {
    info(data: Record<string, unknown>, message: string): void;
    warn(data: Record<string, unknown>, message: string): void;
  };
}

/** The context a connection's secret is encrypted under: a ciphertext copied to another row does not decrypt. */
export const calendarCredentialsContext = (companyId: string, connectionId: string) =>
  `calendar_connections:${companyId}:${connectionId}:credentials`;
