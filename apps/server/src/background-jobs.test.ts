import { describe, expect, it } from 'vitest';
import { backgroundJobs } from './background-jobs.ts';
import type { Database } from './db/connection.ts';
import { testConfig } from './test-support/test-app.ts';

describe('the queue’s background jobs', () => {
  it("read the app's clock, not the wall clock: the refunds on cancel and the pruning alike", () => {
    // An instant years from the wall clock's, moved like a test's clock: each job must follow it.
    let at = Date.parse('2031-06-02T10:00:00.000Z');
    const clock = () => at;
    const jobs = backgroundJobs({
      // Never queried here: the jobs are only built.
      db: {} as Database,
      config: testConfig(),
      log: { info: () => {}, warn: () => {} },
      clock,
    });
    expect(jobs.paymentJobDeps.now().toISOString()).toBe('2031-06-02T10:00:00.000Z');
    at += 90_000;
    expect(jobs.paymentJobDeps.now().toISOString()).toBe('2031-06-02T10:01:30.000Z');
    expect(jobs.retention.clock()).toBe(at);
    expect(Object.keys(jobs.paymentJobs)).toContain('stripe_cancel_refund');
    expect(jobs.webhookDeps.now().toISOString()).toBe(new Date(at).toISOString());
    expect(Object.keys(jobs.paymentJobs)).toContain('webhook_delivery');
  });
});
