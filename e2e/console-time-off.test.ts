import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../apps/server/src/modules/console-auth/console-auth.repository.ts';
import { accessibilityViolations, screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { bookingWindow, newVisitorSlots } from './support/manage.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * Issue 25 in the browser: the office blocks an inspector's day from the console's schedule, and a
 * new visitor of the wizard is offered none of that inspector's times that day; giving the time
 * back offers them again.
 */
const running = useRunningProduct();

/** Signs an office member of the demo company in, through the one-time link `npm start` prints. */
async function signInOffice(page: Page, email: string): Promise<void> {
  const { product } = running;
  const organizationId = (await organizationOfCompanyKey(product.database.db, 'demo'))!;
  await ensureMember(product.database.db, { email, name: 'Olivia Office' }, organizationId, 'office');
  await page.goto(await product.app.consoleAuth().signInLinkFor(email));
  await waitForMainHeading(page, 'Schedule');
}

it("blocks an inspector's day from the schedule, and the wizard stops offering it until the time is given back", async () => {
  const { product, browser } = running;
  const window = bookingWindow(3);
  const offered = await newVisitorSlots(browser, product, window);
  const first = offered[0]!;
  const inspectorId = first.users[0]!;
  const day = first.date;
  const theirs = (slots: typeof offered) =>
    slots.filter((slot) => slot.date === day && slot.users.includes(inspectorId));
  expect(theirs(offered).length).toBeGreaterThan(0);

  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInOffice(page, 'olivia.office@example.com');
  await page.goto(`${product.publicUrl}/console/demo/schedule?date=${day}&view=day`);
  await waitForMainHeading(page, 'Schedule');
  await page.getByRole('button', { name: 'Block time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block time' });
  await dialog.waitFor();
  await dialog.getByLabel('Inspector').click();
  const inspectorName = await page.evaluate(async (id) => {
    const response = await fetch('/api/console/companies/demo/inspectors');
    const body = (await response.json()) as { inspectors: Array<{ id: number; name: string }> };
    return body.inspectors.find((inspector) => inspector.id === id)!.name;
  }, inspectorId);
  await page.getByRole('option', { name: inspectorName, exact: true }).click();
  // The list of inspectors closes (its menu fades out) before anything else is read.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await dialog.getByLabel('First date').fill(day);
  await dialog.getByLabel('Last date').fill(day);
  await dialog.getByLabel('Note').fill('Training day');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'console-block-time-1280');
  await dialog.getByRole('button', { name: 'Block the time' }).click();
  await page.getByText('The time is blocked.').waitFor();

  // The block is on the schedule, and a new visitor is offered none of the inspector's times that day.
  const block = page.getByTestId('time-off').filter({ hasText: 'Training day' });
  await block.waitFor();
  expect(await block.textContent()).toContain('Off all day');
  expect(theirs(await newVisitorSlots(browser, product, window))).toEqual([]);
  await screenshot(page, 'console-time-off-1280');

  // Given back, the times are offered again.
  await block.click();
  await page.getByRole('dialog', { name: 'Time off' }).getByRole('button', { name: 'Give this time back' }).click();
  await page
    .getByRole('dialog', { name: 'Give this time back?' })
    .getByRole('button', { name: 'Yes, give it back' })
    .click();
  await page.getByText('The time is given back.').waitFor();
  expect(await page.getByTestId('time-off').count()).toBe(0);
  expect(theirs(await newVisitorSlots(browser, product, window))).toEqual(theirs(offered));
  await page.close();
});
