import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SCHEDULE, INSPECTORS, OFFICE_ME } from '../test-support/fixtures.ts';
import {
  consoleKeys,
  inspectorsQueryOptions,
  meQueryOptions,
  moveTimesQueryOptions,
  ordersQueryString,
  scheduleQueryOptions,
} from './queries.ts';

/** The paths the console asks, answered by `body`. */
function answer(body: unknown) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return paths;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("the console's query keys", () => {
  it("nest every company's queries under the company, so one invalidation reaches them all", () => {
    expect(consoleKeys.schedule('demo').slice(0, 3)).toEqual(consoleKeys.company('demo'));
    expect(consoleKeys.orders('demo').slice(0, 3)).toEqual(consoleKeys.company('demo'));
    expect(consoleKeys.inspectors('demo').slice(0, 3)).toEqual(consoleKeys.company('demo'));
    expect(consoleKeys.moveTimes('demo', 'o1').slice(0, 5)).toEqual(consoleKeys.order('demo', 'o1'));
    expect(consoleKeys.company('demo')).not.toEqual(consoleKeys.company('other'));
  });
});

describe('ordersQueryString', () => {
  it('writes the filters set, and leaves out the empty ones', () => {
    expect(ordersQueryString({})).toBe('');
    expect(
      ordersQueryString({
        from: '2026-12-01',
        to: '2026-12-31',
        status: 'all',
        inspector_id: 101,
        q: 'Elm Street',
        cursor: 'YXwy',
        per_page: 50,
      }),
    ).toBe('from=2026-12-01&to=2026-12-31&status=all&inspector_id=101&q=Elm+Street&cursor=YXwy&per_page=50');
    expect(ordersQueryString({ q: '', status: undefined, per_page: 25 })).toBe('per_page=25');
  });
});

describe('the queries ask the API', () => {
  it('for who is signed in', async () => {
    const paths = answer(OFFICE_ME);
    await expect(client().fetchQuery(meQueryOptions())).resolves.toEqual(OFFICE_ME);
    expect(paths).toEqual(['/api/console/me']);
  });

  it('for the schedule from a date for some days, in an office only when one is chosen', async () => {
    const paths = answer(EMPTY_SCHEDULE);
    const queries = client();
    await queries.fetchQuery(scheduleQueryOptions('demo', { from: '2026-12-01', days: 7, officeUuid: null }));
    await queries.fetchQuery(scheduleQueryOptions('demo', { from: '2026-12-01', days: 1, officeUuid: 'abc' }));
    expect(paths).toEqual([
      '/api/console/companies/demo/schedule?from=2026-12-01&days=7',
      '/api/console/companies/demo/schedule?from=2026-12-01&days=1&office_uuid=abc',
    ]);
  });

  it("for the company's inspectors", async () => {
    const paths = answer(INSPECTORS);
    await expect(client().fetchQuery(inspectorsQueryOptions('demo'))).resolves.toEqual(INSPECTORS);
    expect(paths).toEqual(['/api/console/companies/demo/inspectors']);
  });

  it('for the times an order may move to, its id encoded, every time it opens', async () => {
    const paths = answer([]);
    const options = moveTimesQueryOptions('demo', 'a/b', { from: '2026-12-01', to: '2026-12-14' });
    await client().fetchQuery(options);
    expect(paths).toEqual(['/api/console/companies/demo/orders/a%2Fb/availability?from=2026-12-01&to=2026-12-14']);
    expect(options.staleTime).toBe(0);
  });
});
