/** The scale benchmark's table: each read's median and p95 per size, the largest size against S, and every failed answer. */
import type { ReadResults } from './reads.ts';
import type { StatusTally } from './http.ts';

export interface SizeRun {
  size: string;
  company: string;
  results: ReadResults;
  tally: StatusTally;
  /** The server process's resident memory after every read of the run (each run has a server of its own). */
  serverRssMegabytes: number;
  /** The server's JavaScript heap in use then (the caches and what requests left for the collector). */
  serverHeapMegabytes: number;
}

const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));

export function printTable(runs: SizeRun[]): void {
  const reads = [...new Set(runs.flatMap((run) => [...run.results.figures.keys()]))];
  const header = ['read', ...runs.map((run) => `${run.size} (${run.company}) median / p95 ms, server CPU`)];
  const first = runs[0];
  const last = runs.at(-1);
  if (runs.length > 1) header.push(`${last!.size} ${last!.company}/${first!.size} ${first!.company} (medians)`);
  header.push('answers neither 2xx nor 3xx');
  const lines = reads.map((read) => {
    const cells = [read];
    for (const run of runs) {
      const figure = run.results.figures.get(read);
      cells.push(`${ms(figure?.median)} / ${ms(figure?.p95)}, ${ms(figure?.serverCpuMs)}`);
    }
    if (runs.length > 1) {
      const ratio =
        (last!.results.figures.get(read)?.median ?? NaN) / (first!.results.figures.get(read)?.median ?? NaN);
      cells.push(`${ratio.toFixed(1)}×`);
    }
    const failures = runs
      .map((run) => [`${run.size} ${run.company}`, run.tally.failuresOf(read)] as const)
      .filter(([, text]) => text)
      .map(([size, text]) => `${size}: ${text}`);
    cells.push(failures.join('; ') || 'none');
    return cells;
  });
  const concurrent = ['bookings/s, 10 clients, 10 s'];
  for (const run of runs)
    concurrent.push(
      `${run.results.concurrent.perSecond.toFixed(1)}, ${ms(run.results.concurrent.serverCpuMsPerBooking)} ms CPU each`,
    );
  if (runs.length > 1)
    concurrent.push(`${(last!.results.concurrent.perSecond / first!.results.concurrent.perSecond).toFixed(1)}×`);
  concurrent.push(
    runs
      .map((run) => {
        const failed = [...run.results.concurrent.failed].map(([what, n]) => `${what} × ${n}`).join(', ');
        return failed ? `${run.size} ${run.company}: ${failed}` : '';
      })
      .filter(Boolean)
      .join('; ') || 'none',
  );
  // Each company's reads have a server process of their own (server-process.ts), apart from the client.
  const rss = ['server RSS after the runs (MB)', ...runs.map((run) => run.serverRssMegabytes.toFixed(0))];
  const heap = ['server heap in use then (MB)', ...runs.map((run) => run.serverHeapMegabytes.toFixed(0))];
  const table = [header, ...lines, concurrent, rss, heap];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  for (const row of table)
    process.stdout.write(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')}\n`);
}
