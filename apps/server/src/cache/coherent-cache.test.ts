import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../db/change-feed.ts';
import { CoherentCache, type Loaded } from './coherent-cache.ts';

/** A feed whose pings come straight back, as the database's would. */
function liveFeed(): ChangeFeed {
  const feed: ChangeFeed = new ChangeFeed(async (payload) => feed.announce(payload), true);
  return feed;
}

function counting<V>(make: (call: number) => Loaded<V> | null) {
  let calls = 0;
  const load = async () => make(++calls);
  return { load, calls: () => calls };
}

/** A load that waits until released, so that several requests can arrive while it runs. */
function gatedLoad() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const load = async () => {
    calls++;
    await gate;
    return { value: 'v', dependsOn: [] };
  };
  return { load, release, calls: () => calls };
}

describe('ChangeFeed', () => {
  it('tells whether a key was announced after a load began', () => {
    const feed = liveFeed();
    const loadedAt = feed.now();
    expect(feed.unchangedSince(loadedAt, ['order:1'])).toBe(true);
    feed.announce('order:2');
    expect(feed.unchangedSince(loadedAt, ['order:1'])).toBe(true);
    feed.announce('order:1');
    expect(feed.unchangedSince(loadedAt, ['order:1'])).toBe(false);
    expect(feed.unchangedSince(feed.now(), ['order:1'])).toBe(true);
  });

  it('trusts nothing while suspended, and nothing loaded before it resumed', () => {
    const feed = liveFeed();
    const loadedAt = feed.now();
    feed.suspend();
    expect(feed.live).toBe(false);
    expect(feed.unchangedSince(loadedAt, ['order:1'])).toBe(false);
    feed.resume();
    expect(feed.unchangedSince(loadedAt, ['order:1'])).toBe(false);
    expect(feed.unchangedSince(feed.now(), ['order:1'])).toBe(true);
  });

  it('flushes by waiting for its own ping to come back', async () => {
    const sent: string[] = [];
    const feed: ChangeFeed = new ChangeFeed(async (payload) => void sent.push(payload), true);
    let flushed = false;
    const flushing = feed.flush().then(() => (flushed = true));
    // Everything already queued has run; the ping has not come back, so the flush still waits.
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    feed.announce(sent[0]!);
    await flushing;
    expect(flushed).toBe(true);
  });
});

describe('CoherentCache', () => {
  it('answers from memory until a key it depends on is announced', async () => {
    const feed = liveFeed();
    const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
    const source = counting((call) => ({ value: `v${call}`, dependsOn: ['order:1'] }));
    expect(await cache.get('k', source.load)).toBe('v1');
    expect(await cache.get('k', source.load)).toBe('v1');
    feed.announce('order:9');
    expect(await cache.get('k', source.load)).toBe('v1');
    feed.announce('order:1');
    expect(await cache.get('k', source.load)).toBe('v2');
    expect(source.calls()).toBe(2);
  });

  it('does not keep a value whose key changed while it was loading', async () => {
    const feed = liveFeed();
    const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
    const source = counting((call) => {
      if (call === 1) feed.announce('order:1');
      return { value: `v${call}`, dependsOn: ['order:1'] };
    });
    expect(await cache.get('k', source.load)).toBe('v1');
    expect(await cache.get('k', source.load)).toBe('v2');
    expect(await cache.get('k', source.load)).toBe('v2');
  });

  it('forgets a value at its time limit', async () => {
    let now = 1_000;
    const cache = new CoherentCache<string>(liveFeed(), { maxEntries: 10 }, () => now);
    const source = counting((call) => ({ value: `v${call}`, dependsOn: [], validUntil: 2_000 }));
    expect(await cache.get('k', source.load)).toBe('v1');
    now = 1_999;
    expect(await cache.get('k', source.load)).toBe('v1');
    now = 2_000;
    expect(await cache.get('k', source.load)).toBe('v2');
  });

  it('neither answers from nor fills memory while the feed is not live', async () => {
    const feed = liveFeed();
    feed.suspend();
    const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
    const source = counting((call) => ({ value: `v${call}`, dependsOn: [] }));
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for a load that found nothing', async () => {
    const cache = new CoherentCache<string>(liveFeed(), { maxEntries: 10 });
    const source = counting<string>(() => null);
    expect(await cache.get('k', source.load)).toBeNull();
    expect(await cache.get('k', source.load)).toBeNull();
    expect(source.calls()).toBe(2);
  });

  it('lets the least recently used entries go beyond its entry and byte budgets', async () => {
    const cache = new CoherentCache<string>(liveFeed(), { maxEntries: 3, maxBytes: 100 });
    const value = (size: number) => async () => ({ value: 'x'.repeat(size), dependsOn: [], size });
    await cache.get('a', value(10));
    await cache.get('b', value(10));
    await cache.get('c', value(10));
    await cache.get('a', value(10)); // a is now the most recently used
    await cache.get('d', value(10)); // over 3 entries: b goes
    const reloaded: string[] = [];
    const track = (key: string) => async () => (reloaded.push(key), { value: key, dependsOn: [], size: 10 });
    await cache.get('a', track('a'));
    await cache.get('b', track('b'));
    expect(reloaded).toEqual(['b']);
    await cache.get('big', value(95)); // over 100 bytes: everything older goes
    expect(cache.size).toBe(1);
    await cache.get('huge', value(101)); // larger than the whole budget: not kept at all
    expect(cache.size).toBe(1);
  });

  it('shares one load among requests that arrive while it runs', async () => {
    const cache = new CoherentCache<string>(liveFeed(), { maxEntries: 10 });
    const slow = gatedLoad();
    const answers = Promise.all([cache.get('k', slow.load), cache.get('k', slow.load), cache.get('k', slow.load)]);
    slow.release();
    expect(await answers).toEqual(['v', 'v', 'v']);
    expect(slow.calls()).toBe(1);
  });

  it('does not share a load begun while changes could not be heard', async () => {
    const feed = liveFeed();
    feed.suspend();
    const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
    const slow = gatedLoad();
    const answers = Promise.all([cache.get('k', slow.load), cache.get('k', slow.load)]);
    slow.release();
    await answers;
    expect(slow.calls()).toBe(2);
  });

  describe('getMany', () => {
    /** A batch load that records which keys each call asked for. */
    function batchSource(feed: ChangeFeed) {
      const asked: string[][] = [];
      const load = async (missing: string[]) => {
        asked.push(missing);
        return new Map(missing.map((key) => [key, { value: `${key}@${asked.length}`, dependsOn: [`week:${key}`] }]));
      };
      return { load, asked, feed };
    }

    it('answers the current keys from memory and loads the others in one call', async () => {
      const feed = liveFeed();
      const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
      const source = batchSource(feed);
      expect(await cache.getMany(['a', 'b'], source.load)).toEqual(
        new Map([
          ['a', 'a@1'],
          ['b', 'b@1'],
        ]),
      );
      feed.announce('week:b');
      expect(await cache.getMany(['a', 'b', 'c'], source.load)).toEqual(
        new Map([
          ['a', 'a@1'],
          ['b', 'b@2'],
          ['c', 'c@2'],
        ]),
      );
      expect(source.asked).toEqual([
        ['a', 'b'],
        ['b', 'c'],
      ]);
      // What getMany kept, get answers too.
      expect(await cache.get('c', async () => ({ value: 'never', dependsOn: [] }))).toBe('c@2');
    });

    it('does not keep a key that changed while loading, and leaves out what the load did not find', async () => {
      const feed = liveFeed();
      const cache = new CoherentCache<string>(feed, { maxEntries: 10 });
      let calls = 0;
      const load = async (missing: string[]) => {
        calls++;
        if (calls === 1) feed.announce('week:a');
        return new Map(
          missing
            .filter((key) => key !== 'gone')
            .map((key) => [key, { value: `${key}${calls}`, dependsOn: [`week:${key}`] }]),
        );
      };
      expect(await cache.getMany(['a', 'b', 'gone'], load)).toEqual(
        new Map([
          ['a', 'a1'],
          ['b', 'b1'],
        ]),
      );
      expect(await cache.getMany(['a', 'b'], load)).toEqual(
        new Map([
          ['a', 'a2'],
          ['b', 'b1'],
        ]),
      );
    });

    it('shares a load under way with get, and throws its failure to its own caller only', async () => {
      const cache = new CoherentCache<string>(liveFeed(), { maxEntries: 10 });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      const many = cache.getMany(['a'], async (missing) => {
        calls++;
        await gate;
        return new Map(missing.map((key) => [key, { value: 'batch', dependsOn: [] }]));
      });
      const one = cache.get('a', async () => ({ value: 'own', dependsOn: [] }));
      release();
      expect(await many).toEqual(new Map([['a', 'batch']]));
      expect(await one).toBe('batch');
      expect(calls).toBe(1);
      await expect(
        cache.getMany(['x'], async () => {
          throw new Error('database down');
        }),
      ).rejects.toThrow('database down');
      // Nothing was kept or left loading: the next call loads again.
      expect(await cache.get('x', async () => ({ value: 'back', dependsOn: [] }))).toBe('back');
    });
  });
});
