// `npm run graph`: the import graph of every workspace, as figures (issue 40).
//
// Prints, per workspace, the number of circular import chains; for the server it also prints the
// arrows between its modules (distinct "module A imports module B" pairs) and how many of them run
// back up, from a lower layer to a higher one. Exits non-zero when any workspace has a circle or
// the server has more than MAX_BACK_UP arrows back up. `--list` prints the circles and the
// back-up arrows themselves.
//
// The graph is madge's (type-only imports count: they tie the files together for a reader as much
// as any other). Tests and their support files (`*-test-support.ts`, `test-support/`) are left
// out: a test may reach into whatever it sets up and checks, and no product file imports them.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_BACK_UP = 2;

/**
 * The server's modules, by layer: a module may import modules of its own rank or lower; an arrow
 * to a higher rank runs back up. Each rank is what its modules stand on:
 *  0 sessions — the wizard's session and its tokens: every visitor call starts here.
 *  1 orders, office — the order one session edits, and the office (company, brand, embedding).
 *  2 notifications, console-auth, people, api-keys — the job queue and messages (which read an order's
 *    facts), the console's accounts and memberships (whose e-mails are queued jobs), the order's people,
 *    and a company's API keys (made by a member) with their guard, rate limit and idempotency keys.
 *  3 company-document, schedule, analytics — the company's versioned document (which writes the
 *    notification settings and reads offices), the inspectors' schedule and time off for members,
 *    the funnel's events.
 *  4 pricing — the cart and its price (its preview parses a draft document).
 *  5 scheduling, property — availability and held time (which extend the cart's coupon leases),
 *    and the property's answers (which re-price).
 *  6 address, payments, agreements — the address (checked against the service area), the payment
 *    links, the agreements an order's clients sign (sent when it is confirmed, so below confirm).
 *  7 confirm — an order becomes a booking: time, price, payment and messages together.
 *  8 booking-changes — reschedule and cancel of a booked order for every caller.
 *  9 order-list, reports, follow-ups, order-edit, configuration, onboarding, wizard-page — what
 *    reads or starts over all of the above: the order lists, the reports, an order's notes and
 *    tasks (which open the order as the order page does), the office's edit of a booked order
 *    (priced as confirm prices it, e-mailed with booking-changes' manage links), the console's
 *    configuration, a new company, the wizard's first page and its prefill; privacy, a person's
 *    request about their data (it reads and erases an order's rows of every kind); webhooks, which
 *    send the order as the order list and the booking's view read it (decision 0086); agents, the
 *    agent portal (its sign-in e-mails queued jobs, its manage links booking-changes', decision 0092); calendar-sync,
 *    which writes the order into its inspectors' calendars as the order list reads it (decision 0089).
 * 10 retention — the pruning of what the company no longer needs (issue 49): it rolls up the
 *    funnel, deletes abandoned drafts and erases clients' data past the company's years, so it
 *    stands on all of the above.
 * `api` (the HTTP routes) is above every module: a module that imports a route file runs back up.
 * Known arrows back up (2): sessions -> console-auth (a disabled wizard admits a signed-in member
 * to try it) and confirm -> booking-changes (confirming issues the order's manage links).
 */
const MODULE_RANKS: Record<string, number> = {
  sessions: 0,
  orders: 1,
  office: 1,
  notifications: 2,
  'console-auth': 2,
  people: 2,
  'api-keys': 2,
  'company-document': 3,
  schedule: 3,
  analytics: 3,
  pricing: 4,
  scheduling: 5,
  property: 5,
  address: 6,
  payments: 6,
  agreements: 6,
  confirm: 7,
  'booking-changes': 8,
  'order-list': 9,
  reports: 9,
  'follow-ups': 9,
  'order-edit': 9,
  configuration: 9,
  onboarding: 9,
  'wizard-page': 9,
  privacy: 9,
  webhooks: 9,
  agents: 9,
  'calendar-sync': 9,
  retention: 10,
  api: 99,
};

/** Each workspace: its folder and the folders madge starts from. */
function workspaces(): Array<{ name: string; dir: string; entries: string[] }> {
  const packages = readdirSync(join(root, 'packages'))
    .filter((name) => statSync(join(root, 'packages', name)).isDirectory())
    .map((name) => ({ name: `packages/${name}`, dir: join(root, 'packages', name), entries: ['src'] }));
  return [
    { name: 'apps/server', dir: join(root, 'apps/server'), entries: ['src'] },
    { name: 'apps/web', dir: join(root, 'apps/web'), entries: ['src', 'embed'] },
    { name: 'apps/console', dir: join(root, 'apps/console'), entries: ['src'] },
    ...packages,
  ].map((workspace) => ({
    ...workspace,
    entries: workspace.entries.map((entry) => join(workspace.dir, entry)).filter((entry) => existsSync(entry)),
  }));
}

async function graphOf(
  dir: string,
  entries: string[],
): Promise<{ circles: string[][]; files: Record<string, string[]> }> {
  const result = await madge(entries, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(root, 'tsconfig.base.json'),
    excludeRegExp: [/\.test\.tsx?$/, /-test-support\.tsx?$/, /(^|\/)test-support\//, /node_modules/, /(^|\/)dist\//],
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const inside = (file: string) => join(root, file).startsWith(dir + sep);
  const files: Record<string, string[]> = {};
  for (const [file, imports] of Object.entries(result.obj())) if (inside(file)) files[file] = imports.filter(inside);
  return { circles: result.circular(), files };
}

/** The module a server file belongs to: the folder under modules/, or `api` for the routes. */
function serverModuleOf(file: string): string | null {
  const match = /^apps\/server\/src\/(?:modules\/([^/]+)\/|(api)\/)/.exec(file.split(sep).join('/'));
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function serverArrows(files: Record<string, string[]>): {
  arrows: Array<[string, string]>;
  backUp: Array<[string, string]>;
  unranked: string[];
} {
  const pairs = new Set<string>();
  for (const [file, imports] of Object.entries(files)) {
    const from = serverModuleOf(file);
    if (!from || from === 'api') continue;
    for (const target of imports) {
      const to = serverModuleOf(target);
      if (to && to !== from) pairs.add(`${from} ${to}`);
    }
  }
  const arrows = [...pairs].sort().map((pair) => pair.split(' ') as [string, string]);
  const modules = new Set(arrows.flat());
  const unranked = [...modules].filter((name) => MODULE_RANKS[name] === undefined).sort();
  const backUp = arrows.filter(([from, to]) => (MODULE_RANKS[from] ?? 0) < (MODULE_RANKS[to] ?? 0));
  return { arrows, backUp, unranked };
}

const list = process.argv.includes('--list');
let failed = false;
for (const workspace of workspaces()) {
  const { circles, files } = await graphOf(workspace.dir, workspace.entries);
  let line = `${workspace.name}: ${Object.keys(files).length} files, ${circles.length} circular import chain${circles.length === 1 ? '' : 's'}`;
  if (circles.length > 0) failed = true;
  let details: string[] = circles.map(
    (circle) => `  circle: ${circle.map((file) => relative(workspace.dir, join(root, file))).join(' -> ')}`,
  );
  if (workspace.name === 'apps/server') {
    const { arrows, backUp, unranked } = serverArrows(files);
    line += `; modules: ${arrows.length} arrows between modules, ${backUp.length} back up (at most ${MAX_BACK_UP})`;
    if (backUp.length > MAX_BACK_UP) failed = true;
    if (unranked.length > 0) {
      // A new module needs a place in MODULE_RANKS before its arrows can be judged.
      line += `; modules without a rank in scripts/import-graph.ts: ${unranked.join(', ')}`;
      failed = true;
    }
    details = [
      ...details,
      ...backUp.map(([from, to]) => `  back up: ${from} (${MODULE_RANKS[from]}) -> ${to} (${MODULE_RANKS[to]})`),
    ];
  }
  console.log(line);
  if (list) for (const detail of details) console.log(detail);
}
process.exit(failed ? 1 : 0);
