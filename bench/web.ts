/**
 * npm run bench -- web
 * What the visitor's browser pays for the first step: the gzip size of the JavaScript it loads,
 * and the time from following the company's link until the first step is interactive, in Debian's
 * Chromium with the CPU throttled 4x (a mid-range phone).
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, VIEWPORTS } from '../e2e/support/browser.ts';
import { startProduct } from '../e2e/support/product.ts';
import { summarise } from './stats.ts';

const BUDGET_GZIP_BYTES = 150 * 1024;
const RUNS = 7;

export async function benchWeb(): Promise<boolean> {
  const product = await startProduct();
  const browser = await launchBrowser();
  try {
    const scripts = new Map<string, number>();
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (run === 0) {
        page.on('response', async (response) => {
          if (response.request().resourceType() !== 'script') return;
          const body = await response.body().catch(() => null);
          if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
        });
      }
      const started = performance.now();
      await page.goto(product.linkOf('demo'));
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await page.getByRole('heading', { name: 'When would you like your inspection?' }).waitFor();
      await next.waitFor({ state: 'visible' });
      timings.push(performance.now() - started);
      await context.close();
    }
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const time = summarise(timings);
    process.stdout.write('\nweb: the first step (calendar), demo company, 375px viewport\n');
    for (const [path, size] of [...scripts.entries()].sort((a, b) => b[1] - a[1])) {
      process.stdout.write(`  ${path.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip\n`);
    }
    const withinBudget = total <= BUDGET_GZIP_BYTES;
    process.stdout.write(`  JavaScript for the first step: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_GZIP_BYTES / 1024} KB) ${withinBudget ? 'within budget' : 'OVER BUDGET'}\n`);
    process.stdout.write(
      `  time to interactive first step, 4x CPU throttling, ${RUNS} runs: median ${time.median.toFixed(0)} ms, p95 ${time.p95.toFixed(0)} ms, min ${time.min.toFixed(0)} ms, max ${time.max.toFixed(0)} ms\n`,
    );
    return withinBudget;
  } finally {
    await browser.close();
    await product.close();
  }
}
