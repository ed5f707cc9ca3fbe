#!/usr/bin/env node
// npm test: every check, in the order that fails fastest — typecheck, lint, build, then unit,
// API, database and browser tests (Vitest). Browser tests need Debian's Chromium; when it is
// missing this installs it (as root) or stops with the instruction. It never skips them.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label, command, args) {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
  process.stdout.write('▶ Installing Debian Chromium for the browser tests (apt-get install -y chromium)\n');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(`Chromium still missing at ${CHROMIUM} after installing it.\n`);
    process.exit(1);
  }
}

ensureChromium();
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('build the wizard', 'npm', ['run', '--silent', 'build']);
run(
  process.env.TEST_DATABASE_URL ? 'tests (database tests on PGlite and PostgreSQL)' : 'tests (database tests on PGlite)',
  'npx',
  ['vitest', 'run', ...process.argv.slice(2)],
);
