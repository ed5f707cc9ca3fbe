import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeSchema, errorResponseSchema } from '@scheduler/contracts/errors';
import { runsDatabaseFactory } from '../db/test-databases.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../test-support/test-app.ts';

const runsDatabase = runsDatabaseFactory();

/** Sends raw bytes to the server and returns the whole answer, for what the HTTP parser itself refuses. */
function rawRequest(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(request);
  });
}

function expectEnvelope(body: unknown, code: string): void {
  expect(errorResponseSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  expect((body as { error: { code: string } }).error.code).toBe(code);
}

describe('error answers', () => {
  let harness: TestApp;
  let port: number;
  beforeAll(async () => {
    harness = await startTestApp(runsDatabase);
    harness.app.get('/test/throws', { schema: { hide: true } }, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at /srv/app/secret.ts');
    });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    port = (harness.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => harness.close());

  it('answers an unexpected throw with internal_error and nothing internal', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/test/throws' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong.' } });
    expect(response.body).not.toMatch(/ECONNREFUSED|secret|5432|stack/);
  });

  it('names Fastify’s own failures with stable codes from the closed list', async () => {
    const tooLarge = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectEnvelope(tooLarge.json(), 'payload_too_large');

    const wrongType = await harness.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/set_postal_code',
      headers: { 'content-type': 'text/xml', 'x-auth-token': 'x' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect(errorResponseSchema.safeParse(wrongType.json()).success).toBe(true);

    for (const code of [
      'payload_too_large',
      'uri_too_long',
      'headers_too_large',
      'invalid_url',
      'unavailable',
      'internal_error',
      'order_confirmed',
    ]) {
      expect(errorCodeSchema.options).toContain(code);
    }
  });

  it('answers a malformed URL, an over-long path parameter and an unknown route in the envelope', async () => {
    const malformed = await harness.app.inject({ method: 'GET', url: '/%E0%A4%A/json/currency_code' });
    expect(malformed.statusCode).toBe(400);
    expectEnvelope(malformed.json(), 'invalid_url');

    const long = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/online_scheduler/office_contact/${'a'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expectEnvelope(long.json(), 'uri_too_long');

    const unknown = await harness.app.inject({ method: 'DELETE', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expectEnvelope(unknown.json(), 'not_found');
  });

  it('answers headers too large (431) and a bad Content-Length in the envelope, from the HTTP parser itself', async () => {
    const big = await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expectEnvelope(JSON.parse(big.body), 'headers_too_large');

    const badLength = await rawRequest(
      port,
      'POST /demo/json/online_scheduler/set_postal_code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(badLength.status).toBe(400);
    expectEnvelope(JSON.parse(badLength.body), 'bad_request');
    expect(badLength.headers.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});
