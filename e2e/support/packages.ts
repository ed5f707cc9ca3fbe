import type { Page } from 'playwright-core';

/**
 * On the demo's packages step: chooses Buyer's Essentials and takes pay-at-close, so that Next has
 * a cart to go on with and no pay-at-close reminder stands in the way.
 */
export async function chooseDemoPackage(page: Page): Promise<void> {
  await page.getByRole('article', { name: "Buyer's Essentials" }).getByRole('button', { name: 'SELECT PACKAGE' }).click();
  await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
  await page.getByRole('button', { name: 'Add Pay At Close' }).click();
  await page.getByRole('button', { name: 'Remove Pay At Close' }).waitFor();
}
