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

/** A row of the packages step's "Add the services that you need" list, by the service's name. */
export const serviceRow = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name }).last();

/** Add Service on one service's row, until its button reads Remove Service. */
export async function addService(page: Page, name: string): Promise<void> {
  const row = serviceRow(page, name);
  await row.getByRole('button', { name: 'Add Service' }).click();
  await row.getByRole('button', { name: 'Remove Service' }).waitFor();
}

/** SELECT PACKAGE on a package's card, until REMOVE PACKAGE shows. */
export async function choosePackage(page: Page, name: string): Promise<void> {
  await page.getByRole('article', { name }).getByRole('button', { name: 'SELECT PACKAGE' }).click();
  await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
}

/** Add Pay At Close on its card, until the card offers to remove it. */
export async function addPayAtClose(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add Pay At Close' }).click();
  await page.getByRole('button', { name: 'Remove Pay At Close' }).waitFor();
}
