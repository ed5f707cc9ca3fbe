import type { Page } from 'playwright-core';

/** Picks the first day with appointments and its first time, in calendar mode. */
export async function chooseFirstSlot(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Select a day' }).waitFor();
  await page.getByRole('gridcell').getByRole('button').and(page.locator(':not([aria-disabled="true"])')).first().click();
  await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
  const first = page.getByRole('radio').first();
  await first.check();
  return (await page.getByRole('radiogroup').locator('label').first().innerText()).split('\n')[0]!;
}

/** Next on the calendar step: saves and holds the slot, then the hold notice's Continue. */
export async function confirmSlot(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(/^We're holding .* for you for 15 minutes while you finish your order\.$/).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
}
