/**
 * The tables the pruning job touches: their rows and on-disk size (pg_total_relation_size: heap,
 * indexes and TOAST), and what each holds once the job has kept its window for a year of traffic.
 */
import type pg from 'pg';

/** Each table, and what dates a row of it (for the year of the steady state); `r` is the row. */
export const TABLES: Array<{ table: string; dated: string; join?: string }> = [
  { table: 'jobs', dated: 'r.created_at' },
  { table: 'orders', dated: 'r.created_at' },
  { table: 'order_parties', dated: 'o.created_at', join: 'join orders o on o.id = r.order_id' },
  { table: 'order_answers', dated: 'o.created_at', join: 'join orders o on o.id = r.order_id' },
  { table: 'order_events', dated: 'r.created_at' },
  { table: 'sessions', dated: 'r.created_at' },
  { table: 'appointments', dated: 'r.created_at' },
  { table: 'coupon_redemptions', dated: 'r.created_at' },
  { table: 'confirm_requests', dated: 'r.created_at' },
  { table: 'order_manage_links', dated: 'r.created_at' },
  { table: 'order_messages', dated: 'r.done_at' },
  { table: 'funnel_events', dated: 'r.created_at' },
  { table: 'funnel_days', dated: 'r.day::timestamptz' },
  { table: 'funnel_day_steps', dated: 'r.day::timestamptz' },
  { table: 'auth_sessions', dated: 'r.created_at' },
  { table: 'auth_verifications', dated: 'r.created_at' },
];

export interface TableSize {
  rows: number;
  bytes: number;
}

export async function tableSizes(client: pg.Pool): Promise<Map<string, TableSize>> {
  const sizes = new Map<string, TableSize>();
  for (const { table } of TABLES) {
    const result = await client.query<{ rows: string; bytes: string }>(
      `select (select count(*) from ${table}) as rows, pg_total_relation_size('${table}') as bytes`,
    );
    sizes.set(table, { rows: Number(result.rows[0]!.rows), bytes: Number(result.rows[0]!.bytes) });
  }
  return sizes;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export function printSizes(title: string, sizes: Map<string, TableSize>, before?: Map<string, TableSize>): void {
  process.stdout.write(`  ${title}\n`);
  for (const [table, size] of sizes) {
    const was = before?.get(table);
    const change = was ? `  (${size.rows - was.rows >= 0 ? '+' : ''}${size.rows - was.rows} rows)` : '';
    process.stdout.write(
      `    ${table.padEnd(20)} ${String(size.rows).padStart(11)} rows ${mb(size.bytes).padStart(11)}${change}\n`,
    );
  }
}

/**
 * The steady state for a year of traffic at the measure's size: the rows left after the prune
 * whose date is within the year before the data's now (the data are two years of the measure's
 * daily traffic: a window table holds its last 30 days, a kept table a year of it), scaled from
 * `factor` to the measure, at the bytes per row measured before the prune (after, for a table the
 * prune filled).
 */
export async function printSteadyState(
  client: pg.Pool,
  now: string,
  factor: number,
  before: Map<string, TableSize>,
  after: Map<string, TableSize>,
): Promise<void> {
  process.stdout.write(
    `  steady state, a year of the measure's traffic kept 30 days (rows of the last year after the prune, / ${factor}):\n`,
  );
  let total = 0;
  for (const { table, dated, join } of TABLES) {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from ${table} r ${join ?? ''} where ${dated} >= '${now}'::timestamptz - interval '365 days'`,
    );
    const rows = Number(result.rows[0]!.n) / factor;
    const measured = (before.get(table)?.rows ? before.get(table) : after.get(table))!;
    const perRow = measured.rows ? measured.bytes / measured.rows : 0;
    total += rows * perRow;
    process.stdout.write(
      `    ${table.padEnd(20)} ${String(Math.round(rows)).padStart(11)} rows ${mb(rows * perRow).padStart(11)}  (${perRow.toFixed(0)} B a row)\n`,
    );
  }
  process.stdout.write(`    ${'all'.padEnd(20)} ${''.padStart(16)} ${mb(total).padStart(11)}\n`);
}
