#!/usr/bin/env node
// npm run typecheck: the three programs (tsconfig.typecheck-*.json) checked by TypeScript 7, the
// native compiler (`typescript-native`, npm's typescript@7): the same checker as TypeScript 5.9
// in a tenth of the time, which matters because npm test runs it beside the tests on two cores
// (docs/decisions/0054). TypeScript 5.9 stays installed as `typescript` for typescript-eslint,
// Vite's and editors' language services, which do not speak to TypeScript 7 yet.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const PROGRAMS = [
  'tsconfig.typecheck-node.json',
  'tsconfig.typecheck-pages.json',
  'tsconfig.typecheck-browser-tests.json',
];
// The package's exports name no bin, so the launcher is found beside its package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');

for (const program of PROGRAMS) {
  const run = spawnSync(process.execPath, [tsc, '-p', program], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
