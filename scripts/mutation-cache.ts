/**
 * The mutation runs' incremental files (StrykerJS's record of every mutant's last result, about
 * 14 MB) live outside main's tree, in a git ref of their own: `refs/mutation/cache`, one commit a
 * save, each holding the folder's files. A plain `git clone` does not fetch that ref (clones take
 * `refs/heads/*` and tags), so the product's history no longer grows by the cache's megabytes; a
 * mutation run restores the folder from the ref (fetching it from `origin` when the clone lacks
 * it) and saves it back when it ends. docs/decisions/0053 says why this and not a CI cache.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MUTATION_CACHE_REF = 'refs/mutation/cache';

function git(args: string[], input?: string): string {
  return execFileSync('git', args, {
    encoding: 'utf8',
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  }).trimEnd();
}

function refExists(ref: string): boolean {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The remote's ref, when the clone has a remote that holds it; quietly nothing otherwise. */
function fetchFromOrigin(): void {
  try {
    git(['fetch', '--quiet', 'origin', `+${MUTATION_CACHE_REF}:${MUTATION_CACHE_REF}`]);
  } catch {
    // No origin, or an origin without the ref: the first run starts from an empty cache.
  }
}

/** Writes the cached files into `folder`; returns how many (0 when there is no cache yet). */
export function restoreMutationCache(folder: string): number {
  if (!refExists(MUTATION_CACHE_REF)) fetchFromOrigin();
  if (!refExists(MUTATION_CACHE_REF)) return 0;
  mkdirSync(folder, { recursive: true });
  const names = git(['ls-tree', '--name-only', MUTATION_CACHE_REF]).split('\n').filter(Boolean);
  for (const name of names) {
    writeFileSync(
      join(folder, name),
      execFileSync('git', ['show', `${MUTATION_CACHE_REF}:${name}`], { maxBuffer: 256 * 1024 * 1024 }),
    );
  }
  return names.length;
}

/**
 * Records the folder's files as a new commit on the ref (its parent the previous save, so that an
 * older result can still be read back); nothing when they are unchanged. Returns the commit.
 */
export function saveMutationCache(folder: string): string | undefined {
  if (!existsSync(folder)) return undefined;
  const entries = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `100644 blob ${git(['hash-object', '-w', join(folder, name)])}\t${name}`);
  const tree = git(['mktree'], `${entries.join('\n')}\n`);
  const parent = refExists(MUTATION_CACHE_REF) ? git(['rev-parse', MUTATION_CACHE_REF]) : undefined;
  if (parent && git(['rev-parse', `${parent}^{tree}`]) === tree) return parent;
  // A machine without a git identity (a CI box) still records its run.
  const identity = ['-c', 'user.name=npm run mutation', '-c', 'user.email=mutation@localhost'];
  const hasIdentity = (() => {
    try {
      return git(['config', 'user.email']).length > 0;
    } catch {
      return false;
    }
  })();
  const commit = git([
    ...(hasIdentity ? [] : identity),
    'commit-tree',
    tree,
    ...(parent ? ['-p', parent] : []),
    '-m',
    'Mutation results (npm run mutation)',
  ]);
  git(['update-ref', MUTATION_CACHE_REF, commit, ...(parent ? [parent] : [])]);
  return commit;
}

/** `node --import tsx scripts/mutation-cache.ts save|restore`: by hand, e.g. before pushing the ref. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [verb] = process.argv.slice(2);
  const folder = 'mutation/incremental';
  if (verb === 'restore')
    process.stdout.write(`${restoreMutationCache(folder)} files restored from ${MUTATION_CACHE_REF}\n`);
  else if (verb === 'save') process.stdout.write(`saved as ${saveMutationCache(folder) ?? 'nothing (no folder)'}\n`);
  else {
    process.stderr.write('usage: mutation-cache.ts save|restore\n');
    process.exit(2);
  }
}
