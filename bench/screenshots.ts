/**
 * node --import tsx bench/screenshots.ts <directory>
 * Screenshots of the wizard's first screens at 1280 and 375 px from the current build (npm run
 * build first), for comparing two builds pixel by pixel (e.g. with ImageMagick's `compare -metric
 * AE`) when a change must keep the look exactly: issue 19 compared React's build with Preact's.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../e2e/support/browser.ts';
import { startProduct, type RunningProduct } from '../e2e/support/product.ts';
import { saveServedAddress } from '../e2e/support/address.ts';
import { addService } from '../e2e/support/packages.ts';

interface Screen {
  name: string;
  /** Brings a fresh page to the screen. */
  open(page: Page, product: RunningProduct): Promise<void>;
  /** Only at this width (the drawer exists below 800 px only). */
  only?: keyof typeof VIEWPORTS;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

const SCREENS: Screen[] = [
  {
    name: 'calendar',
    open: async (page, product) => (
      await page.goto(product.linkOf('demo')),
      heading(page, 'When would you like your inspection?')
    ),
  },
  {
    name: 'postal-code',
    open: async (page, product) => (
      await page.goto(product.linkOf('zip')),
      heading(page, 'Please enter the Postal Code of the property to be inspected')
    ),
  },
  {
    name: 'postal-code-refused',
    open: async (page, product) => {
      await page.goto(product.linkOf('zip'));
      await page.getByLabel('Postal Code').fill('90210');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .getByText("We're sorry but there is no upcoming availability in the 90210 postal code.", { exact: false })
        .waitFor();
    },
  },
  {
    name: 'address',
    open: async (page, product) => (
      await page.goto(product.linkOf('late')),
      heading(page, 'Where is this inspection located?')
    ),
  },
  {
    name: 'review-drawer',
    only: 'mobile',
    open: async (page, product) => {
      await page.goto(product.linkOf('late'));
      await heading(page, 'Where is this inspection located?');
      await page.getByRole('button', { name: 'Review your order' }).click();
      await page.getByRole('dialog', { name: 'Review your order' }).waitFor();
      await page.waitForTimeout(500); // the drawer's slide
    },
  },
  {
    name: 'contacts',
    open: async (page, product) => {
      await page.goto(product.linkOf('late'));
      await saveServedAddress(page);
      await heading(page, 'People associated with this inspection');
    },
  },
  {
    // Calendar last: the packages step comes after the people, with the coupon field once a service is in the cart.
    name: 'packages-coupon-refused',
    only: 'mobile', // beside the step the coupon box is the panel's, once the packages step is done
    open: async (page, product) => {
      await page.goto(product.linkOf('late'));
      await saveServedAddress(page);
      await heading(page, 'People associated with this inspection');
      const url = new URL(page.url());
      url.pathname = url.pathname.replace(/[^/]+$/, 'packages');
      await page.goto(url.href);
      await addService(page, 'Single-Family Home Inspection');
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('HOLIDAY2025');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
    },
  },
];

const directory = process.argv[2];
if (!directory) {
  process.stderr.write('usage: node --import tsx bench/screenshots.ts <directory>\n');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const product = await startProduct();
const browser = await launchBrowser();
try {
  for (const [width, viewport] of Object.entries(VIEWPORTS) as Array<
    [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]]
  >) {
    for (const screen of SCREENS.filter((s) => !s.only || s.only === width)) {
      // Reduced motion and no caret: the same pixels however fast the machine is.
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await screen.open(page, product);
      await page.waitForTimeout(300);
      await page.screenshot({
        path: join(directory, `${screen.name}-${viewport.width}.png`),
        fullPage: true,
        caret: 'hide',
        animations: 'disabled',
      });
      await context.close();
      process.stdout.write(`${screen.name}-${viewport.width}.png\n`);
    }
  }
} finally {
  await browser.close();
  await product.close();
}
