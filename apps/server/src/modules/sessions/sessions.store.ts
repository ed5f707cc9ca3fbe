import { CoherentCache } from '../../cache/coherent-cache.ts';
import { changeKeys, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/connection.ts';
import { findSessionByTokenHash, type SessionRecord } from './sessions.repository.ts';

/**
 * Sessions by token hash, cached: every call of the wizard authenticates, and the answer only
 * changes when the session is touched or ended, or its order is confirmed, each of which the
 * database announces. Unknown tokens are not cached.
 */
export class SessionStore {
  private readonly cache: CoherentCache<SessionRecord>;

  constructor(
    readonly db: Database,
    readonly changes: ChangeFeed,
    /** Epoch ms now: what expiry is measured against (tests move it). */
    private readonly clock: () => number = Date.now,
  ) {
    this.cache = new CoherentCache(changes, { maxEntries: 50_000 }, clock);
  }

  now(): Date {
    return new Date(this.clock());
  }

  byTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    return this.cache.get(tokenHash, async () => {
      const session = await findSessionByTokenHash(this.db, tokenHash);
      return session
        ? { value: session, dependsOn: [changeKeys.session(session.sessionId), changeKeys.order(session.orderId)] }
        : null;
    });
  }
}
