import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS } from './browser.ts';
import type { FixtureCompany, RunningProduct } from './product.ts';

/**
 * The three first steps a company's settings can give its visitors, each with the heading that
 * says it has rendered. A company that restricts inspectors by postal code starts with that
 * step; one that puts the calendar last starts with the address.
 */
export const FIRST_STEPS = [
  { company: 'demo', name: 'calendar first (the demo)', heading: 'When would you like your inspection?' },
  {
    company: 'zip',
    name: 'postal code first',
    heading: 'Please enter the Postal Code of the property to be inspected',
  },
  { company: 'late', name: 'calendar last (address first)', heading: 'Where is this inspection located?' },
] as const satisfies ReadonlyArray<{ company: FixtureCompany; name: string; heading: string }>;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** The budget for the JavaScript of each first step, gzip (issue 19). */
export const FIRST_STEP_BUDGET_BYTES = 120 * 1024;

export interface LoadedScript {
  path: string;
  gzipBytes: number;
}

/**
 * Follows a company's link in a fresh 375 px page with the cache off and collects every script
 * the page loads until the first step's heading and its Next button show, with its gzip size
 * (level 9, as the server sends it compressed), and the time that took: from following the link
 * until the step can be used.
 */
export async function loadFirstStep(
  browser: Browser,
  product: RunningProduct,
  step: FirstStep,
  options: { cpuSlowdown?: number } = {},
): Promise<{
  scripts: LoadedScript[];
  apiCalls: string[];
  preloads: string[];
  page: Page;
  untilInteractiveMs: number;
  close: () => Promise<void>;
}> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  const pending: Array<Promise<LoadedScript | null>> = [];
  // The wizard's own calls (JSON routes), by path, in the order they were asked for.
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') apiCalls.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  // The page as the server served it (after the session link's redirect).
  let servedPage: Promise<string> = Promise.resolve('');
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.status() === 200) servedPage = response.text();
  });
  const started = performance.now();
  await page.goto(product.linkOf(step.company));
  await page.getByRole('heading', { level: 1, name: step.heading }).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).waitFor({ state: 'visible' });
  const untilInteractiveMs = performance.now() - started;
  const preloads = [...(await servedPage).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
  const scripts = (await Promise.all(pending)).filter((script): script is LoadedScript => script !== null);
  return {
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    apiCalls,
    preloads,
    page,
    untilInteractiveMs,
    close: () => context.close(),
  };
}

export function totalGzipBytes(scripts: readonly LoadedScript[]): number {
  return scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
}
