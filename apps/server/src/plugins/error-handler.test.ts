import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../app.ts';
import * as t from '../db/schema.ts';
import { runsDatabaseFactory, testDatabaseFactories } from '../db/test-databases.ts';
import { DEMO_OFFICE_UUID } from '../modules/company-document/demo-company.ts';
import { startDemoSession, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../test-support/test-app.ts';

const runsDatabase = runsDatabaseFactory();

describe('errors', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(runsDatabase);
  });
  afterAll(async () => harness.close());

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"key": "demo",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('answers an unknown query parameter with 400 naming it', async () => {
    const token = await startDemoSession(harness.app);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/order?debug=1',
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_request', field: 'querystring' } });
    expect(response.json().error.message).toContain('debug');
  });

  it('answers an invalid path parameter with 400 naming the field', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/demo/json/online_scheduler/office_contact/not-a-uuid',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { field: 'office_uuid' } });
  });

  it('caps request bodies', async () => {
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ key: 'demo', padding: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves the public office contact and the logo without a token', async () => {
    const contact = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/online_scheduler/office_contact/${DEMO_OFFICE_UUID}`,
    });
    expect(contact.json()).toMatchObject({ office_phone: '(614) 555-0142', enabled: true });
    const logo = await harness.app.inject({ method: 'GET', url: '/demo/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('Scioto Valley');
  });

  it('compresses large responses for clients that accept it', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const gzip = await harness.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('reports health and readiness', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await harness.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });
});

describe('rate limits', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(runsDatabase, { config: { SESSION_RATE_LIMIT: '3' } });
  });
  afterAll(async () => harness.close());

  it('answers 429 with Retry-After once an address has started too many sessions', async () => {
    const start = (ip: string) =>
      harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await start('203.0.113.7')).statusCode).toBe(302);
    const limited = await start('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await start('203.0.113.8')).statusCode).toBe(302);
  });
});

/** The production logger options, writing into an array instead of stdout. */
function capturedLogger(): { logger: ReturnType<typeof loggerOptions>; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: { ...(loggerOptions('info') as object), stream }, text: () => lines.join('') };
}

describe('logs', () => {
  it('never contain the session token, even when it is in a page URL or a header', async () => {
    const captured = capturedLogger();
    const harness = await startTestApp(runsDatabase, { logger: captured.logger });
    try {
      // A failing request is logged with its request object: its headers must not be in it.
      harness.app.get('/test/fails', { schema: { hide: true } }, async (request) => {
        request.log.error({ req: request }, 'logged with the request');
        throw new Error('unexpected');
      });
      const token = await startDemoSession(harness.app);
      await harness.app.inject({
        method: 'GET',
        url: `/demo/online-scheduler/calendar?t=${token}&office=${DEMO_OFFICE_UUID}`,
      });
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      });
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/office',
        headers: { 'x-auth-token': 'wrong' },
      });
      await harness.app.inject({
        method: 'GET',
        url: `/test/fails?t=${token}`,
        headers: { 'x-auth-token': token, authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      const log = captured.text();
      expect(log).toContain('/demo/online-scheduler/order');
      expect(log).toContain('logged with the request');
      expect(log).not.toContain(token);
      expect(log).not.toContain(TEST_ADMIN_TOKEN);
    } finally {
      await harness.close();
    }
  });
});

describe('a client that hangs up', () => {
  it('is logged at info as what it is, not as a database outage', async () => {
    const captured = capturedLogger();
    const harness = await startTestApp(runsDatabase, { logger: captured.logger });
    try {
      await harness.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = harness.app.server.address() as AddressInfo;
      const token = await startDemoSession(harness.app);
      // Half of a body, then the connection is gone.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /demo/json/online_scheduler/set_postal_code HTTP/1.1\r\nHost: localhost\r\nX-Auth-Token: ${token}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"postal_code":`,
          );
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
      await expect
        .poll(() => captured.text(), { timeout: 5000 })
        .toContain('client closed the request before it was read');
      const entries = captured
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries.find((e) => e.msg === 'client closed the request before it was read')?.level).toBe(30);
      expect(entries.filter((e) => e.level >= 50)).toEqual([]);
      expect(captured.text()).not.toContain('database unavailable');
    } finally {
      await harness.close();
    }
  });
});

describe.each(testDatabaseFactories())('database errors in the log on $name', (factory) => {
  it('carry the code, constraint and table, never the values or the statement', async () => {
    const captured = capturedLogger();
    const harness = await startTestApp(factory, { logger: captured.logger });
    const personal = {
      name: 'Jane Q. Visitor',
      email: 'jane.visitor@example.com',
      phone: '(614) 555-0199',
      postal: '43215-9876',
    };
    try {
      // Two real database failures whose messages and details quote the values they were given.
      harness.app.get('/test/db-errors/:kind', { schema: { hide: true } }, async (request) => {
        const { kind } = request.params as { kind: string };
        if (kind === 'cast')
          await harness.database.db.execute(sql`select ${personal.email}::int + ${personal.phone}::int`);
        await harness.database.db.insert(t.companies).values([
          { key: 'jane-visitor', name: personal.name, logo: personal.postal },
          { key: 'jane-visitor', name: personal.name, logo: personal.postal },
        ]);
        return { status: 'ok' };
      });
      for (const kind of ['cast', 'unique']) {
        const response = await harness.app.inject({ method: 'GET', url: `/test/db-errors/${kind}` });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong.' } });
      }
      const log = captured.text();
      const entries = log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { err?: { code?: string; constraint?: string; table?: string } });
      const errors = entries.flatMap((e) => (e.err ? [e.err] : []));
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'DatabaseError', code: '22P02' }),
          expect.objectContaining({
            type: 'DatabaseError',
            code: '23505',
            constraint: 'companies_key_unique',
            table: 'companies',
          }),
        ]),
      );
      for (const value of [...Object.values(personal), 'jane-visitor', 'insert into', 'select '])
        expect(log.toLowerCase()).not.toContain(value.toLowerCase());
    } finally {
      await harness.close();
    }
  });
});
