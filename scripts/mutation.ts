/**
 * `npm run mutation [module…]`: StrykerJS over each module named (all of them when none is), one
 * after another, each with its own incremental file `mutation/incremental/<module>.json`, then the
 * summary (`npm run mutation:summary`). A module's file records its last results, so a second run
 * tests again only the mutants whose code or tests changed since, and running one module never
 * touches another's results. Modules: `domain` (packages/domain) and `server-<name>` for the
 * server's pricing, people, address and confirm modules and the admin's order list
 * (`server-admin`: order-list/admin-orders.*), and notifications in two halves
 * (`server-notifications-messages`, `server-notifications-delivery`).
 * Not part of `npm test` (minutes to an hour a module on two cores).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { restoreMutationCache, saveMutationCache } from './mutation-cache.ts';

// Stryker's --mutate is a comma-separated list, so no pattern here may hold a comma (no `{ts,tsx}`).

/** What every server module's run leaves out: tests, route declarations and test doubles (stryker.config.mjs says why). */
const SERVER_EXCLUDES = [
  '!**/*.test.ts',
  '!**/*.routes.ts',
  '!**/*-test-support.ts',
  '!**/*-fixtures.ts',
  '!**/test-*.ts',
];

const NOTIFICATIONS = 'apps/server/src/modules/notifications';
/** What a message says and how it looks, apart from how and when it is sent. */
const NOTIFICATION_MESSAGES = [
  'mail-content.ts',
  'message-document.ts',
  'message-email.tsx',
  'render-message.tsx',
  'sms-content.ts',
];

export const MUTATION_MODULES: Record<string, string[]> = {
  domain: ['packages/domain/src/**/*.ts', '!**/*.test.ts', '!**/*.fixtures.ts', '!**/*-fixtures.ts'],
  ...Object.fromEntries(
    ['pricing', 'people', 'address', 'confirm'].map((name) => [
      `server-${name}`,
      [`apps/server/src/modules/${name}/**/*.ts`, `apps/server/src/modules/${name}/**/*.tsx`, ...SERVER_EXCLUDES],
    ]),
  ),
  // The admin's order list, now beside the console's in order-list/; the run keeps its name and
  // scope so that its cached results still apply.
  'server-admin': ['apps/server/src/modules/order-list/admin-orders.*.ts', ...SERVER_EXCLUDES],
  // Notifications has over a thousand mutants, some behind slow tests (a mail server, the worker's
  // waits): two runs of under an hour each rather than one of three. The summary joins them again.
  'server-notifications-messages': NOTIFICATION_MESSAGES.map((file) => `${NOTIFICATIONS}/${file}`),
  'server-notifications-delivery': [
    `${NOTIFICATIONS}/**/*.ts`,
    ...NOTIFICATION_MESSAGES.map((file) => `!${NOTIFICATIONS}/${file}`),
    ...SERVER_EXCLUDES,
  ],
};

/**
 * The tests a module's mutants are judged by, where not every test of the run's scope. A
 * message's words and looks by the unit tests of its content (no database: a mutant in seconds);
 * sending, queueing and planning by the notifications' own tests (the confirm and payment tests
 * that also send e-mails take minutes a mutant and judge the same lines less closely).
 */
const MODULE_TESTS: Record<string, string[]> = {
  'server-notifications-messages': ['mail-content', 'message-document', 'sms-content'].map(
    (name) => `${NOTIFICATIONS}/${name}.test.ts`,
  ),
  'server-notifications-delivery': [`${NOTIFICATIONS}/**/*.test.ts`],
};

export const INCREMENTAL_DIR = 'mutation/incremental';

function main(): void {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in MUTATION_MODULES));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown module ${unknown.join(', ')}; the modules are ${Object.keys(MUTATION_MODULES).join(', ')}.\n`,
    );
    process.exit(2);
  }
  // The incremental files are not in main's tree (scripts/mutation-cache.ts): the last results
  // come back from their git ref first, and every module's run is saved back as it ends, so that
  // a run stopped halfway keeps what it finished.
  mkdirSync(INCREMENTAL_DIR, { recursive: true });
  restoreMutationCache(INCREMENTAL_DIR);
  for (const name of asked.length > 0 ? asked : Object.keys(MUTATION_MODULES)) {
    process.stdout.write(`\n▶ mutation testing: ${name}\n`);
    const tests = MODULE_TESTS[name];
    const env = tests ? { ...process.env, MUTATION_TESTS: tests.join(',') } : process.env;
    const run = spawnSync(
      'npx',
      [
        'stryker',
        'run',
        '--mutate',
        MUTATION_MODULES[name]!.join(','),
        '--incrementalFile',
        `${INCREMENTAL_DIR}/${name}.json`,
      ],
      { stdio: 'inherit', env },
    );
    if (run.status !== 0) process.exit(run.status ?? 1);
    saveMutationCache(INCREMENTAL_DIR);
  }
  const summary = spawnSync('node', ['--import', 'tsx', 'scripts/mutation-summary.ts'], { stdio: 'inherit' });
  process.exit(summary.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
