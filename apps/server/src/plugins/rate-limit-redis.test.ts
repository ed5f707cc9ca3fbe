import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { runsDatabaseFactory } from '../db/test-databases.ts';
import { importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { demoDocument, startDemoSession, TEST_ADMIN_TOKEN, testConfig } from '../test-support/test-app.ts';
import { dayFromNow } from '../test-support/wizard-calls.ts';

/**
 * Rate limits kept in Redis (REDIS_URL), as several instances of the server share them: a
 * session's searches count on every instance, and its search and write buckets stay apart, as
 * they do in memory. CI sets TEST_REDIS_URL to the machine's Redis; without it this suite is
 * reported as skipped, saying why.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const API = '/demo/json/online_scheduler';
const SEARCH = `${API}/availability?from=${dayFromNow(0)}&to=${dayFromNow(1)}`;

describe.skipIf(!REDIS_URL)(
  REDIS_URL ? 'rate limits shared in Redis' : 'rate limits shared in Redis (skipped: TEST_REDIS_URL is not set)',
  () => {
    let database: DatabaseHandle;
    const instances: FastifyInstance[] = [];

    const search = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: SEARCH, headers: { 'x-auth-token': token } });
    const write = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: `${API}/set_postal_code`,
        headers: { 'x-auth-token': token },
        payload: { postal_code: '43215' },
      });

    beforeAll(async () => {
      database = await runsDatabaseFactory().open();
      await importCompanyDocument(database.db, demoDocument());
      // Two instances of the server on one database and one Redis.
      for (let i = 0; i < 2; i++) {
        const config = testConfig({
          REDIS_URL: REDIS_URL!,
          SESSION_RATE_LIMIT: '1000',
          SEARCH_RATE_LIMIT: '4',
          WRITE_RATE_LIMIT: '2',
        });
        instances.push(
          await buildApp(
            {
              db: database.db,
              config,
              adminToken: TEST_ADMIN_TOKEN,
              pingDatabase: database.ping,
              changes: database.changes,
              webDistDir: null,
            },
            { logger: false },
          ),
        );
      }
      // Until an instance's Redis connection is up it counts nothing (a Redis outage must not take
      // the wizard down): wait until each one refuses a throwaway session past its limit.
      for (const app of instances) {
        const throwaway = await startDemoSession(app);
        let refused = false;
        for (let i = 0; i < 100 && !refused; i++) {
          refused = (await search(app, throwaway)).statusCode === 429;
          if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(refused).toBe(true);
      }
    });
    afterAll(async () => {
      for (const app of instances) await app.close();
      await database?.close();
    });

    it("counts a session's searches on every instance, and refuses the one past the limit on both", async () => {
      const [first, second] = instances as [FastifyInstance, FastifyInstance];
      const token = await startDemoSession(first);
      for (const app of [first, second, first, second]) expect((await search(app, token)).statusCode).toBe(200);
      expect((await search(first, token)).statusCode).toBe(429);
      expect((await search(second, token)).statusCode).toBe(429);
      // Its writes are counted apart: it may still save, until its own write limit.
      expect((await write(second, token)).statusCode).toBe(200);
      expect((await write(first, token)).statusCode).toBe(200);
      expect((await write(second, token)).statusCode).toBe(429);
      // Another session has buckets of its own.
      expect((await search(second, await startDemoSession(first))).statusCode).toBe(200);
    });
  },
);
