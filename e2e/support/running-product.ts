import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { workerBrowser } from './browser.ts';
import { startProduct, type RunningProduct } from './product.ts';

/** The product and a Chromium for one test file: started before its tests, stopped after. */
export function useRunningProduct(): { readonly product: RunningProduct; readonly browser: Browser } {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await startProduct();
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });
  return {
    get product() {
      if (!product) throw new Error('the product is not running yet');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running yet');
      return browser;
    },
  };
}
