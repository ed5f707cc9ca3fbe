/**
 * Each API key's token bucket (decision 0087): `limit` requests at once, refilled at `limit` a
 * minute, on the app's clock. Counted in this process's memory: behind several instances each
 * counts its own share (not yet shared through Redis, as the wizard's limits are).
 */
export interface BucketAnswer {
  allowed: boolean;
  limit: number;
  /** Whole requests left after this one. */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** When refused: seconds until the next request is allowed (Retry-After). */
  retryAfterSeconds: number;
}

const WINDOW_MS = 60_000;
/** Buckets full and idle are forgotten past this many, so memory stays bounded by the keys in use. */
const SWEEP_ABOVE = 10_000;

export class KeyRateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: number,
    private readonly clock: () => number,
  ) {}

  take(keyId: string): BucketAnswer {
    const now = this.clock();
    const perMs = this.limit / WINDOW_MS;
    const bucket = this.#buckets.get(keyId) ?? { tokens: this.limit, at: now };
    const tokens = Math.min(this.limit, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.#buckets.set(keyId, { tokens: left, at: now });
    if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(now, perMs);
    return {
      allowed,
      limit: this.limit,
      remaining: Math.floor(left),
      resetSeconds: Math.ceil((this.limit - left) / perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - left) / perMs / 1000)),
    };
  }

  #sweep(now: number, perMs: number): void {
    for (const [key, bucket] of this.#buckets)
      if (bucket.tokens + (now - bucket.at) * perMs >= this.limit) this.#buckets.delete(key);
  }
}
