import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { funnelQueryOptions } from './funnel-query.ts';

/** The funnel's one question: a span of dates, for every office or one. */

const ANSWER = { company_key: 'demo', from: '2026-11-01', to: '2026-11-30', offices: [] };

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

describe('the funnel query', () => {
  it('asks for the span, naming an office only when one is chosen', async () => {
    const paths = answer(ANSWER);
    const client = new QueryClient();
    await client.fetchQuery(funnelQueryOptions('demo', { from: '2026-11-01', to: '2026-11-30', office: null }));
    await client.fetchQuery(funnelQueryOptions('demo', { from: '2026-11-01', to: '2026-11-30', office: 'a b' }));
    expect(paths).toEqual([
      '/api/console/companies/demo/funnel?from=2026-11-01&to=2026-11-30',
      '/api/console/companies/demo/funnel?from=2026-11-01&to=2026-11-30&office=a+b',
    ]);
  });

  it("keeps each span and office apart, under the company's key", () => {
    const key = (office: string | null, to = '2026-11-30') =>
      funnelQueryOptions('demo', { from: '2026-11-01', to, office }).queryKey;
    expect(key(null).slice(0, 3)).toEqual(['console', 'company', 'demo']);
    expect(key(null)).not.toEqual(key('abc'));
    expect(key(null)).not.toEqual(key(null, '2026-12-31'));
  });

  it('keeps the figures shown while another span loads, and for a minute before asking again', () => {
    const options = funnelQueryOptions('demo', { from: '2026-11-01', to: '2026-11-30', office: null });
    const shown = { company_key: 'demo', from: '2026-10-01', to: '2026-10-31', offices: [] };
    expect((options.placeholderData as (previous: unknown) => unknown)(shown)).toBe(shown);
    expect(options.staleTime).toBe(60_000);
  });

  it('refuses an answer of another shape', async () => {
    answer({ company_key: 'demo' });
    await expect(
      new QueryClient().fetchQuery({
        ...funnelQueryOptions('demo', { from: '2026-11-01', to: '2026-11-30', office: null }),
        retry: false,
      }),
    ).rejects.toThrow(/does not understand/);
  });
});
