import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleKeys } from '../shared/queries.ts';
import { renderConsoleHook } from '../test-support/render-page.tsx';
import { useScheduleEvents } from './use-schedule-events.ts';

/**
 * The company's event stream on its own: which stream is opened, what a `schedule` event makes
 * stale (the schedule, the orders, any open order) and what it leaves alone, and the stream
 * closed when the company's pages are left.
 */

/** An EventSource the test drives: the streams opened, their listeners, and whether each was closed. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  listening = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    this.listening += 1;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
    this.listening -= 1;
    super.removeEventListener(...args);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

const ORDER_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';

/** The hook for `companyKey`, with a query of each kind already read. */
function renderEvents(companyKey: string) {
  const view = renderConsoleHook(() => useScheduleEvents(companyKey));
  const keys = {
    schedule: [...consoleKeys.schedule('demo'), '2026-12-01', 1, null],
    orders: [...consoleKeys.orders('demo'), { page: 1 }],
    order: consoleKeys.order('demo', ORDER_ID),
    moveTimes: consoleKeys.moveTimes('demo', ORDER_ID),
    inspectors: consoleKeys.inspectors('demo'),
    me: consoleKeys.me,
    otherCompany: consoleKeys.schedule('other'),
  };
  for (const key of Object.values(keys)) view.client.setQueryData(key, { read: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => view.client.getQueryState(key)?.isInvalidated === true)
      .map(([name]) => name);
  return { ...view, stale };
}

describe("the company's event stream", () => {
  it("opens the company's stream, its key escaped", () => {
    renderEvents('a b');
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/console/companies/a%20b/events']);
  });

  it("makes the company's schedule, orders and open orders stale on a schedule event, and nothing else", () => {
    const { stale } = renderEvents('demo');
    expect(stale()).toEqual([]);
    act(() => {
      FakeEventSource.opened[0]!.dispatchEvent(new Event('schedule'));
    });
    expect(stale()).toEqual(['schedule', 'orders', 'order', 'moveTimes']);
  });

  it('needs nothing on a ping: it only keeps the stream open', () => {
    const { stale } = renderEvents('demo');
    act(() => {
      FakeEventSource.opened[0]!.dispatchEvent(new Event('ping'));
    });
    expect(stale()).toEqual([]);
  });

  it('opens no stream without a company (a person who is no member of it)', () => {
    renderEvents('');
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('opens no stream where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    renderEvents('demo');
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('stops listening and closes the stream when the pages are left, and hears nothing after', () => {
    const { unmount, stale } = renderEvents('demo');
    const source = FakeEventSource.opened[0]!;
    expect(source.listening).toBe(1);
    unmount();
    expect(source.closed).toBe(true);
    expect(source.listening).toBe(0);
    source.dispatchEvent(new Event('schedule'));
    expect(stale()).toEqual([]);
  });

  it("closes one company's stream and opens the other's when the company changes", () => {
    let companyKey = 'demo';
    const { rerender } = renderConsoleHook(() => useScheduleEvents(companyKey));
    companyKey = 'other';
    rerender();
    expect(FakeEventSource.opened.map((source) => [source.url, source.closed])).toEqual([
      ['/api/console/companies/demo/events', true],
      ['/api/console/companies/other/events', false],
    ]);
  });
});
