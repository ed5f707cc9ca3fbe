/**
 * `npm run planted [id…]`: plants each bug of `mutation/planted/*.bugs.ts` in turn, runs the test
 * files named for it, expects them to fail, and puts the code back. It first runs all those files
 * on the code as it is, which must pass, so that a failure can only be the bug's doing.
 * Exits 1 when a bug survives its tests or its text is no longer found (the code moved: update the
 * entry). Not part of `npm test`; run it after changing the code or the tests a bug names.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlantedBug } from '../mutation/planted/planted-bug.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const PLANTED_DIR = join(ROOT, 'mutation/planted');
/** The machine's PostgreSQL, as CI uses it: concurrency bugs show only there. */
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function loadBugs(): Promise<PlantedBug[]> {
  const files = readdirSync(PLANTED_DIR).filter((f) => f.endsWith('.bugs.ts')).sort();
  const lists = await Promise.all(files.map(async (f) => ((await import(join(PLANTED_DIR, f))) as { bugs: PlantedBug[] }).bugs));
  return lists.flat();
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Runs Vitest on the files, quietly; true when every test passed. */
function testsPass(files: string[]): boolean {
  const result = spawnSync('npx', ['vitest', 'run', '--reporter=dot', ...files], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES } });
  return result.status === 0;
}

const wanted = new Set(process.argv.slice(2));
const bugs = (await loadBugs()).filter((b) => wanted.size === 0 || wanted.has(b.id));
if (bugs.length === 0) throw new Error('No planted bug matches those ids.');

const allTests = [...new Set(bugs.flatMap((b) => b.tests))];
process.stdout.write(`Baseline: ${allTests.length} test files on the code as it is… `);
if (!testsPass(allTests)) {
  process.stdout.write('FAILED — fix the tests before planting anything.\n');
  process.exit(1);
}
process.stdout.write('pass\n');

let original: { file: string; text: string } | null = null;
const restore = () => {
  if (original) writeFileSync(original.file, original.text);
  original = null;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

const outcomes: { bug: PlantedBug; outcome: 'caught' | 'SURVIVED' | 'NOT FOUND' }[] = [];
for (const bug of bugs) {
  const path = join(ROOT, bug.file);
  const text = readFileSync(path, 'utf8');
  if (occurrences(text, bug.find) !== 1) {
    outcomes.push({ bug, outcome: 'NOT FOUND' });
    process.stdout.write(`${bug.id} NOT FOUND (the text must occur once in ${bug.file})\n`);
    continue;
  }
  original = { file: path, text };
  writeFileSync(path, text.replace(bug.find, () => bug.replace));
  try {
    const caught = !testsPass(bug.tests);
    outcomes.push({ bug, outcome: caught ? 'caught' : 'SURVIVED' });
    process.stdout.write(`${bug.id} ${caught ? 'caught' : 'SURVIVED'}: ${bug.bug}\n`);
  } finally {
    restore();
  }
}

const bad = outcomes.filter((o) => o.outcome !== 'caught');
process.stdout.write(`\n${outcomes.length - bad.length} of ${outcomes.length} planted bugs caught.\n`);
process.exit(bad.length === 0 ? 0 : 1);
