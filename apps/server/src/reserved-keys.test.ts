import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPANY_KEY_PATTERN, RESERVED_COMPANY_KEYS } from '@scheduler/contracts/onboarding';
import { runsDatabaseFactory } from './db/test-databases.ts';
import { demoCopy, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from './test-support/test-app.ts';

/**
 * A company's links start with its key (/{key}/online-scheduler/…), so a key equal to a first path
 * segment the product serves itself gives a company broken links, or shadows the product's page
 * (issue 39: the `console` and `pay` companies' links were broken). The list of reserved keys is
 * checked against the server's own route table, so a new top-level route cannot be forgotten.
 */
let harness: TestApp;
beforeAll(async () => {
  harness = await startTestApp(runsDatabaseFactory());
});
afterAll(async () => harness.close());

/** Every literal first segment of a route the server answers. */
function firstSegments(): string[] {
  const table = harness.app.printRoutes({ commonPrefix: false });
  const segments = new Set<string>();
  // The table is a tree: a route's own line at the root ("├── /api/…"), the rest of its path below it.
  for (const line of table.split('\n')) {
    const path = /^[├└]── (\/\S*)/.exec(line)?.[1];
    const first = path?.split('/')[1];
    if (first && !first.startsWith(':') && first !== '*') segments.add(first);
  }
  return [...segments];
}

it('reserves every first path segment the product serves that could be a company key', () => {
  const segments = firstSegments();
  expect(segments).toEqual(expect.arrayContaining(['api', 'healthz', 'readyz', 'embed']));
  const couldBeKeys = segments.filter((segment) => COMPANY_KEY_PATTERN.test(segment));
  expect(couldBeKeys.filter((segment) => !RESERVED_COMPANY_KEYS.has(segment))).toEqual([]);
});

it('refuses a reserved key at import, naming the field; the same key with a suffix is taken', async () => {
  const put = (key: string) =>
    harness.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${key}`,
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: demoCopy(key, 'c0000000-0000-4000-8000-0000000000c9'),
    });
  for (const key of ['console', 'pay', 'embed', 'api']) {
    const refused = await put(key);
    expect(refused.statusCode, key).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: 'key' } });
  }
  expect((await put('pay-inspections')).statusCode).toBe(200);
});
