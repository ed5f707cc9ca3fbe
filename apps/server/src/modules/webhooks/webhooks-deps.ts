import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Database } from '../../db/connection.ts';
import type { Resolver } from './url-guard.ts';

/** What the webhooks' service and job need, built in the API layer (routes) and in background-jobs.ts. */
export interface WebhookDeps {
  db: Database;
  /** DATA_ENCRYPTION_KEY's keys; null: no endpoint can be made, and none sends. */
  encryption: DataEncryption | null;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: http and private addresses (development and tests only). */
  allowPrivate: boolean;
  /** The name resolver; absent: the system's. Tests give their own. */
  resolve?: Resolver;
  /** The base of the console's links in payloads (PUBLIC_URL or the listening address). */
  publicBaseUrl: () => string;
  /** The app's clock. */
  now: () => Date;
  /** In [0, 1): the back-off's jitter; absent: Math.random. */
  random?: () => number;
  /** Each attempt's limit; absent: 10 s. */
  timeoutMs?: number;
  log: {
    info(data: Record<string, unknown>, message: string): void;
    warn(data: Record<string, unknown>, message: string): void;
  };
}
