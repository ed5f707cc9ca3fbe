/**
 * When a webhook is tried again (decision 0086), pure so that its bounds are tested on their own.
 * Timeouts, network errors, 5xx and 429 are retried with exponential back-off and jitter, for
 * RETRY_WINDOW_MS after the first attempt: the last attempt falls on the window's end exactly.
 * A 410 disables the endpoint; any other 4xx fails the delivery for good. 2xx is delivered.
 */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** A receiver's Retry-After is honoured up to this. */
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

export type AttemptVerdict = 'delivered' | 'retry' | 'failed' | 'gone';

export function verdictOf(
  outcome: { kind: 'response'; status: number } | { kind: 'timeout' | 'network' },
): AttemptVerdict {
  if (outcome.kind !== 'response') return 'retry';
  const { status } = outcome;
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/**
 * The back-off before attempt `attempts + 1`: 5 s doubling per attempt, at most 6 h, with up to a
 * quarter taken off at random (jitter, `random` in [0, 1)); at least what the receiver asked.
 */
export function backoffMs(attempts: number, random: number, retryAfter: number | null): number {
  const exponential = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  const jittered = Math.round(exponential * (1 - 0.25 * random));
  return Math.max(jittered, retryAfter ?? 0);
}

/**
 * The next attempt after a failed one at `now`, or null when the window is over (given up):
 * never later than the window's end, so that a delivery is tried at its end before it is given up.
 */
export function nextAttemptAt(firstAttemptAt: number, now: number, delayMs: number): number | null {
  const end = firstAttemptAt + RETRY_WINDOW_MS;
  if (now >= end) return null;
  return Math.min(now + delayMs, end);
}
