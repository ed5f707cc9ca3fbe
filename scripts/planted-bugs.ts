/**
 * `npm run planted [id or prefix*…]`: plants each bug of `mutation/planted/*.bugs.ts` in turn, runs the test
 * files named for it, expects them to fail, and puts the code back. It first runs all those files
 * on the code as it is, which must pass, so that a failure can only be the bug's doing.
 * Exits 1 when a bug survives its tests or its text is no longer found (the code moved: update the
 * entry). Not part of `npm test`; run it after changing the code or the tests a bug names.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlantedBug } from '../mutation/planted/planted-bug.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const PLANTED_DIR = join(ROOT, 'mutation/planted');
/** The machine's PostgreSQL, as CI uses it: concurrency bugs show only there. */
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

async function loadBugs(): Promise<PlantedBug[]> {
  const files = readdirSync(PLANTED_DIR)
    .filter((f) => f.endsWith('.bugs.ts'))
    .sort();
  const lists = await Promise.all(
    files.map(async (f) => ((await import(join(PLANTED_DIR, f))) as { bugs: PlantedBug[] }).bugs),
  );
  return lists.flat();
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** `text` with its `nth` occurrence (from 1) of `part` replaced. */
function replaceOccurrence(text: string, part: string, replacement: string, nth: number): string {
  let at = -1;
  for (let i = 0; i < nth; i++) at = text.indexOf(part, at + 1);
  return text.slice(0, at) + replacement + text.slice(at + part.length);
}

/** The Vitest run under way, stopped with this script. */
let running: ChildProcess | null = null;
const REPORT = join(mkdtempSync(join(tmpdir(), 'planted-')), 'vitest.json');

/**
 * Runs Vitest on the files, quietly: 'pass', 'fail' when a test file failed (a test, or a suite's
 * set-up, which a planted bug may break), or 'broken' when no test file ran at all (the run's own
 * set-up failed: a database not reachable, a template in use). Only 'fail' may count as caught.
 */
function runTests(files: string[]): Promise<'pass' | 'fail' | 'broken'> {
  return new Promise((resolve) => {
    rmSync(REPORT, { force: true });
    const env = {
      ...process.env,
      FORCE_COLOR: '0',
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES,
      TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? DEFAULT_REDIS,
    };
    // A process group of its own, so that stopping this script stops Vitest's workers too.
    running = spawn('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${REPORT}`, ...files], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
      detached: true,
    });
    running.on('close', (code) => {
      running = null;
      if (code === 0) return resolve('pass');
      const report = existsSync(REPORT)
        ? (JSON.parse(readFileSync(REPORT, 'utf8')) as { testResults: Array<{ status: string }> })
        : { testResults: [] };
      resolve(report.testResults.some((file) => file.status === 'failed') ? 'fail' : 'broken');
    });
  });
}

const wanted = new Set(process.argv.slice(2));
/** An id, or a prefix ending in "*" ("22.d*"). */
const isWanted = (id: string) =>
  wanted.size === 0 || [...wanted].some((w) => (w.endsWith('*') ? id.startsWith(w.slice(0, -1)) : id === w));
const bugs = (await loadBugs()).filter((b) => isWanted(b.id));
if (bugs.length === 0) throw new Error('No planted bug matches those ids.');

// A plant left behind by a run that was killed would make every later result wrong: start clean.
const plantedFiles = [...new Set(bugs.map((b) => b.file))];
if (spawnSync('git', ['diff', '--quiet', '--', ...plantedFiles], { cwd: ROOT }).status !== 0) {
  process.stdout.write(
    `A file to plant in has changes not committed; commit them or put them back first:\n${plantedFiles.join('\n')}\n`,
  );
  process.exit(1);
}

const allTests = [...new Set(bugs.flatMap((b) => b.tests))];
process.stdout.write(`Baseline: ${allTests.length} test files on the code as it is… `);
if ((await runTests(allTests)) !== 'pass') {
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
    if (running?.pid) process.kill(-running.pid, 'SIGKILL');
    restore();
    process.exit(130);
  });
}

const outcomes: { bug: PlantedBug; outcome: 'caught' | 'SURVIVED' | 'NOT FOUND' | 'BROKEN RUN' }[] = [];
for (const bug of bugs) {
  const path = join(ROOT, bug.file);
  const text = readFileSync(path, 'utf8');
  const found = occurrences(text, bug.find);
  if (bug.nth === undefined ? found !== 1 : found < bug.nth) {
    outcomes.push({ bug, outcome: 'NOT FOUND' });
    process.stdout.write(
      `${bug.id} NOT FOUND (the text must occur ${bug.nth === undefined ? 'once' : `at least ${bug.nth} times`} in ${bug.file})\n`,
    );
    continue;
  }
  original = { file: path, text };
  writeFileSync(path, replaceOccurrence(text, bug.find, bug.replace, bug.nth ?? 1));
  try {
    const result = await runTests(bug.tests);
    // A run that never reached a test proves nothing either way: it is reported, not counted.
    const outcome = result === 'fail' ? 'caught' : result === 'pass' ? 'SURVIVED' : 'BROKEN RUN';
    outcomes.push({ bug, outcome });
    process.stdout.write(`${bug.id} ${outcome}: ${bug.bug}\n`);
  } finally {
    restore();
  }
}

const bad = outcomes.filter((o) => o.outcome !== 'caught');
process.stdout.write(`\n${outcomes.length - bad.length} of ${outcomes.length} planted bugs caught.\n`);
process.exit(bad.length === 0 ? 0 : 1);
