import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { workerBrowser, VIEWPORTS } from './support/browser.ts';
import { AXE_WALK_TIMEOUT_MS, signInMember, walkConsolePages } from './support/console.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

/**
 * Issue 47's "The directory grows by itself" in the browser (decision 0091): a visitor types a new
 * agent who is the demo's Jessica Moreno by e-mail; the owner finds them awaiting review with
 * Jessica as the likely duplicate, and merges them into her. The page is axe-clean at both widths.
 */
let product: RunningProduct;
let browser: Browser;

/** A visitor's new buyer's agent, typed in the scheduler; answers the directory id. */
async function visitorAgent(person: Record<string, string>): Promise<number> {
  const token = await product.startSessionOf('demo');
  const response = await product.app.inject({
    method: 'POST',
    url: '/demo/json/online_scheduler/set_buyers_agent',
    headers: { 'x-auth-token': token },
    payload: { mobile_phone: '(614) 555-0199', company: 'Olentangy Realty Group', ...person },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await workerBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

it('lets the owner merge a visitor’s new agent into the directory’s own, after a confirmation', async () => {
  await visitorAgent({ first: 'Jess', last: 'Moreno', email: 'JESSICA.MORENO@olentangyrealtygroup.com' });
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await signInMember(page, product, { email: 'olive@review.example', name: 'Olive Owner', role: 'owner' });
    await page.goto(`${product.publicUrl}/console/demo/directory-review`);
    await page.getByRole('heading', { level: 1, name: 'Directory review' }).waitFor();
    const jess = page.getByRole('listitem', { name: 'Jess Moreno' });
    await jess.getByRole('button', { name: 'Merge into Jessica Moreno' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Jess Moreno into Jessica Moreno?' });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page
      .getByRole('status')
      .getByText(/^Jess Moreno was merged into Jessica Moreno; 1 booking names/)
      .waitFor();
    expect(await page.getByRole('listitem', { name: 'Jess Moreno' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});

it(
  'is axe-clean with people awaiting review at 1280 and 375 px',
  async () => {
    await visitorAgent({ first: 'Nia', last: 'Brooks', email: 'nia@brooksrealty.example' });
    expect(
      await walkConsolePages(
        browser,
        product,
        { email: (width) => `rita.review.${width}@example.com`, name: 'Rita Review' },
        [
          {
            path: 'directory-review',
            heading: 'Directory review',
            ready: (page) => page.getByRole('button', { name: 'Accept Nia Brooks' }),
          },
        ],
      ),
    ).toEqual([]);
  },
  AXE_WALK_TIMEOUT_MS,
);
