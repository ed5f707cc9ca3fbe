import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../test-support/test-app.ts';
import { describeOnEachDatabase } from '../test-support/each-database.ts';

const API = '/demo/json/online_scheduler';
const DAY_MS = 86_400_000;

/** An instant `days` from now at a whole hour, as the wizard sends it. */
function instantIn(days: number): string {
  const at = new Date(Date.now() + days * DAY_MS);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString().replace('.000Z', 'Z');
}

describeOnEachDatabase('bad input is a 4xx, never a 500,', (factory) => {
  let harness: TestApp;
  let token: string;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    token = await startDemoSession(harness.app);
  });
  afterAll(async () => harness.close());

  const get = (path: string) =>
    harness.app.inject({ method: 'GET', url: `${API}${path}`, headers: { 'x-auth-token': token } });
  const post = (path: string, payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { 'x-auth-token': token },
      payload: payload as object,
    });
  const putDocument = (doc: unknown) =>
    harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: doc as object,
    });

  it('refuses NUL and unpaired surrogates in any string a visitor sends, naming the field', async () => {
    const nul = await post('/set_postal_code', { postal_code: '4301\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: { code: 'invalid_request', field: 'postal_code' } });
    const surrogate = await post('/set_postal_code', { postal_code: '43\uD800015' });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toMatchObject({ error: { field: 'postal_code' } });
    const inQuery = await get(
      `/availability?from=${instantIn(1).slice(0, 10)}&to=${instantIn(2).slice(0, 10)}&postal_code=43%00215`,
    );
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ error: { field: 'postal_code' } });
    // A well-formed surrogate pair (an emoji) is text like any other (a postal code is not free
    // text for a US office, so a free-text field carries it).
    const emoji = await post('/set_address', {
      address1: '1 Main St \uD83C\uDFE0',
      city: 'Columbus',
      postal_code: '43215',
    });
    expect([200, 409]).toContain(emoji.statusCode);
  });

  it('answers a body nested to any depth with a 400, on the admin API and a visitor route alike', async () => {
    const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
    const send = (method: 'PUT' | 'POST', url: string, payload: string, headers: Record<string, string>) =>
      harness.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
    const admin = (payload: string) =>
      send('PUT', '/api/admin/companies/demo', payload, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    const visitor = (payload: string) => send('POST', `${API}/set_postal_code`, payload, { 'x-auth-token': token });
    // 8,000 and 100,000 levels once overflowed the call stack (a 500); the body limit still comes first.
    for (const depth of [65, 8_000, 30_000]) {
      for (const answer of [
        await admin(`{"key":${nested(depth)}}`),
        await visitor(`{"postal_code":${nested(depth)}}`),
      ]) {
        expect(answer.statusCode, `depth ${depth}`).toBe(400);
        expect(answer.json()).toMatchObject({
          error: { code: 'invalid_json', message: expect.stringContaining('64 levels') },
        });
      }
    }
    expect((await admin(`{"key":${nested(300_000)}}`)).statusCode).toBe(400);
    expect((await visitor(`{"postal_code":${nested(40_000)}}`)).statusCode).toBe(413);
    // At the limit the body is parsed, and its schema answers: the array is not a postal code.
    const atLimit = await visitor(`{"postal_code":${nested(63)}}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toMatchObject({ error: { code: 'invalid_request', field: 'postal_code' } });
    // Brackets inside strings are text, not nesting.
    const bracketsInText = await visitor(JSON.stringify({ postal_code: '['.repeat(100) }));
    expect(bracketsInText.json().error.code).not.toBe('invalid_json');
    // The admin API still takes its whole (large) document.
    expect((await putDocument(demoDocument())).statusCode).toBe(200);
  });

  it('refuses NUL and unpaired surrogates anywhere in the company document, naming the path', async () => {
    const doc = demoDocument() as { agents: Array<Record<string, unknown>>; name: string };
    doc.agents[0]!.company = 'Realty\u0000 Inc';
    const response = await putDocument(doc);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('agents.0.company');
    const lone = demoDocument() as { name: string };
    lone.name = 'Scioto \uDC00';
    expect((await putDocument(lone)).json()).toMatchObject({ error: { field: 'name' } });
  });

  it('bounds every integer of the company document to its column and names duplicates', async () => {
    const cases: Array<[string, (doc: Record<string, Array<Record<string, unknown>>>) => void]> = [
      ['inspectors.0.id', (doc) => (doc.inspectors![0]!.id = 2 ** 31)],
      ['coupons.0.max_redemptions', (doc) => (doc.coupons![0]!.max_redemptions = 2 ** 31)],
      ['services.0.sort', (doc) => (doc.services![0]!.sort = 2 ** 53 - 1)],
      ['property_controls.0.id', (doc) => (doc.property_controls![0]!.id = 2 ** 53 - 1)],
      [
        'packages.0.services.1',
        (doc) => {
          const first = (doc.packages![0]!.services as string[])[0]!;
          doc.packages![0]!.services = [first, first];
        },
      ],
      ['inspectors.1.id', (doc) => (doc.inspectors![1]!.id = doc.inspectors![0]!.id)],
      [
        'embedding_origins.0',
        (doc) =>
          ((doc as unknown as Record<string, unknown>).embedding_origins = [
            "https://example.com; script-src 'unsafe-inline'",
          ]),
      ],
    ];
    for (const [field, change] of cases) {
      const doc = demoDocument() as Record<string, Array<Record<string, unknown>>>;
      change(doc);
      const response = await putDocument(doc);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ error: { code: 'invalid_document', field } });
    }
    // The largest values the columns hold are accepted.
    const largest = demoDocument() as Record<string, Array<Record<string, unknown>>>;
    largest.services![0]!.sort = 2 ** 31 - 1;
    largest.coupons![0]!.max_redemptions = 2 ** 31 - 1;
    expect((await putDocument(largest)).statusCode).toBe(200);
    expect((await putDocument(demoDocument())).statusCode).toBe(200);
  });

  it('answers a time in the past or beyond the horizon as unavailable, with alternatives', async () => {
    for (const days of [-5, 127]) {
      const held = await post('/set_datetime', { datetime: instantIn(days) });
      expect(held.statusCode, `${days} days`).toBe(409);
      const body = held.json();
      expect(body.status).toBe('unavailable');
      expect(body.appointments.length, `${days} days`).toBeGreaterThan(0);
      expect(Date.parse(body.appointments[0].start_datetime.replace(' ', 'T') + 'Z')).toBeGreaterThan(
        Date.now() - DAY_MS,
      );

      const check = await get(`/time_available?from=${instantIn(days)}&to=${instantIn(days + 0.125)}`);
      expect(check.statusCode, `${days} days`).toBe(200);
      expect(check.json().status).toBe('no');

      const listing = await get(
        `/availability?from=${instantIn(days).slice(0, 10)}&to=${instantIn(days + 2).slice(0, 10)}`,
      );
      expect(listing.statusCode).toBe(200);
      expect(listing.json()).toEqual([]);
    }
  });

  it('refuses absurd dates (year 0001, 9999) with 400 naming the field', async () => {
    expect((await post('/set_postal_code', { postal_code: '43215' })).statusCode).toBe(200);
    const requests = [
      () => post('/set_datetime', { datetime: '0001-01-01T10:00:00Z' }),
      () => post('/set_datetime', { datetime: '9999-12-31T23:30:00Z' }),
      () => get('/time_available?from=9999-12-31T10:00:00Z&to=9999-12-31T13:00:00Z'),
      () => get('/availability?from=0001-01-01&to=0001-01-02'),
      () => get('/distance_on_datetime?datetime=9999-12-31T23:30:00Z'),
    ];
    for (const request of requests) {
      const response = await request();
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
      expect(['datetime', 'from', 'to']).toContain(response.json().error.field);
    }
    // The latest date the rule allows is answered like any other.
    const far = await get('/distance_on_datetime?datetime=2199-12-31T23:30:00Z');
    expect(far.statusCode).toBe(200);
  });
});
