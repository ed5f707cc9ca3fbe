/** The whole server on a free local port over a benchmark's database, as the HTTP benchmarks load it. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { configSchema } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/connection.ts';

export async function startBenchServer(
  database: DatabaseHandle,
  config: Record<string, string>,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    db: database.db,
    config: configSchema.parse({ LOG_LEVEL: 'silent', ...config }),
    adminToken: 'bench-admin-token-0123456789',
    pingDatabase: database.ping,
    changes: database.changes,
    webDistDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Follows an office's link as a browser would and returns the session token. */
export async function benchSession(base: string, companyKey: string, officeUuid: string): Promise<string> {
  const redirect = await fetch(`${base}/${companyKey}/online-scheduler/${officeUuid}`, { redirect: 'manual' });
  return new URL(redirect.headers.get('location')!, base).searchParams.get('t')!;
}
