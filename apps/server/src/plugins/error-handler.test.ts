import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { testDatabaseFactories } from '../db/test-databases.ts';
import { DEMO_OFFICE_UUID } from '../modules/companies/demo-company.ts';
import { startDemoSession, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../test-support/test-app.ts';

const pglite = testDatabaseFactories()[0]!;

describe('errors', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(pglite);
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
    const response = await harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/order?debug=1', headers: { 'x-auth-token': token } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_request', field: 'querystring' } });
    expect(response.json().error.message).toContain('debug');
  });

  it('answers an invalid path parameter with 400 naming the field', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/demo/json/online_scheduler/office_contact/not-a-uuid' });
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
    const contact = await harness.app.inject({ method: 'GET', url: `/demo/json/online_scheduler/office_contact/${DEMO_OFFICE_UUID}` });
    expect(contact.json()).toMatchObject({ office_phone: '(614) 555-0142', enabled: true });
    const logo = await harness.app.inject({ method: 'GET', url: '/demo/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('Scioto Valley');
  });

  it('compresses large responses for clients that accept it', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const gzip = await harness.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
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
    harness = await startTestApp(pglite, { config: { SESSION_RATE_LIMIT: '3' } });
  });
  afterAll(async () => harness.close());

  it('answers 429 with Retry-After once an address has started too many sessions', async () => {
    const start = (ip: string) => harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await start('203.0.113.7')).statusCode).toBe(302);
    const limited = await start('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await start('203.0.113.8')).statusCode).toBe(302);
  });
});

describe('logs', () => {
  it('never contain the session token, even when it is in a page URL', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const harness = await startTestApp(pglite, { logger: { level: 'info', stream, serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }) }, redact: ['req.headers["x-auth-token"]'] } });
    try {
      const token = await startDemoSession(harness.app);
      await harness.app.inject({ method: 'GET', url: `/demo/online-scheduler/calendar?t=${token}&office=${DEMO_OFFICE_UUID}` });
      await harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/order', headers: { 'x-auth-token': token } });
      await harness.app.inject({ method: 'GET', url: '/demo/online-scheduler/office', headers: { 'x-auth-token': 'wrong' } });
      const log = lines.join('');
      expect(log).toContain('/demo/online-scheduler/order');
      expect(log).not.toContain(token);
    } finally {
      await harness.close();
    }
  });
});
