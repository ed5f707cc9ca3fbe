import { afterEach, describe, expect, it } from 'vitest';
import type { FunnelEvent } from '@scheduler/contracts/analytics';
import { connectFunnel, setFunnelContext, track, trackOnce } from './funnel.ts';

afterEach(() => {
  connectFunnel(null);
  setFunnelContext(null, undefined);
});

describe('the funnel', () => {
  it('stamps each event with the step it happened on, and totals with the currency', () => {
    const sent: FunnelEvent[] = [];
    connectFunnel((event) => sent.push(event));
    setFunnelContext('packages', 'USD');
    track('cart_changed', { item_count: 2, total_cents: 52_500 });
    track('coupon_refused', { code: 'expired' });
    setFunnelContext(null, 'USD');
    track('error_shown', { code: 'something_went_wrong' });
    expect(sent).toEqual([
      { name: 'cart_changed', step: 'packages', item_count: 2, total_cents: 52_500, currency: 'USD' },
      { name: 'coupon_refused', step: 'packages', code: 'expired' },
      { name: 'error_shown', step: null, code: 'something_went_wrong' },
    ]);
  });

  it('keeps the events of the first screen until the sender connects, then sends them first, in order', () => {
    setFunnelContext('calendar', 'USD');
    track('step_viewed');
    track('time_held');
    const sent: string[] = [];
    connectFunnel((event) => sent.push(event.name));
    track('step_viewed');
    expect(sent).toEqual(['step_viewed', 'time_held', 'step_viewed']);
  });

  it('keeps at most 50 events while nothing is connected', () => {
    for (let i = 0; i < 60; i++) track('step_viewed');
    const sent: FunnelEvent[] = [];
    connectFunnel((event) => sent.push(event));
    expect(sent).toHaveLength(50);
  });

  it('tracks a keyed event once however often it is asked', () => {
    const sent: string[] = [];
    connectFunnel((event) => sent.push(event.name));
    trackOnce('lapsed 2026-12-01T14:15:00Z', 'hold_lapsed');
    trackOnce('lapsed 2026-12-01T14:15:00Z', 'hold_lapsed');
    trackOnce('lapsed 2026-12-01T15:15:00Z', 'hold_lapsed');
    expect(sent).toEqual(['hold_lapsed', 'hold_lapsed']);
  });
});
