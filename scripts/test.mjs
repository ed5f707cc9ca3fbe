#!/usr/bin/env node
// npm test: every check — ESLint, the build, the type check, the formatting check and the import
// graph side by side, then the unit, API, database and browser tests (Vitest). Browser tests need
// Debian's Chromium, and the CalDAV tests Debian's Radicale; when either is missing this installs it
// (as root) or stops with the instruction.
// It never skips them.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// The browser tests run in Debian's Chromium headless shell (e2e/support/browser.ts says why), and
// the embed's visitor test in the full Chromium, which refuses framed pages of other sites their
// cookies and storage as a visitor's browser does.
// The calendar sync's CalDAV tests (decision 0089) run against Debian's Radicale, installed the
// same way.
const BROWSERS = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', packageName: 'chromium-headless-shell' },
  { path: '/usr/bin/chromium', packageName: 'chromium' },
  { path: '/usr/bin/radicale', packageName: 'radicale' },
];

/**
 * Runs the steps at once (none needs another's result, and together they keep both cores busy),
 * each one's output held back and printed whole under its label when it ends, so that the
 * output reads as if they had run one after another. The first failure stops the others.
 */
function runTogether(steps) {
  const started = performance.now();
  const running = new Set();
  return new Promise((resolve) => {
    for (const { label, command, args } of steps) {
      // A process group of its own: npm's children (tsc, eslint, vite) stop with it.
      const child = spawn(command, args, { env: process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      running.add(child);
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        running.delete(child);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n▶ ${label} (${seconds} s)\n${Buffer.concat(output).toString()}`);
        if (code !== 0) {
          process.stderr.write(`\n✖ ${label} failed\n`);
          for (const other of running) process.kill(-other.pid, 'SIGTERM');
          process.exit(code ?? 1);
        }
        if (running.size === 0) resolve();
      });
    }
  });
}

function ensureChromium() {
  const missing = BROWSERS.filter((browser) => !existsSync(browser.path));
  if (missing.length === 0) return;
  const packages = missing.map((browser) => browser.packageName).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `Chromium or Radicale is missing at ${missing.map((browser) => browser.path).join(' and ')}. Install it with: sudo apt-get install -y ${packages}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `▶ Installing Debian's ${packages} for the browser and CalDAV tests (apt-get install -y ${packages})\n`,
  );
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
  });
  const still = missing.filter((browser) => !existsSync(browser.path));
  if (still.length > 0) {
    process.stderr.write(
      `Chromium or Radicale still missing at ${still.map((browser) => browser.path).join(' and ')} after installing it.\n`,
    );
    process.exit(1);
  }
}

ensureChromium();
// Every check that needs nothing built runs beside the build, then Vitest on its own. The build
// (Vite and Terser, one core each: the wizard's about 50 core-seconds, the console's about 23)
// left a core idle once ESLint (about 30) had ended, while Vitest keeps both busy from its first
// file to its last: the type check (three programs, tsconfig.typecheck-*.json, TypeScript 7:
// about 30 s of one core), the formatting check (Prettier, about 20 s) and the import graph
// (madge, about 10 s) took their time from the tests beside them, and fill the build's idle core
// instead. The wizard and the console are built side by side for the same reason (decision 0084).
await runTogether([
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint:code'] },
  { label: 'build the wizard', command: 'npm', args: ['run', '--silent', 'build', '-w', '@scheduler/web'] },
  { label: 'build the console', command: 'npm', args: ['run', '--silent', 'build', '-w', '@scheduler/console'] },
  { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'formatting', command: 'npm', args: ['run', '--silent', 'lint:format'] },
  // No import circle in any workspace, at most 2 arrows back up between the server's modules.
  { label: 'import graph', command: 'npm', args: ['run', '--silent', 'graph'] },
]);
await runTogether([
  {
    label: process.env.TEST_DATABASE_URL
      ? 'tests (database tests on PGlite and PostgreSQL)'
      : 'tests (database tests on PGlite)',
    command: 'npx',
    // The default reporter, then a table of each file's time (scripts/file-times-reporter.ts).
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=./scripts/file-times-reporter.ts',
      ...process.argv.slice(2),
    ],
  },
]);
