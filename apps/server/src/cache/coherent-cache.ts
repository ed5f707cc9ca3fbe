/**
 * A read cache that the database keeps honest. Each entry names the change keys it depends on
 * ("order:<id>", "schedule:<company>", ...); it answers only while none of them has been
 * announced since its load began, its own time limit has not passed, and the change feed is
 * live. Least recently used entries go first when the cache is over its entry or byte budget.
 */
import type { ChangeFeed } from '../db/change-feed.ts';

export interface Loaded<V> {
  value: V;
  /** The change keys this value was read from. */
  dependsOn: readonly string[];
  /** Epoch ms after which the value is stale even without a change (time-dependent answers). */
  validUntil?: number;
  /** Bytes, for caches with a byte budget. */
  size?: number;
}

interface Entry<V> extends Loaded<V> {
  loadedAt: number;
}

export interface CacheLimits {
  maxEntries: number;
  maxBytes?: number;
}

export class CoherentCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Loads under way, shared by requests that arrive meanwhile when nothing changed since they began. */
  private readonly loading = new Map<string, { loadedAt: number; promise: Promise<Loaded<V> | null> }>();
  private bytes = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly limits: CacheLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The value for `key`: from the cache when current, else from `load`. A null load (nothing
   * found) is returned and not kept.
   */
  async get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    const cached = this.currentEntry(key);
    if (cached) return cached.value;
    const shared = this.shareableLoad(key);
    if (shared) return (await shared)?.value ?? null;

    const loadedAt = this.feed.now();
    const wasLive = this.feed.live;
    const promise = load();
    this.loading.set(key, { loadedAt, promise });
    let loaded: Loaded<V> | null;
    try {
      loaded = await promise;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
    if (loaded) this.keepUnlessChanged(key, loaded, loadedAt, wasLive);
    return loaded?.value ?? null;
  }

  /**
   * The values of several keys at once: each current one from memory, each one another request is
   * loading from that load, and all the others from one call of `load` with the missing keys (one
   * query where `get` would make one per key). A key `load` leaves out of its answer is missing
   * from the result and not kept.
   */
  async getMany(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, Loaded<V>>>,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const shared: Array<[string, Promise<Loaded<V> | null>]> = [];
    const missing: string[] = [];
    for (const key of keys) {
      const cached = this.currentEntry(key);
      const loading = cached ? null : this.shareableLoad(key);
      if (cached) found.set(key, cached.value);
      else if (loading) shared.push([key, loading]);
      else missing.push(key);
    }
    if (missing.length) {
      const loadedAt = this.feed.now();
      const wasLive = this.feed.live;
      const batch = load(missing);
      // Each missing key's own promise, so that `get` and `getMany` calls meanwhile share this load.
      const promises = missing.map((key) => {
        const promise = batch.then((loaded) => loaded.get(key) ?? null);
        // A failed load is this call's to throw; a key nobody else waited on must not also reject unheard.
        promise.catch(() => {});
        this.loading.set(key, { loadedAt, promise });
        return [key, promise] as const;
      });
      let loaded: Map<string, Loaded<V>>;
      try {
        loaded = await batch;
      } finally {
        for (const [key, promise] of promises) if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      }
      for (const key of missing) {
        const value = loaded.get(key);
        if (!value) continue;
        this.keepUnlessChanged(key, value, loadedAt, wasLive);
        found.set(key, value.value);
      }
    }
    for (const [key, promise] of shared) {
      const value = await promise;
      if (value) found.set(key, value.value);
    }
    return found;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of `key` while it is current, marked most recently used; a stale one is dropped. */
  private currentEntry(key: string): Entry<V> | undefined {
    const cached = this.entries.get(key);
    if (!cached) return undefined;
    if (!this.isCurrent(cached)) {
      this.remove(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, cached);
    return cached;
  }

  /** A load of `key` under way that a request arriving now may share, if any. */
  private shareableLoad(key: string): Promise<Loaded<V> | null> | undefined {
    const loading = this.loading.get(key);
    // Deaf to changes, a load begun a moment ago may have missed one: only a live feed can tell.
    return loading && this.feed.live && loading.loadedAt === this.feed.now() ? loading.promise : undefined;
  }

  /** Keeps what a load begun at `loadedAt` read, unless the feed was deaf then or a key it read changed since. */
  private keepUnlessChanged(key: string, loaded: Loaded<V>, loadedAt: number, wasLive: boolean): void {
    if (wasLive && this.feed.unchangedSince(loadedAt, loaded.dependsOn)) this.keep(key, { ...loaded, loadedAt });
  }

  private isCurrent(entry: Entry<V>): boolean {
    if (entry.validUntil !== undefined && this.clock() >= entry.validUntil) return false;
    return this.feed.unchangedSince(entry.loadedAt, entry.dependsOn);
  }

  private keep(key: string, entry: Entry<V>): void {
    const size = entry.size ?? 0;
    if (this.limits.maxBytes !== undefined && size > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (
        this.entries.size <= this.limits.maxEntries &&
        (this.limits.maxBytes === undefined || this.bytes <= this.limits.maxBytes)
      )
        break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size ?? 0;
  }
}
