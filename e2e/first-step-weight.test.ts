import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_SOURCES, stepChunkKey, type Manifest } from '../apps/server/src/modules/wizard-page/step-chunks.ts';
import type { Browser } from 'playwright-core';
import { workerBrowser } from './support/browser.ts';
import { FIRST_STEP_BUDGET_BYTES, FIRST_STEPS, loadFirstStep, totalGzipBytes } from './support/first-step.ts';
import { CONSOLE_DIST, startProduct, WEB_DIST, type RunningProduct } from './support/product.ts';

// Sizes are deterministic for a build, so a budget can be a test; times stay in `npm run bench -- web`.
describe('the JavaScript of each first step', () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), workerBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it.each(FIRST_STEPS)('stays within 120 KB gzip: $name', async (step) => {
    const loaded = await loadFirstStep(browser, product, step);
    try {
      const total = totalGzipBytes(loaded.scripts);
      const breakdown = loaded.scripts.map((s) => `${s.path} ${(s.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
      expect(loaded.scripts.length).toBeGreaterThan(0);
      expect(total, `${(total / 1024).toFixed(1)} KB gzip: ${breakdown}`).toBeLessThanOrEqual(FIRST_STEP_BUDGET_BYTES);
    } finally {
      await loaded.close();
    }
  });

  // Decision 0023: the page carries the office, order, contact and currency, and preloads the step's chunk.
  it.each(FIRST_STEPS)(
    'renders from the data in its page, with no call before it, and its chunk preloaded: $name',
    async (step) => {
      const loaded = await loadFirstStep(browser, product, step);
      try {
        const firstScreenCalls = loaded.apiCalls.filter((path) =>
          /\/online-scheduler\/(office|order)$|\/office_contact\/|\/currency_code$/.test(path),
        );
        expect(firstScreenCalls).toEqual([]);
        expect(loaded.preloads.length).toBeGreaterThan(0);
        // Every preloaded chunk is one the step uses: none downloaded for nothing.
        const loadedPaths = loaded.scripts.map((script) => script.path);
        for (const preload of loaded.preloads) expect(loadedPaths).toContain(preload);
        expect(await loaded.page.locator('#first-load').count()).toBe(0);
      } finally {
        await loaded.close();
      }
    },
  );

  it("names every step's module as the build's manifest does", () => {
    const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const found = Object.fromEntries(
      Object.entries(STEP_SOURCES).map(([step, source]) => [step, stepChunkKey(manifest, source) !== null]),
    );
    expect(found).toEqual(Object.fromEntries(Object.keys(STEP_SOURCES).map((step) => [step, true])));
  });
});

/** Issue 41: the console's first chunk, what every page waits for, within 150 KB gzip (level 9). */
const CONSOLE_FIRST_CHUNK_BUDGET_BYTES = 150 * 1024;

describe("the console's first chunk", () => {
  it('stays within 150 KB gzip, with its page chunks and the answers’ schemas (zod) loaded on demand', () => {
    const html = readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8');
    // Every script the page names: the entry and any chunk Vite preloads beside it.
    const paths = [...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const sizes = paths.map((path) => ({
      path,
      gzipBytes: gzipSync(readFileSync(join(CONSOLE_DIST, path)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
    const breakdown = sizes.map((size) => `${size.path} ${(size.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    expect(paths.length).toBeGreaterThan(0);
    expect(total, `${(total / 1024).toFixed(1)} KB gzip: ${breakdown}`).toBeLessThanOrEqual(
      CONSOLE_FIRST_CHUNK_BUDGET_BYTES,
    );
    // zod's full build is not in it: its error messages' words would be.
    for (const path of paths)
      expect(readFileSync(join(CONSOLE_DIST, path), 'utf8')).not.toContain('Invalid input: expected');
  });
});
