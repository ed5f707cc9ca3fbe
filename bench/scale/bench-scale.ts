/**
 * npm run bench -- scale
 * The server's reads at scale on the machine's PostgreSQL: the demo company alone (S) against a
 * big company of 200 inspectors and two years of orders among 100 companies (M); L (1,000
 * companies, about 1.5 million orders) when SCALE_SIZES names it, e.g. SCALE_SIZES=S,M,L.
 * Databases are built once and reused (SCALE_REBUILD=1 builds them again); each run measures a
 * fresh copy. See the README's benchmarks section.
 */
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import * as t from '../../apps/server/src/db/schema.ts';
import { DEMO_OFFICE_UUID } from '../../apps/server/src/modules/company-document/demo-company.ts';
import { checkGeneratedOrders } from './checks.ts';
import { officeUuidOf } from './company-documents.ts';
import { copyDatabase, databaseExists, dropDatabase, openAsServer, SERVER_URL } from './databases.ts';
import { ensureScaleDatabase } from './generate.ts';
import { rollUpFunnelAsTheNightlyJob } from './nightly-roll-up.ts';
import { StatusTally } from './http.ts';
import { timeReads, RUNS } from './reads.ts';
import { printTable, type SizeRun } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { BIG_COMPANY_KEY, DEMO_KEY, SIZES, type SizeName } from './sizes.ts';

const loads = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * One size's reads: the demo company's, and on M and L the big company's too (last: the table
 * compares it with S). A company's reads leave their bookings behind, so each company is timed on
 * its own fresh copy of the built database.
 */
async function runSize(name: SizeName, rebuild: boolean): Promise<{ runs: SizeRun[]; problems: string[] }> {
  const size = SIZES[name];
  await ensureScaleDatabase(size, rebuild);
  const rolledUp = await rollUpFunnelAsTheNightlyJob(size.database);
  process.stdout.write(
    `  ${name}: the funnel rolled up as the nightly job does: ${rolledUp.folded} orders folded in ${rolledUp.seconds.toFixed(1)} s\n`,
  );
  const companies = size.big
    ? [
        { key: DEMO_KEY, office: DEMO_OFFICE_UUID },
        { key: BIG_COMPANY_KEY, office: officeUuidOf(1) },
      ]
    : [{ key: DEMO_KEY, office: DEMO_OFFICE_UUID }];
  const runs: SizeRun[] = [];
  const problems: string[] = [];
  // SCALE_COMPANIES=bigco times one company only; SCALE_COPY=0 times the built database itself
  // (a copy of L is 14 GB and minutes to make; the runs' few hundred bookings stay in it).
  const only = process.env.SCALE_COMPANIES?.split(',').map((key) => key.trim());
  const inPlace = process.env.SCALE_COPY === '0';
  for (const { key, office } of companies.filter((company) => !only || only.includes(company.key))) {
    const copy = inPlace ? size.database : `${size.database}_run`;
    if (!inPlace) await copyDatabase(size.database, copy);
    // The bench's own connection, for the facts its reads look up and the people its bookings fill in.
    const database = await openAsServer(copy);
    const server = await ServerProcess.start(copy);
    try {
      const [company] = await database.db.select().from(t.companies).where(eq(t.companies.key, key));
      const tally = new StatusTally();
      process.stdout.write(`  ${name}: timing the reads of ${key}\n`);
      const results = await timeReads({
        server,
        db: database.db,
        base: server.base,
        tally,
        companyKey: key,
        companyId: company!.id,
        office,
        timeZone: 'America/New_York',
      });
      if (key === BIG_COMPANY_KEY) problems.push(...checkGeneratedOrders(results.answers, size.big!.confirmedOrders));
      process.stdout.write(
        `  ${name} ${key}: the admin list counts ${results.answers.bookedTotal ?? 'no answer'} booked orders; searching "${results.answers.lastName}" found ${results.answers.searchTotal ?? 'no answer'}\n`,
      );
      const { rssBytes, heapUsedBytes } = await server.usage();
      runs.push({
        size: name,
        company: key,
        results,
        tally,
        serverRssMegabytes: rssBytes / 2 ** 20,
        serverHeapMegabytes: heapUsedBytes / 2 ** 20,
      });
    } finally {
      await server.close();
      await database.close();
      if (!inPlace) await dropDatabase(copy);
    }
  }
  return { runs, problems };
}

export async function benchScale(): Promise<boolean> {
  const names = (process.env.SCALE_SIZES ?? 'S,M').split(',').map((s) => s.trim().toUpperCase()) as SizeName[];
  const unknown = names.filter((name) => !(name in SIZES));
  if (unknown.length) throw new Error(`SCALE_SIZES: unknown size ${unknown.join(', ')} (known: S, M, L)`);
  process.stdout.write(
    `\nscale: the server's reads on ${names.join(', ')} (PostgreSQL at ${SERVER_URL}), ${RUNS} runs each after a warm-up\n`,
  );
  try {
    await databaseExists('postgres');
  } catch (error) {
    process.stdout.write(`  not measured: PostgreSQL does not answer (${(error as Error).message})\n`);
    return true;
  }
  const loadAtStart = loads();
  const runs: SizeRun[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const outcome = await runSize(name, process.env.SCALE_REBUILD === '1');
    runs.push(...outcome.runs);
    problems.push(...outcome.problems.map((problem) => `${name}: ${problem}`));
  }
  process.stdout.write(`  load average at the start ${loadAtStart}, at the end ${loads()} (1, 5, 15 minutes)\n`);
  printTable(runs);
  for (const problem of problems) process.stdout.write(`  check failed: ${problem}\n`);
  // Concurrent visitors racing for a time are refused some (409 with alternatives): the product's answer, printed, not a failure.
  const failures = runs.flatMap((run) =>
    run.tally.reads().filter((read) => run.results.figures.has(read) && run.tally.failuresOf(read)),
  );
  return problems.length === 0 && failures.length === 0;
}
