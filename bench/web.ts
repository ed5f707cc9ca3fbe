/**
 * npm run bench -- web
 * What the visitor's browser pays for each first step a company can have (calendar first, postal
 * code first, calendar last so the address first): the gzip size of the JavaScript it loads, chunk
 * by chunk with what each is made of (from the build's bundle report), and the first contentful
 * paint and time until the step is interactive, in Debian's Chromium at 375 px with the CPU
 * throttled 4x (a mid-range phone), median of 7 runs with the cache off. Then the embed script's
 * gzip size (issue 27), which a company's page loads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import { BUNDLE_REPORT_FILE, type BundleReportChunk } from '../apps/web/bundle-report.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { EMBED_SCRIPT_BUDGET_GZIP_BYTES, measureEmbedScript } from '../e2e/support/embed-host.ts';
import {
  FIRST_STEP_BUDGET_BYTES,
  FIRST_STEPS,
  loadFirstStep,
  totalGzipBytes,
  type LoadedScript,
} from '../e2e/support/first-step.ts';
import { startProduct } from '../e2e/support/product.ts';
import { summarise } from './stats.ts';

const RUNS = 7;
const CPU_SLOWDOWN = 4;
const BUDGET_INTERACTIVE_MS = 1500;
const BUDGET_FIRST_PAINT_MS = 1000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The packages that make up most of a chunk, biggest first, e.g. "react-router 41%, app 20%". */
function madeOf(chunk: BundleReportChunk | undefined): string {
  if (!chunk) return '';
  const total = Object.values(chunk.madeOf).reduce((sum, bytes) => sum + bytes, 0) || 1;
  return Object.entries(chunk.madeOf)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`)
    .join(', ');
}

function readBundleReport(): Map<string, BundleReportChunk> {
  if (!existsSync(BUNDLE_REPORT_FILE)) return new Map();
  const chunks = JSON.parse(readFileSync(BUNDLE_REPORT_FILE, 'utf8')) as BundleReportChunk[];
  return new Map(chunks.map((chunk) => [`/_app/${chunk.file}`, chunk]));
}

function writeScripts(scripts: readonly LoadedScript[], report: Map<string, BundleReportChunk>): void {
  for (const script of scripts)
    process.stdout.write(
      `    ${script.path.padEnd(46)} ${kb(script.gzipBytes).padStart(8)}  ${madeOf(report.get(script.path))}\n`,
    );
}

/** The embed script as the server serves it, gzipped at level 9, against its budget. */
async function benchEmbedScript(baseUrl: string): Promise<boolean> {
  const script = await measureEmbedScript(baseUrl);
  const withinBudget = script.status === 200 && script.gzipBytes <= EMBED_SCRIPT_BUDGET_GZIP_BYTES;
  const size =
    script.status === 200
      ? `${kb(script.gzipBytes)} gzip (${script.gzipBytes} bytes), ${kb(script.bytes)} minified`
      : `HTTP ${script.status}`;
  process.stdout.write(
    `\n  embed script ${EMBED_SCRIPT_PATH}: ${size} (budget ${kb(EMBED_SCRIPT_BUDGET_GZIP_BYTES)})\n`,
  );
  process.stdout.write(`    ${withinBudget ? 'within budget' : 'OVER BUDGET'}\n`);
  return withinBudget;
}

export async function benchWeb(): Promise<boolean> {
  const report = readBundleReport();
  const product = await startProduct();
  const browser = await launchBrowser();
  let ok = true;
  try {
    process.stdout.write(
      `\nweb: each first step, 375 px, ${CPU_SLOWDOWN}x CPU throttling, cache off, ${RUNS} runs (bundle report: ${BUNDLE_REPORT_FILE})\n`,
    );
    for (const step of FIRST_STEPS) {
      const interactive: number[] = [];
      const firstPaint: number[] = [];
      let scripts: LoadedScript[] = [];
      for (let run = 0; run < RUNS; run++) {
        const loaded = await loadFirstStep(browser, product, step, { cpuSlowdown: CPU_SLOWDOWN });
        interactive.push(loaded.untilInteractiveMs);
        firstPaint.push(
          await loaded.page.evaluate(
            () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          ),
        );
        if (run === 0) scripts = loaded.scripts;
        await loaded.close();
      }
      const total = totalGzipBytes(scripts);
      const [tti, fcp] = [summarise(interactive), summarise(firstPaint)];
      const withinBudget =
        total <= FIRST_STEP_BUDGET_BYTES && tti.median <= BUDGET_INTERACTIVE_MS && fcp.median <= BUDGET_FIRST_PAINT_MS;
      ok &&= withinBudget;
      process.stdout.write(
        `\n  ${step.name} (${step.company}): ${kb(total)} gzip in ${scripts.length} scripts (budget ${kb(FIRST_STEP_BUDGET_BYTES)})\n`,
      );
      writeScripts(scripts, report);
      process.stdout.write(
        `    first contentful paint: median ${fcp.median.toFixed(0)} ms, min ${fcp.min.toFixed(0)}, max ${fcp.max.toFixed(0)} (budget ${BUDGET_FIRST_PAINT_MS} ms)\n`,
      );
      process.stdout.write(
        `    interactive:            median ${tti.median.toFixed(0)} ms, min ${tti.min.toFixed(0)}, max ${tti.max.toFixed(0)} (budget ${BUDGET_INTERACTIVE_MS} ms)\n`,
      );
      process.stdout.write(`    ${withinBudget ? 'within budget' : 'OVER BUDGET'}\n`);
    }
    ok = (await benchEmbedScript(product.baseUrl)) && ok;
    return ok;
  } finally {
    await browser.close();
    await product.close();
  }
}
