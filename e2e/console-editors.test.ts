import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import { accessibilityViolations, screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { scrollWidth, signInMember } from './support/console.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * The console's editors of issues 26 and 27 in the browser: a site added on Website embedding may
 * frame the wizard at once (its pages' frame-ancestors), and a visitor's session shows on Funnel;
 * every editor (Offices, Services and prices, Fees, taxes and coupons, Property questions, People,
 * Payments, Booking changes, Messages, Website embedding) and Funnel axe-clean at 1280 and 375 px,
 * with no sideways scroll at 375.
 */
const running = useRunningProduct();
const SITE = 'https://www.buckeye-homes.example';

async function openConsolePage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${running.product.publicUrl}/console/demo/${path}`);
  await waitForMainHeading(page, heading);
}

/** The frame-ancestors of the wizard's page for a new visitor. */
async function wizardFrameAncestors(): Promise<string> {
  const response = await fetch(running.product.linkOf('demo'), { redirect: 'follow', headers: { accept: 'text/html' } });
  await response.text();
  return /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
}

it('adds a site on Website embedding that may then frame the wizard, and hands over the code for it', async () => {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await signInMember(page, running.product, { email: 'eve.embed@example.com', name: 'Eve Embed', role: 'owner' });
  expect(await wizardFrameAncestors()).not.toContain(SITE);

  await openConsolePage(page, 'embedding', 'Website embedding');
  await page.getByRole('textbox', { name: 'New site' }).fill(`${SITE}/`);
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByRole('button', { name: `Remove ${SITE}` }).waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText(/saved/i).waitFor();
  expect(await wizardFrameAncestors()).toContain(SITE);

  const code = await page.getByRole('textbox', { name: 'Code to paste' }).inputValue();
  expect(code).toContain(`${running.product.publicUrl}${EMBED_SCRIPT_PATH}`);
  expect(code).toContain(`data-office="${FIXTURE_OFFICES.demo}"`);
  await page.context().close();
});

it('is axe-clean on every editor of issues 26 and 27 and on Funnel at 1280 and 375 px, and never scrolls sideways at 375', async () => {
  const { product, browser } = running;
  const failures: string[] = [];
  for (const [size, viewport] of [['1280', VIEWPORTS.desktop], ['375', VIEWPORTS.mobile]] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInMember(page, product, { email: `ed.editors.${size}@example.com`, name: 'Ed Editors', role: 'owner' });
    for (const [path, heading, ready] of [
      ['offices', 'Offices', 'Save changes'],
      ['catalogue', 'Services and prices', 'Save changes'],
      ['pricing', 'Fees, taxes and coupons', 'Save changes'],
      ['questions', 'Property questions', 'Save changes'],
      ['people', 'People', 'Save changes'],
      ['payments', 'Payments', 'Save changes'],
      ['booking-policy', 'Booking changes', 'Save changes'],
      ['messages', 'Messages', 'Save changes'],
      ['embedding', 'Website embedding', 'Save changes'],
      ['funnel', 'Funnel', null],
    ] as const) {
      await openConsolePage(page, path, heading);
      if (ready) await page.getByRole('button', { name: ready }).waitFor();
      else await page.getByRole('search', { name: 'Span and office' }).waitFor();
      for (const violation of await accessibilityViolations(page)) failures.push(`${path} at ${size}: ${violation}`);
      if (size === '375') {
        const width = await scrollWidth(page);
        if (width > 375) failures.push(`${path} at 375 scrolls sideways: ${width} px`);
      }
      await screenshot(page, `console-${path}-${size}`);
    }
    await context.close();
  }
  expect(failures).toEqual([]);
});
