/**
 * The database's announcements of change (migration 0002: triggers notify the channel
 * "scheduler_changes" with keys like "order:<id>"), turned into generations that read caches
 * compare against.
 *
 * Every announcement takes the next number of one sequence and records it against its key. A
 * cache entry remembers the sequence number at which its load began; it is current while none
 * of the keys it depends on has been announced since. While the feed cannot promise to hear
 * every announcement (the listening connection is down), `live` is false and caches neither
 * answer from nor keep anything; when it reconnects, everything loaded before is forgotten.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const CHANGES_CHANNEL = 'scheduler_changes';

/** What listeners hear when the feed was deaf for a while: any key may have changed. */
export const EVERYTHING_CHANGED = '*';

/** The keys the database announces (migration 0002), and what each covers. */
export const changeKeys = {
  /** The company's configuration: settings, offices, inspectors, catalogue. */
  company: (companyId: string) => `company:${companyId}`,
  /** Any appointment or hold of the company, or where one of its orders takes place. */
  schedule: (companyId: string) => `schedule:${companyId}`,
  /**
   * The company's commitments (appointments, holds, its inspectors' calendars' busy time) that
   * touch one UTC week counted from the epoch (migration 0051, decision 0105): what the scheduling
   * store caches by week listens to.
   */
  commitmentsWeek: (companyId: string, week: number) => `commitments:${companyId}:${week}`,
  /** Every week of the company's commitments: a change whose weeks are not listed one by one. */
  commitments: (companyId: string) => `commitments:${companyId}`,
  order: (orderId: string) => `order:${orderId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};

/** Keys remembered before the feed forgets them all at once (which invalidates every entry). */
const MAX_REMEMBERED_KEYS = 100_000;
const RECONNECT_DELAYS_MS = [100, 500, 1_000, 5_000, 15_000];

export class ChangeFeed {
  private sequence = 0;
  /** Entries loaded at or before this number are stale whatever their keys. */
  private forgottenUpTo = 0;
  private readonly announcedAt = new Map<string, number>();
  private readonly pendingFlushes = new Map<string, () => void>();
  /** Numbers flush pings; kept apart from `sequence`, which only changes count. */
  private flushes = 0;
  private isLive: boolean;
  /** Who hears each announcement as it comes (the console's event streams). */
  private readonly listeners = new Set<(key: string) => void>();

  /**
   * @param ping sends a notification with the given payload through the database, so that
   *   `flush` can wait for it to come back behind every change committed before it.
   */
  constructor(
    private readonly ping: (payload: string) => Promise<void>,
    live: boolean,
  ) {
    this.isLive = live;
  }

  /** True while every committed change is heard. */
  get live(): boolean {
    return this.isLive;
  }

  /** The number a load starting now records. */
  now(): number {
    return this.sequence;
  }

  /** Is an entry loaded at `loadedAt` still current for all of these keys? */
  unchangedSince(loadedAt: number, keys: readonly string[]): boolean {
    if (!this.isLive || loadedAt < this.forgottenUpTo) return false;
    for (const key of keys) if ((this.announcedAt.get(key) ?? 0) > loadedAt) return false;
    return true;
  }

  /**
   * A change to `key`. The database announces every change itself; a writer also calls this right
   * after its transaction commits, so that its own next read never waits for the announcement.
   */
  announce(key: string): void {
    if (key.startsWith('flush:')) {
      this.pendingFlushes.get(key)?.();
      this.pendingFlushes.delete(key);
      return;
    }
    this.sequence++;
    if (this.announcedAt.size >= MAX_REMEMBERED_KEYS) this.forgetEverything();
    this.announcedAt.set(key, this.sequence);
    for (const listener of this.listeners) listener(key);
  }

  /**
   * Calls `listener` with every key announced from now on, and with EVERYTHING_CHANGED when the
   * feed was deaf for a while (anything may have changed). Returns the call that stops it.
   */
  listen(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits until every change committed before the call has been heard. */
  async flush(): Promise<void> {
    if (!this.isLive) return;
    const key = `flush:${process.pid}:${++this.flushes}:${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<void>((resolve) => this.pendingFlushes.set(key, resolve));
    await this.ping(key);
    await heard;
  }

  /** The listening connection is down: stop trusting what was loaded, until `resume`. */
  suspend(): void {
    this.isLive = false;
    for (const resolve of this.pendingFlushes.values()) resolve();
    this.pendingFlushes.clear();
  }

  /** Listening again: changes made while deaf were missed, so everything loaded so far is stale. */
  resume(): void {
    this.forgetEverything();
    this.isLive = true;
    for (const listener of this.listeners) listener(EVERYTHING_CHANGED);
  }

  private forgetEverything(): void {
    this.announcedAt.clear();
    this.forgottenUpTo = ++this.sequence;
  }
}

export interface ChangeFeedHandle {
  feed: ChangeFeed;
  close(): Promise<void>;
}

/** The embedded database is one process: its notifications arrive in-process and are never missed. */
export async function listenEmbedded(client: PGlite): Promise<ChangeFeedHandle> {
  const feed = new ChangeFeed(
    async (payload) => void (await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload])),
    true,
  );
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => feed.announce(payload));
  return { feed, close: () => unlisten() };
}

/**
 * PostgreSQL: one dedicated connection LISTENs (a pooled one would be handed to other queries).
 * When it drops, the feed is suspended and the connection is reopened with growing pauses.
 */
export async function listenPostgres(clientConfig: pg.ClientConfig, pool: pg.Pool): Promise<ChangeFeedHandle> {
  const feed = new ChangeFeed(
    async (payload) => void (await pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload])),
    false,
  );
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client(clientConfig);
    candidate.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) feed.announce(message.payload);
    });
    candidate.on('error', () => reconnectLater(candidate));
    candidate.on('end', () => reconnectLater(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    attempt = 0;
    feed.resume();
  };

  const reconnectLater = (from: pg.Client) => {
    if (closed || client !== from) return;
    client = null;
    feed.suspend();
    from.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => schedule());
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    feed,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      feed.suspend();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
