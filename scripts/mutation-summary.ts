/**
 * npm run mutation:summary — the mutation score per module, from the results StrykerJS recorded
 * in each module's incremental file (mutation/incremental/*.json, written by `npm run mutation`
 * and kept in the git ref refs/mutation/cache, scripts/mutation-cache.ts),
 * written to mutation/SUMMARY.md. A module is a folder of
 * packages/domain/src (its top-level files together as "domain (top level)") or a server module.
 * Score: mutants killed or timed out, of all mutants that ran or had no test (Stryker's own
 * "mutation score"; compile errors and ignored mutants are left out).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { restoreMutationCache } from './mutation-cache.ts';
import { INCREMENTAL_DIR } from './mutation.ts';

interface Mutant {
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const SUMMARY = 'mutation/SUMMARY.md';
const GOAL = 85;

function moduleOf(path: string): string {
  const domain = /^packages\/domain\/src\/([^/]+)\//.exec(path);
  if (domain) return `domain/${domain[1]}`;
  if (path.startsWith('packages/domain/src/')) return 'domain (top level)';
  const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  return server ? `server/${server[1]}` : path;
}

// A fresh clone has no incremental folder: the results come from their git ref (mutation-cache.ts).
if (!existsSync(INCREMENTAL_DIR)) restoreMutationCache(INCREMENTAL_DIR);
const files = readdirSync(INCREMENTAL_DIR)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => Object.entries((JSON.parse(readFileSync(join(INCREMENTAL_DIR, name), 'utf8')) as Report).files));
const rows = new Map<string, { killed: number; survived: number; noCoverage: number; timeout: number }>();
for (const [path, file] of files) {
  const row = rows.get(moduleOf(path)) ?? { killed: 0, survived: 0, noCoverage: 0, timeout: 0 };
  for (const mutant of file.mutants) {
    if (mutant.status === 'Killed' || mutant.status === 'RuntimeError') row.killed++;
    else if (mutant.status === 'Timeout') row.timeout++;
    else if (mutant.status === 'Survived') row.survived++;
    else if (mutant.status === 'NoCoverage') row.noCoverage++;
  }
  rows.set(moduleOf(path), row);
}

const score = (r: { killed: number; survived: number; noCoverage: number; timeout: number }) => {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage;
  return valid === 0 ? 100 : (100 * (r.killed + r.timeout)) / valid;
};
const total = [...rows.values()].reduce(
  (sum, r) => ({
    killed: sum.killed + r.killed,
    survived: sum.survived + r.survived,
    noCoverage: sum.noCoverage + r.noCoverage,
    timeout: sum.timeout + r.timeout,
  }),
  { killed: 0, survived: 0, noCoverage: 0, timeout: 0 },
);
const lines = [...rows.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(
    ([name, r]) =>
      `| ${name} | ${score(r).toFixed(1)}% | ${r.killed + r.timeout} | ${r.survived} | ${r.noCoverage} | ${score(r) >= GOAL ? 'yes' : 'no'} |`,
  );
const text = [
  '# Mutation testing: scores per module',
  '',
  `Written by \`npm run mutation:summary\` from each module's last \`npm run mutation\` (StrykerJS; \`mutation/incremental/\`). Goal: ${GOAL}% per module (issue 22).`,
  '',
  '| Module | Score | Killed (incl. timeouts) | Survived | No test | Goal met |',
  '|---|---:|---:|---:|---:|---|',
  ...lines,
  `| **all** | **${score(total).toFixed(1)}%** | ${total.killed + total.timeout} | ${total.survived} | ${total.noCoverage} | ${score(total) >= GOAL ? 'yes' : 'no'} |`,
  '',
];
writeFileSync(SUMMARY, `${text.join('\n')}\n`);
process.stdout.write(`${text.join('\n')}\n`);
