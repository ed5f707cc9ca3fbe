import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@scheduler/contracts/errors';
import { API_KEY_SCOPES } from '@scheduler/contracts/public-api';
import { signedInMember } from './modules/console-auth/console-test-support.ts';
import { runsDatabaseFactory } from './db/test-databases.ts';
import { DEMO_OFFICE_UUID } from './modules/company-document/demo-company.ts';
import { fuzzedObject, fuzzedValue, hostileValue, type JsonSchema } from './test-support/openapi-arbitraries.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from './test-support/test-app.ts';

/**
 * Every operation of the generated OpenAPI document, called with random and boundary values for
 * every parameter and body field (dates around the booking window's edges, huge numbers, NUL,
 * lone surrogates, long strings, wrong types, unknown fields). No answer may be a 5xx, and every
 * error must be the one envelope. On a failure fast-check prints the shrunk request.
 */

/** Better Auth's error answer: a message, and usually a code. */
const betterAuthErrorSchema = z.object({ message: z.string(), code: z.string().optional() });

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const FUZZ_COMPANY = 'fuzz-co';
const FUZZ_OFFICE_UUID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** The statuses the document gives this operation an answer for (set_datetime's 409 with alternatives, say). */
  answers: number[];
}

interface FuzzRequest {
  operation: string;
  answers: number[];
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema ?? null,
      answers: Object.keys(operation.responses ?? {})
        .map(Number)
        .filter(Number.isInteger),
    })),
  );
}

/** The company document the admin operations start from: the demo's, under its own key and office. */
function fuzzBaseDocument(): Record<string, unknown> {
  const text = JSON.stringify({ ...demoDocument(), key: FUZZ_COMPANY }).replaceAll(DEMO_OFFICE_UUID, FUZZ_OFFICE_UUID);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Every path into a JSON value: where the document mutations strike. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, i) => pathsOf(item, [...prefix, i]))];
  if (value !== null && typeof value === 'object')
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return [prefix];
}

type Mutation =
  { kind: 'set'; value: unknown } | { kind: 'duplicate' } | { kind: 'delete' } | { kind: 'extra'; value: unknown };

function mutate(document: Record<string, unknown>, path: Array<string | number>, mutation: Mutation): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  if (path.length === 0) return mutation.kind === 'set' ? mutation.value : copy;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const target = parent[last];
  if (mutation.kind === 'set') parent[last] = mutation.value;
  else if (mutation.kind === 'delete') delete parent[last];
  else if (mutation.kind === 'duplicate' && Array.isArray(target) && target.length > 0)
    target.push(structuredClone(target[0]));
  else if (mutation.kind === 'extra' && target !== null && typeof target === 'object' && !Array.isArray(target))
    (target as Record<string, unknown>).unexpected = mutation.value;
  else parent[last] = mutation.kind === 'extra' ? mutation.value : [target, target];
  return copy;
}

/** Any JavaScript string as UTF-8 bytes would carry it (lone surrogates become U+FFFD), percent-encoded. */
function urlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) parts.push(`${urlPart(key)}=${urlPart(item)}`);
    else parts.push(`${urlPart(key)}=${urlPart(value)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

describe('the API under random and hostile input (OpenAPI-driven fuzz, on the run’s database)', () => {
  let harness: TestApp;
  let operations: Operation[];
  let tokens: string[];
  let apiKey: string;
  const histogram = new Map<number, number>();
  let sent = 0;

  // A built wizard, so that a path that falls through to the wizard's pages gets its page, as in production.
  const webDistDir = mkdtempSync(join(tmpdir(), 'scheduler-fuzz-web-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>wizard</title>');

  beforeAll(async () => {
    harness = await startTestApp(runsDatabaseFactory(), {
      webDistDir,
      config: {
        SESSION_RATE_LIMIT: '1000000',
        SEARCH_RATE_LIMIT: '1000000',
        WRITE_RATE_LIMIT: '1000000',
        API_KEY_RATE_LIMIT: '1000000',
      },
    });
    const imported = await harness.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${FUZZ_COMPANY}`,
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: fuzzBaseDocument(),
    });
    if (imported.statusCode !== 200) throw new Error(`could not import the fuzz company: ${imported.body}`);
    operations = operationsOf((await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    tokens = await Promise.all([1, 2, 3].map(() => startDemoSession(harness.app)));
    // The public API's calls (/api/v1) carry an API key of the demo company with every scope.
    const owner = await signedInMember(harness, 'owner@fuzz.example', 'owner');
    const key = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies/demo/api-keys',
      headers: owner.headers,
      payload: { name: 'Fuzz', scopes: [...API_KEY_SCOPES] },
    });
    if (key.statusCode !== 201) throw new Error(`could not make an API key: ${key.body}`);
    apiKey = key.json<{ secret: string }>().secret;
  });
  afterAll(async () => {
    const statuses = [...histogram.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      `OpenAPI fuzz: ${sent} requests over ${operations?.length ?? 0} operations; statuses ${statuses.join(', ')}`,
    );
    await harness?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
    const now = Date.now();
    const context = { now, uuids: [DEMO_OFFICE_UUID, FUZZ_OFFICE_UUID, 'a1c0ffee-0000-4000-8000-000000000001'] };
    const admin = operation.path.startsWith('/api/admin/');
    const publicApi = operation.path.startsWith('/api/v1/');
    const pathValues = fc.record(
      Object.fromEntries(
        operation.parameters
          .filter((p) => p.in === 'path')
          .map((p) => {
            const usual =
              p.name === 'company_key'
                ? fc.constant(admin ? FUZZ_COMPANY : 'demo')
                : p.name === 'office_uuid'
                  ? fc.constantFrom(DEMO_OFFICE_UUID, FUZZ_OFFICE_UUID)
                  : fuzzedValue(p.schema, context);
            return [
              p.name,
              fc.oneof({ weight: 6, arbitrary: usual }, { weight: 1, arbitrary: fuzzedValue(p.schema, context) }),
            ];
          }),
      ),
    );
    const querySchema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(
        operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      ),
      required: operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    };
    const query = fuzzedObject(querySchema, context);
    const credentials = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .constantFrom(...tokens)
          .map((token): Record<string, string> =>
            admin
              ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
              : publicApi
                ? { authorization: `Bearer ${apiKey}`, 'idempotency-key': token.slice(0, 8) }
                : { 'x-auth-token': token },
          ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Record<string, string>>(
          {},
          { 'x-auth-token': 'not-a-token' },
          { authorization: 'Bearer wrong' },
          { 'x-auth-token': tokens[0]!, 'x-office-uuid': FUZZ_OFFICE_UUID },
        ),
      },
    );
    let body: fc.Arbitrary<string | undefined> = fc.constant(undefined);
    if (operation.body && admin) {
      const base = fuzzBaseDocument();
      const paths = pathsOf(base);
      const mutation: fc.Arbitrary<Mutation> = fc.oneof(
        { weight: 4, arbitrary: hostileValue().map((value): Mutation => ({ kind: 'set', value })) },
        { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'duplicate' }) },
        { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'delete' }) },
        { weight: 1, arbitrary: hostileValue().map((value): Mutation => ({ kind: 'extra', value })) },
      );
      body = fc.tuple(fc.constantFrom(...paths), mutation).map(([path, m]) => JSON.stringify(mutate(base, path, m)));
    } else if (operation.body) {
      const value =
        operation.body.type === 'object' ? fuzzedObject(operation.body, context) : fuzzedValue(operation.body, context);
      body = fc.oneof(
        { weight: 8, arbitrary: value.map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: fc.constantFrom('{"datetime":', '', 'null', '[]', '"\\u0000"', '{"a":1e999}') },
      );
    }
    return fc
      .tuple(
        pathValues,
        query,
        credentials,
        body,
        fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain'),
      )
      .map(([params, q, headers, payload, contentType]) => {
        const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => urlPart(params[name]));
        return {
          operation: `${operation.method} ${operation.path}`,
          answers: operation.answers,
          method: operation.method,
          url: `${path}${queryString(q)}`,
          headers: payload === undefined ? headers : { ...headers, 'content-type': contentType },
          ...(payload === undefined ? {} : { payload }),
        };
      });
  }

  it(`answers ${REQUESTS} random requests over every operation without a 5xx, every error in the envelope`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    const anyRequest = fc.oneof(
      ...operations.map((operation) => ({
        // The admin calls import or export a whole company: fewer of them keep the run short.
        weight: operation.path.startsWith('/api/admin/') ? 1 : 3,
        arbitrary: requestFor(operation),
      })),
    );
    await fc.assert(
      fc.asyncProperty(anyRequest, async (request) => {
        const response = await harness.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        sent++;
        histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (response.statusCode >= 400) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(response.body);
          } catch {
            throw new Error(`${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`);
          }
          // A status the operation documents is one of its answers (a 409 with a status and
          // alternatives), not an error; anything else at that status is still an error.
          const documentedAnswer =
            request.answers.includes(response.statusCode) &&
            typeof parsed === 'object' &&
            parsed !== null &&
            'status' in parsed &&
            !('error' in parsed);
          if (documentedAnswer) return;
          // Better Auth's routes answer in Better Auth's own shape, as their description says (its
          // client reads it), but for what the server refuses before them (a body that is not JSON).
          const envelope = errorResponseSchema.safeParse(parsed);
          const betterAuths = request.url.startsWith('/api/auth/') && betterAuthErrorSchema.safeParse(parsed).success;
          if (!envelope.success && !betterAuths)
            throw new Error(`${response.statusCode} outside the envelope: ${response.body.slice(0, 300)}`);
        }
      }),
      {
        numRuns: REQUESTS,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        endOnFailure: false,
      },
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  }, 240_000);
});
