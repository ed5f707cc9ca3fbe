import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';

/** What every module's routes need, handed to them when the app is built. */
export interface AppContext {
  db: Database;
  config: Config;
  /** The admin API's bearer token. */
  adminToken: string;
  /** Pings the database; used by /readyz. */
  pingDatabase(): Promise<void>;
  /** The built wizard (index.html and assets), or null when it has not been built. */
  webDistDir: string | null;
}
