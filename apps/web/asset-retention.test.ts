import { describe, expect, it } from 'vitest';
import { retain, type BuildRecord } from './asset-retention.ts';

const build = (n: number, files: string[]): BuildRecord => ({ builtAt: `2026-11-2${n}T10:00:00.000Z`, files });

describe('which assets a new build keeps', () => {
  it("keeps the last three builds' assets and prunes what only older builds wrote", () => {
    const previous = [
      build(1, ['assets/index-a.js', 'assets/Calendar-a.js']),
      build(2, ['assets/index-b.js', 'assets/Calendar-a.js']),
      build(3, ['assets/index-c.js']),
    ];
    const current = build(4, ['assets/index-d.js', 'assets/Calendar-a.js']);
    const existing = [
      'assets/index-a.js',
      'assets/Calendar-a.js',
      'assets/index-b.js',
      'assets/index-c.js',
      'assets/index-d.js',
      'assets/stray.js',
    ];
    const { builds, prune } = retain(previous, current, existing);
    expect(builds.map((b) => b.builtAt)).toEqual([previous[1]!.builtAt, previous[2]!.builtAt, current.builtAt]);
    // index-a was build 1's alone; Calendar-a is still used; a file no build recorded goes too.
    expect(prune).toEqual(['assets/index-a.js', 'assets/stray.js']);
  });

  it('keeps everything of a first build, and with a limit of one only the current build', () => {
    expect(retain([], build(1, ['assets/index-a.js']), ['assets/index-a.js']).prune).toEqual([]);
    expect(
      retain(
        [build(1, ['assets/index-a.js'])],
        build(2, ['assets/index-b.js']),
        ['assets/index-a.js', 'assets/index-b.js'],
        1,
      ).prune,
    ).toEqual(['assets/index-a.js']);
  });
});
