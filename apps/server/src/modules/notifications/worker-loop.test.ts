import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/connection.ts';
import { NotificationWorker } from './notification-worker.ts';

/**
 * The worker's loop on a fake clock: when it looks at the queue (started, woken, polled), that a
 * wake during a run brings one more run straight after it, that a stop ends the loop and closes
 * the transport, and that an unreachable queue is logged and looked at again. The queue itself is
 * not read: each run is one call of runDue, finished when the test says so.
 */
const POLL_MS = 60_000;

function loop() {
  const warnings: Array<{ data: Record<string, unknown>; message: string }> = [];
  const close = vi.fn();
  const worker = new NotificationWorker({
    db: {} as Database,
    transport: { send: () => Promise.reject(new Error('not sent here')), close },
    sms: { send: () => Promise.reject(new Error('not sent here')) },
    publicBaseUrl: () => 'https://book.example.com',
    log: { info: () => {}, warn: (data, message) => warnings.push({ data, message }) },
    mailFrom: '',
    pollMs: POLL_MS,
    leaseMs: 60_000,
    retryBaseMs: 10,
    retryMaxMs: 100,
    now: () => 0,
  });
  /** Each run waits for the test to finish it (or fail it). */
  const runs: Array<{ finish: () => void; fail: (error: unknown) => void }> = [];
  const runDue = vi.spyOn(worker, 'runDue').mockImplementation(
    () =>
      new Promise<number>((resolve, reject) => {
        runs.push({ finish: () => resolve(0), fail: reject });
      }),
  );
  /** Stops the worker, finishing whatever run is still in progress. */
  const end = async () => {
    const stopped = worker.stop();
    for (const run of runs) run.finish();
    await stopped;
  };
  return { worker, runs, runDue, close, warnings, end };
}

const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe("the notification worker's loop", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing when woken before it is started', async () => {
    const { worker, runDue } = loop();
    worker.wake();
    await after(POLL_MS * 3);
    expect(runDue).not.toHaveBeenCalled();
  });

  it('looks at once when started, then once a poll interval after each run, not sooner', async () => {
    const { worker, runs, runDue, end } = loop();
    worker.start();
    await after(0);
    expect(runDue).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await after(POLL_MS - 1);
    expect(runDue).toHaveBeenCalledTimes(1);
    await after(1);
    expect(runDue).toHaveBeenCalledTimes(2);
    runs[1]!.finish();
    await after(POLL_MS - 1);
    expect(runDue).toHaveBeenCalledTimes(2);
    await end();
  });

  it('looks at once when woken while idle, in place of the next poll', async () => {
    const { worker, runs, runDue, end } = loop();
    worker.start();
    await after(0);
    runs[0]!.finish();
    await after(1_000);
    worker.wake();
    await after(0);
    expect(runDue).toHaveBeenCalledTimes(2);
    runs[1]!.finish();
    // The poll that was due at POLL_MS was replaced: the next look is a full interval after the woken run.
    await after(POLL_MS - 1);
    expect(runDue).toHaveBeenCalledTimes(2);
    await after(1);
    expect(runDue).toHaveBeenCalledTimes(3);
    await end();
  });

  it('runs once more straight after a run that was woken, then goes back to polling', async () => {
    const { worker, runs, runDue, end } = loop();
    worker.start();
    await after(0);
    worker.wake();
    worker.wake();
    await after(0);
    // Never two runs at once.
    expect(runDue).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await after(0);
    expect(runDue).toHaveBeenCalledTimes(2);
    runs[1]!.finish();
    await after(POLL_MS - 1);
    expect(runDue).toHaveBeenCalledTimes(2);
    await after(1);
    expect(runDue).toHaveBeenCalledTimes(3);
    await end();
  });

  it('never starts a second run beside one in progress, even when started again', async () => {
    const { worker, runs, runDue, end } = loop();
    worker.start();
    await after(0);
    worker.start();
    await after(0);
    expect(runDue).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await after(0);
    expect(runDue).toHaveBeenCalledTimes(1);
    await end();
  });

  it('logs an unreachable queue by its code and looks again at the next poll', async () => {
    const { worker, runs, runDue, warnings, end } = loop();
    worker.start();
    await after(0);
    runs[0]!.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    await after(0);
    expect(warnings).toEqual([{ data: { code: 'ECONNREFUSED' }, message: 'notification queue unavailable' }]);
    await after(POLL_MS);
    expect(runDue).toHaveBeenCalledTimes(2);
    await end();
  });

  it('stops after the run in progress, closes the transport once it ends, and looks no more', async () => {
    const { worker, runs, runDue, close } = loop();
    worker.start();
    await after(0);
    const stopped = worker.stop();
    worker.wake();
    await after(0);
    expect(close).not.toHaveBeenCalled();
    runs[0]!.finish();
    await stopped;
    expect(close).toHaveBeenCalledTimes(1);
    await after(POLL_MS * 3);
    expect(runDue).toHaveBeenCalledTimes(1);
  });

  it('cancels the pending poll when stopped while idle', async () => {
    const { worker, runs, runDue, close } = loop();
    worker.start();
    await after(0);
    runs[0]!.finish();
    await after(0);
    await worker.stop();
    expect(close).toHaveBeenCalledTimes(1);
    await after(POLL_MS * 3);
    expect(runDue).toHaveBeenCalledTimes(1);
  });
});
