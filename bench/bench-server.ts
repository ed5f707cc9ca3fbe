import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { configSchema } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { BENCH_OFFICE } from './availability-workload.ts';

/**
 * The whole server listening on a free local port over `database` (its bench company imported),
 * with a visitor's session of the bench office: what the HTTP benchmarks load. The search bucket
 * is opened wide, since a benchmark is one visitor asking far more than a person types.
 */
export async function startBenchServer(database: DatabaseHandle): Promise<{ app: FastifyInstance; base: string; token: string }> {
  const app = await buildApp({
    db: database.db,
    config: configSchema.parse({ LOG_LEVEL: 'silent', SEARCH_RATE_LIMIT: '1000000000', SESSION_RATE_LIMIT: '1000' }),
    adminToken: 'bench-admin-token-0123456789',
    pingDatabase: database.ping,
    changes: database.changes,
    webDistDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const redirect = await fetch(`${base}/bench/online-scheduler/${BENCH_OFFICE}`, { redirect: 'manual' });
  const token = new URL(redirect.headers.get('location')!, base).searchParams.get('t')!;
  return { app, base, token };
}
