import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** How many builds' assets stay servable: a visitor's page may be that many deploys old. */
export const KEPT_BUILDS = 3;
/** Where the build keeps its list of builds; the server never serves dot-folders of dist. */
export const BUILDS_FILE = '.vite/builds.json';

export interface BuildRecord {
  builtAt: string;
  /** The assets the build wrote, relative to dist ("assets/index-3f2a1b.js"). */
  files: string[];
}

/**
 * The builds to keep after `current` (the newest `kept`, current included), and the assets no kept
 * build wrote, which may go. Files a build keeps using under the same hashed name count as its own.
 */
export function retain(
  previous: readonly BuildRecord[],
  current: BuildRecord,
  existingAssets: readonly string[],
  kept = KEPT_BUILDS,
): { builds: BuildRecord[]; prune: string[] } {
  const builds = [...previous, current].slice(-kept);
  const wanted = new Set(builds.flatMap((build) => build.files));
  return { builds, prune: existingAssets.filter((file) => !wanted.has(file)) };
}

function readBuilds(file: string): BuildRecord[] {
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildRecord[];
  } catch {
    return [];
  }
}

/**
 * A deploy must not break a visitor in the middle of the wizard: the page they have open asks
 * for the chunks of the build it came from. So a build does not empty dist; it adds its hashed
 * assets beside the previous builds' and removes only those no one of the last KEPT_BUILDS builds
 * wrote. (A chunk that is gone all the same shows the "page was updated" notice.)
 */
export function assetRetention(): Plugin {
  let outDir = '';
  return {
    name: 'scheduler-asset-retention',
    apply: 'build',
    config: () => ({ build: { emptyOutDir: false } }),
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const current: BuildRecord = {
        builtAt: new Date().toISOString(),
        files: Object.keys(bundle).filter((file) => file.startsWith('assets/')),
      };
      const buildsFile = join(outDir, BUILDS_FILE);
      const assetsDir = join(outDir, 'assets');
      const existing = existsSync(assetsDir) ? readdirSync(assetsDir).map((file) => `assets/${file}`) : [];
      const { builds, prune } = retain(readBuilds(buildsFile), current, existing);
      for (const file of prune) rmSync(join(outDir, file), { force: true });
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(buildsFile, `${JSON.stringify(builds, null, 2)}\n`);
    },
  };
}
