import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../apps/server/src/modules/console-auth/console-auth.repository.ts';
import { demoOrdinaryWeekday } from '../apps/server/src/test-support/demo-days.ts';
import { dayFromNow } from '../apps/server/src/test-support/wizard-calls.ts';
import { accessibilityViolations, screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { pageScrollWidth } from './support/manage.ts';
import { companyCalls, confirmOnReview, fillOrder, openReview, tokenOf } from './support/review.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * Issue 25 in the browser: the office takes a booking by phone. From the console's "Book by phone"
 * the wizard opens as the office's, the same steps and prices; its calendar's "Office: any time"
 * holds 7 PM, outside every inspector's hours, once the office accepts the warning; the review
 * confirms it, and the console's schedule shows it booked by that member.
 */
const running = useRunningProduct();
const MEMBER = 'Olivia Office';

async function signInOffice(page: Page, email: string): Promise<void> {
  const { product } = running;
  const organizationId = (await organizationOfCompanyKey(product.database.db, 'demo'))!;
  await ensureMember(product.database.db, { email, name: MEMBER }, organizationId, 'office');
  await page.goto(await product.app.consoleAuth().signInLinkFor(email));
  await waitForMainHeading(page, 'Schedule');
}

it('books a caller at a time outside the hours, after the warning, and the schedule shows who booked it', async () => {
  const { product, browser } = running;
  // An ordinary weekday (no holiday of the demo's) a few days ahead of today.
  const day = demoOrdinaryWeekday(addDays(dayFromNow(0), 5));
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInOffice(page, 'olivia.phone@example.com');

  await page.getByRole('button', { name: 'Book by phone' }).click();
  await page.waitForURL(/\/demo\/online-scheduler/);
  await page
    .getByRole('note')
    .filter({ hasText: `Booking by phone for the office — ${MEMBER}` })
    .waitFor();
  // The caller's details, as the later steps would save them.
  await fillOrder(companyCalls(page, 'demo', tokenOf(page)), { holdTime: false });
  await page.reload();

  const section = page.getByRole('region', { name: 'Office: any time' });
  await section.waitFor();
  await section.getByLabel('Date').fill(day);
  await section.getByLabel('Start time').fill('7:00 PM');
  await section.getByRole('checkbox', { name: 'Mike Alvarez' }).check();
  expect(await accessibilityViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Hold this time' }).click();
  const warnings = page.getByText('A visitor could not book this time:');
  await warnings.waitFor();
  expect(await page.getByText(/7:00 PM on .* is outside Mike Alvarez's working hours\./).count()).toBe(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'phone-booking-warnings-1280');
  await page.getByRole('button', { name: 'Book it anyway' }).click();
  // Held: the calendar moves on, as after a visitor's hold.
  await page.waitForURL(/\/demo\/online-scheduler\/address/);

  await openReview(page);
  await page.getByRole('note').filter({ hasText: MEMBER }).waitFor();
  await confirmOnReview(page);

  await page.goto(`${product.publicUrl}/console/demo/schedule?date=${day}&view=day`);
  await waitForMainHeading(page, 'Schedule');
  const booking = page.getByTestId('booking').filter({ hasText: `Booked by ${MEMBER}` });
  await booking.waitFor();
  expect(await booking.textContent()).toContain('7:00 PM');
  await page.close();
});

it('shows the office section whole at 375 px, without sideways scrolling, and axe-clean', async () => {
  const { product, browser } = running;
  const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
  await signInOffice(page, 'olivia.mobile@example.com');
  const started = await page.evaluate(async () => {
    const response = await fetch('/api/console/companies/demo/phone-bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { url: string };
  });
  await page.goto(`${product.publicUrl}${started.url}`);
  const section = page.getByRole('region', { name: 'Office: any time' });
  await section.waitFor();
  await section.scrollIntoViewIfNeeded();
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'phone-booking-375', { fullPage: true });
  await page.close();
});
