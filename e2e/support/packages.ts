import type { Page } from 'playwright-core';

/**
 * On the demo's packages step: adds the Single-Family Home Inspection (the length a time is held
 * for before the cart is known, so a time held on the calendar still fits) and takes
 * pay-at-close, so that Next has a cart to go on with and no pay-at-close reminder in the way.
 */
export async function chooseDemoService(page: Page): Promise<void> {
  const row = page.getByRole('listitem').filter({ hasText: 'Single-Family Home Inspection' }).last();
  await row.getByRole('button', { name: 'Add Service' }).click();
  await row.getByRole('button', { name: 'Remove Service' }).waitFor();
  await page.getByRole('button', { name: 'Add Pay At Close' }).click();
  await page.getByRole('button', { name: 'Remove Pay At Close' }).waitFor();
}
