import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Pricing } from '@scheduler/contracts/pricing';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS } from './support/browser.ts';
import { answerDemoPropertyQuestions } from './support/property.ts';
import { useRunningProduct } from './support/running-product.ts';
import { sessionCalls } from './support/session-calls.ts';

const running = useRunningProduct();
const SINGLE_FAMILY = 'a1c0ffee-0000-4000-8000-000000000001';

/** The demo wizard opened straight on the property step (calls are paths under /demo/), with a Single-Family inspection in the cart. */
async function onPropertyStep(): Promise<{
  page: Page;
  token: string;
  call: <T>(path: string, body?: unknown) => Promise<T>;
}> {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await page.goto(running.product.linkOf('demo'));
  await mainHeading(page);
  const url = new URL(page.url());
  const token = url.searchParams.get('t')!;
  const call = sessionCalls(page, token);
  await call('json/online_scheduler/add_service', SINGLE_FAMILY);
  url.pathname = '/demo/online-scheduler/property-info';
  await page.goto(url.toString());
  await page.getByRole('heading', { level: 1, name: 'Please provide information about the property' }).waitFor();
  return { page, token, call };
}

describe('the property-info step in the browser', () => {
  it('saves the answers with Enter and the price follows the square feet', async () => {
    const { page, call } = await onPropertyStep();
    // The cart has a service and fees are shown: the banner says the price may change.
    await page
      .getByText('Changing property information may affect the pricing of items in your shopping cart.')
      .waitFor();
    const before = await call<Pricing>('json/online_scheduler/pricing');
    await answerDemoPropertyQuestions(page, { sqft: '4200', yearBuilt: '1995' });
    await page.getByRole('textbox', { name: /^Square Feet/ }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
    // 4,200 sq ft adds the $150 home-size fee to the $425 inspection.
    const after = await call<Pricing>('json/online_scheduler/pricing');
    expect(after.totals.subtotal - before.totals.subtotal).toBe(15000);
    expect(after.services[0]!.fees).toContainEqual({
      code: 'home-size',
      description: 'Home size adjustment',
      gross: 15000,
      value: 15000,
    });
    await page.context().close();
  });

  it('moves focus to the first unanswered required question and saves nothing', async () => {
    const { page, call } = await onPropertyStep();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Square Feet is required.').waitFor();
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'));
    expect(focused).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.inputMode)).toBe('numeric');
    expect((await call<{ sqft: number | null }>('online-scheduler/order')).sqft).toBeNull();
    await page.context().close();
  });

  it('takes a date as the company writes dates (DATE_FORMAT MM/DD/YYYY), stores it as an ISO date, and shows it so in the panel', async () => {
    const { page, call } = await onPropertyStep();
    await answerDemoPropertyQuestions(page);
    const closing = page.getByRole('textbox', { name: 'Closing Date' });
    await page.getByText('As MM/DD/YYYY').first().waitFor();
    await closing.fill('2/30/2027');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Closing Date must be a date written as MM/DD/YYYY.').waitFor();
    // Or picked on the calendar, by keyboard, which writes it in the format (issue 42).
    await closing.fill('1/14/2027');
    const pick = page.getByRole('button', { name: 'Choose Closing Date on a calendar' });
    await pick.click();
    const calendar = page.getByRole('dialog', { name: 'Calendar: Closing Date' });
    await calendar.getByRole('gridcell', { name: '14', selected: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'property-info-date-calendar-1280', { fullPage: false });
    // Escape closes it, the answer as it was; on a phone it opens within the screen.
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await closing.inputValue()).toBe('1/14/2027');
    await page.setViewportSize(VIEWPORTS.mobile);
    await pick.click();
    const day = calendar.getByRole('gridcell', { name: '14', selected: true });
    await day.waitFor();
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'property-info-date-calendar-375', { fullPage: false });
    await expect.poll(() => day.evaluate((cell) => cell === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    expect(await closing.inputValue()).toBe('01/15/2027');
    await expect.poll(() => pick.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
    const order = await call<{ controls: Array<{ id: number; value: string | null }> }>('online-scheduler/order');
    expect(order.controls.find((c) => c.id === 12)?.value).toBe('2027-01-15');
    await page.getByText('Closing Date: 01/15/2027').first().waitFor();
    await page.context().close();
  });
});
