import type { ChangeFeed } from './db/change-feed.ts';
import type { ConsoleAuth } from './modules/console-auth/auth.ts';
import type { Config } from './config.ts';
import type { DataEncryption } from './crypto/data-encryption.ts';
import type { Database } from './db/connection.ts';
import type { SchedulingStore } from './modules/scheduling/scheduling.store.ts';
import type { SessionStore } from './modules/sessions/sessions.store.ts';
import type { VisitorAccessChains } from './plugins/visitor-access-chains.ts';

/** What the caller of buildApp provides. */
export interface AppOptions {
  db: Database;
  /** The database's change announcements, which keep the read caches honest. */
  changes: ChangeFeed;
  config: Config;
  /** The admin API's bearer token. */
  adminToken: string;
  /** Signs the console's session cookies (AUTH_SECRET, or DATA_DIR/auth-secret); absent: one for this process only. */
  authSecret?: string;
  /** Pings the database; used by /readyz. */
  pingDatabase(): Promise<void>;
  /** The built wizard (index.html and assets), or null when it has not been built. */
  webDistDir: string | null;
  /** The built console (its index.html and assets), or null when it has not been built. */
  consoleDistDir?: string | null;
  /**
   * Epoch ms now. Defaults to the system clock; tests move it instead of waiting, so that
   * expiring holds and sessions are checked without sleeping.
   */
  clock?: () => number;
  /** The background sender of e-mails, woken when a confirm has enqueued some; absent: they wait for its poll. */
  notifications?: { wake(): void };
}

/** What every module's routes need, handed to them when the app is built. */
export interface AppContext extends AppOptions {
  clock: () => number;
  /** DATA_ENCRYPTION_KEY's keys, for secrets at rest; null when it is unset. */
  encryption: DataEncryption | null;
  sessions: SessionStore;
  scheduling: SchedulingStore;
  /** The checks every wizard route passes, by what it does: read, search or write. */
  access: VisitorAccessChains;
  /** The console's sign-in (Better Auth), made on first use, when the listening address is known. */
  consoleAuth: () => ConsoleAuth;
}
