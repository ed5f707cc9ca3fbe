import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_SOURCES, stepChunkKey, type Manifest } from '../apps/server/src/modules/wizard-page/step-chunks.ts';
import { saveServedAddress, SERVED_ADDRESS } from './support/address.ts';
import { workerBrowser, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './support/browser.ts';
import { startProduct, WEB_DIST, type RunningProduct } from './support/product.ts';

const UPDATED = 'This page was updated. Reload to continue.';
const CONTACTS = 'People associated with this inspection';

describe('a deploy while a visitor is in the middle of the wizard', () => {
  // The test's own copy of the build, so that removing a file touches no other test.
  let dist: string;
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'e2e-deploy-'));
    cpSync(WEB_DIST, dist, { recursive: true });
    [product, browser] = await Promise.all([startProduct({ webDistDir: dist }), workerBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s width, a step whose file is gone shows the notice with the office phone, and Reload comes back to that step with the address kept',
    async (_name, viewport) => {
      const page = await (await browser.newContext({ viewport })).newPage();
      // Calendar last: the address step first; its Next loads the contacts step's file.
      await page.goto(product.linkOf('late'));
      await page.getByRole('heading', { level: 1, name: 'Where is this inspection located?' }).waitFor();
      const assets = join(dist, 'assets');
      // The current build's chunk, as its manifest names it: dist keeps the last builds' files too
      // (asset retention), so the first file named like it may be an older build's.
      const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const key = stepChunkKey(manifest, STEP_SOURCES.contacts);
      const contactsChunk = key === null ? undefined : manifest[key]!.file.replace(/^assets\//, '');
      expect(contactsChunk).toMatch(/^ContactsStep-[\w-]+\.js$/);
      expect(readdirSync(assets)).toContain(contactsChunk);
      // The new version's files replaced the old: the one the next step needs is gone.
      renameSync(join(assets, contactsChunk!), join(assets, `${contactsChunk}.gone`));
      try {
        await saveServedAddress(page);
        const notice = page.getByRole('alert').filter({ hasText: UPDATED });
        await notice.waitFor();
        expect(
          await page.getByRole('heading', { level: 1, name: UPDATED }).evaluate((el) => el === document.activeElement),
        ).toBe(true);
        await notice.getByRole('link', { name: '(614) 555-0142' }).waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, `page-updated-${viewport.width}`);
      } finally {
        renameSync(join(assets, `${contactsChunk}.gone`), join(assets, contactsChunk!));
      }
      // Reload: the same step, from the server's copy of the order.
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('heading', { level: 1, name: CONTACTS }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/late/online-scheduler/contacts');
      expect(await page.getByText(UPDATED).count()).toBe(0);
      const token = new URL(page.url()).searchParams.get('t')!;
      const order = await product.app.inject({
        method: 'GET',
        url: '/late/online-scheduler/order',
        headers: { 'x-auth-token': token },
      });
      expect(order.json()).toMatchObject({
        address1: SERVED_ADDRESS.address1,
        city: SERVED_ADDRESS.city,
        postal_code: SERVED_ADDRESS.postalCode,
      });
      await page.context().close();
    },
  );
});
