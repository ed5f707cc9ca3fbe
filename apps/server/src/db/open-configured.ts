import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './connection.ts';

/** DATABASE_URL selects a real PostgreSQL; otherwise PGlite keeps its files in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const timeouts = {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL }, timeouts)
    : openDatabase({ kind: 'pglite', dataDir: resolve(config.DATA_DIR, 'pglite') });
}
