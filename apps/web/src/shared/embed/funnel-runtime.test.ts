// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFunnel, track } from './funnel.ts';
import { MAX_EVENTS_PER_REQUEST } from '@scheduler/contracts/analytics';
import { EVENTS_PER_REQUEST, hostViewport, startFunnelSender } from './funnel-runtime.ts';

const session = { token: 'token-1', officeUuid: '11111111-2222-4333-8444-555555555555' };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  connectFunnel(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sentBodies = () =>
  fetchMock.mock.calls.map(
    ([, init]) => JSON.parse((init as RequestInit).body as string) as { events: Array<{ name: string }> },
  );

describe('the funnel sender', () => {
  it('sends the events of a second in one request, with the session, to the company’s events route', async () => {
    const stop = startFunnelSender('demo', session);
    track('step_viewed');
    track('time_held');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/demo/json/online_scheduler/events');
    expect(init.headers).toMatchObject({ 'x-auth-token': 'token-1', 'x-office-uuid': session.officeUuid });
    expect(sentBodies()[0]!.events.map((e) => e.name)).toEqual(['step_viewed', 'time_held']);
    stop();
  });

  it('splits a burst into requests of at most 20 events, as many as the server takes', async () => {
    expect(EVENTS_PER_REQUEST).toBe(MAX_EVENTS_PER_REQUEST);
    const stop = startFunnelSender('demo', session);
    for (let i = 0; i < 45; i++) track('cart_changed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies().map((body) => body.events.length)).toEqual([20, 20, 5]);
    stop();
  });

  it('sends what is pending with keepalive when the page is left, and nothing twice', async () => {
    const stop = startFunnelSender('demo', session);
    track('step_viewed');
    dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops: later events wait for the next sender, and a failed request is dropped quietly', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const stop = startFunnelSender('demo', session);
    track('step_viewed');
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    track('time_held');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const next = startFunnelSender('demo', { ...session, token: 'token-2' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentBodies()[1]!.events.map((e) => e.name)).toEqual(['time_held']);
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ 'x-auth-token': 'token-2' });
    next();
  });
});

describe('a viewport message from the host page', () => {
  const host = 'https://www.example.com';
  const parent = {};
  const message = (data: unknown, origin = host, source: unknown = parent) =>
    hostViewport({ origin, source: source as MessageEventSource, data }, host, parent);
  const viewport = (fields: object) => ({ source: 'online-scheduler', version: 1, type: 'viewport', ...fields });

  it('gives the visible part of the frame, in whole pixels within bounds', () => {
    expect(message(viewport({ top: 812.4, height: 640.6 }))).toEqual({ top: 812, height: 641 });
    expect(message(viewport({ top: -30, height: 20 }))).toEqual({ top: 0, height: 100 });
    expect(message(viewport({ top: 0, height: 1e9 }))).toEqual({ top: 0, height: 20_000 });
  });

  it('ignores another origin, another window, another protocol version and a malformed one', () => {
    expect(message(viewport({ top: 1, height: 500 }), 'https://evil.example')).toBeNull();
    expect(message(viewport({ top: 1, height: 500 }), host, {})).toBeNull();
    expect(message({ ...viewport({ top: 1, height: 500 }), version: 2 })).toBeNull();
    expect(message(viewport({ top: '1', height: 500 }))).toBeNull();
    expect(message(viewport({ top: Number.NaN, height: 500 }))).toBeNull();
    expect(message(null)).toBeNull();
    expect(
      hostViewport(
        { origin: host, source: parent as MessageEventSource, data: viewport({ top: 1, height: 500 }) },
        null,
        parent,
      ),
    ).toBeNull();
  });
});
