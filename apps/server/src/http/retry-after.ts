/**
 * Retry-After (RFC 9110 §10.2.3) in ms from `now`: delay-seconds or an HTTP-date, never negative,
 * at most `maxMs`; null when absent or unreadable. The one reader of the header for every outside
 * service the server calls: webhook receivers (decision 0086) and calendar providers (0089, 0090).
 */
export function retryAfterMs(header: string | null | undefined, now: number, maxMs: number): number | null {
  const value = header?.trim() ?? '';
  // An HTTP-date names its day and month ("Tue, 01 Dec 2026 12:02:00 GMT"); "-5" is no date.
  const ms = /^\d{1,10}$/.test(value)
    ? Number(value) * 1000
    : /^[a-z]{3}, /i.test(value)
      ? Date.parse(value) - now
      : NaN;
  return Number.isNaN(ms) ? null : Math.min(Math.max(ms, 0), maxMs);
}
