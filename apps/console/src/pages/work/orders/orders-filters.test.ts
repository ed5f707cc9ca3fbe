import { describe, expect, it } from 'vitest';
import { encodeOrdersCursor } from '@scheduler/contracts/orders-cursor';
import { readOrdersFilters, withFilters } from './orders-filters.ts';

const params = (query: string) => new URLSearchParams(query);
const CURSOR = encodeOrdersCursor({
  direction: 'after',
  at: '2026-12-01T14:00:00.000Z',
  id: '00000000-0000-4000-8000-000000000001',
});

describe("the orders list's filters in the URL", () => {
  it('reads each filter the API would take, typed as the API reads it', () => {
    expect(
      readOrdersFilters(
        params(`from=2026-12-01&to=2026-12-31&status=all&inspector_id=101&q=Elm&cursor=${CURSOR}&per_page=100`),
      ),
    ).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      status: 'all',
      inspector_id: 101,
      q: 'Elm',
      cursor: CURSOR,
      per_page: 100,
    });
  });

  it('reads no filter as none, not as the defaults', () => {
    expect(readOrdersFilters(params(''))).toEqual({});
    expect(readOrdersFilters(params('q=%20%20&status='))).toEqual({});
  });

  it('drops a value the API would refuse instead of sending it', () => {
    expect(
      readOrdersFilters(
        params('from=yesterday&status=lost&inspector_id=0&cursor=bm90LWEtY3Vyc29y&per_page=1000&sort=name'),
      ),
    ).toEqual({});
    expect(readOrdersFilters(params('from=2026-13-45&to=2026-12-31'))).toEqual({ to: '2026-12-31' });
  });

  it('trims a search', () => {
    expect(readOrdersFilters(params('q=%20Elm%20Street%20'))).toEqual({ q: 'Elm Street' });
  });
});

describe('a change of filters', () => {
  it('sets the filters changed, removes the emptied ones, and goes back to the first page', () => {
    const next = withFilters(params(`status=all&q=Elm&cursor=${CURSOR}`), { q: 'Oak', inspector_id: 101, status: '' });
    expect(next.toString()).toBe('q=Oak&inspector_id=101');
    // A page number of an older link goes with any change.
    expect(withFilters(params('q=Elm&page=4'), { q: 'Oak' }).toString()).toBe('q=Oak');
  });

  it('keeps the other filters when only the cursor changes', () => {
    expect(withFilters(params('status=all&q=Elm&cursor=x'), { cursor: CURSOR }).toString()).toBe(
      `status=all&q=Elm&cursor=${CURSOR}`,
    );
    expect(withFilters(params(`status=all&cursor=${CURSOR}`), { cursor: undefined }).toString()).toBe('status=all');
  });

  it('leaves the URL it was given as it was', () => {
    const before = params('q=Elm&page=2');
    withFilters(before, { q: 'Oak' });
    expect(before.toString()).toBe('q=Elm&page=2');
  });
});
