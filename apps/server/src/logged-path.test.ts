import { describe, expect, it } from 'vitest';
import { loggedPath } from './app.ts';

describe('the request log', () => {
  it('writes no token of a pay or manage link, and no query string', () => {
    const token = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
    expect(loggedPath(`/pay/${token}?cancelled=1`)).toBe('/pay/[redacted]');
    expect(loggedPath(`/demo/manage/${token}`)).toBe('/demo/manage/[redacted]');
    expect(loggedPath(`/demo/json/manage/${token}/reschedule`)).toBe('/demo/json/manage/[redacted]/reschedule');
    expect(loggedPath(`/demo/json/manage/${token}/availability?from=2026-12-01&to=2026-12-31`)).toBe(
      '/demo/json/manage/[redacted]/availability',
    );
  });

  it('leaves every other path as it is', () => {
    expect(loggedPath('/demo/json/online_scheduler/availability?from=2026-12-01')).toBe(
      '/demo/json/online_scheduler/availability',
    );
    expect(loggedPath('/api/admin/companies/demo/orders/1/manage-links')).toBe(
      '/api/admin/companies/demo/orders/1/manage-links',
    );
  });
});
