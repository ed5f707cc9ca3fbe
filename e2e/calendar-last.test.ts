import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { wizardCalls } from '../apps/server/src/test-support/wizard-calls.ts';
import { saveServedAddress } from './support/address.ts';
import { accessibilityViolations, focusedElement, VIEWPORTS } from './support/browser.ts';
import { chooseDemoService } from './support/packages.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();
const SHOTS = '/tmp/shots-calendar-last';
const PANEL = 'Review your order';
const CALENDAR = 'When would you like your inspection?';
const WARNING = 'Your shopping cart has changed and requires you to select another appointment.';
const HOLDING = /^We're holding \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) for you for 15 minutes while you finish your order\.$/;

const late = () => wizardCalls(() => running.product.app, 'late');
const tokenOf = (page: Page) => new URL(page.url()).searchParams.get('t')!;
/** The order as the wizard reads it (GET /{company_key}/online-scheduler/order). */
const orderOf = async (page: Page) =>
  (await running.product.app.inject({ method: 'GET', url: '/late/online-scheduler/order', headers: { 'x-auth-token': tokenOf(page) } })).json<{ datetime: string | null; inspectors: unknown[]; services_changed: boolean }>();
const stepUrl = (page: Page, step: string) => {
  const url = new URL(page.url());
  return `/late/online-scheduler/${step}?t=${url.searchParams.get('t')}&office=${url.searchParams.get('office')}`;
};

/** A screenshot to look at: the whole page, or (with the drawer open) what the phone's screen shows. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350); // the drawer's slide
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** 'late' (calendar last): the address, then the packages step with a service, then Next to the calendar, which comes last. */
async function walkToCalendar(page: Page): Promise<void> {
  await page.goto(running.product.linkOf('late'));
  await saveServedAddress(page);
  await page.getByRole('heading', { level: 1, name: 'People associated with this inspection' }).waitFor();
  await page.goto(`${running.product.baseUrl}${stepUrl(page, 'packages')}`);
  await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
  await chooseDemoService(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: CALENDAR }).waitFor();
}

/** Chooses the `nth` time of the first day with appointments and holds it with Next; answers the time's label. */
async function pick(page: Page, nth: number): Promise<string> {
  await page.getByRole('heading', { name: 'Select a day' }).waitFor();
  const day = page.getByRole('gridcell').getByRole('button').and(page.locator(':not([aria-disabled="true"])')).first();
  await day.click();
  await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
  const radio = page.getByRole('radio').nth(nth);
  await radio.check();
  const label = (await page.getByRole('radiogroup').locator('label').nth(nth).innerText()).split('\n')[0]!.replace(/\s*\*$/, '');
  const held = page.waitForResponse((r) => r.url().endsWith('/set_datetime') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  expect((await (await held).json()).status).toBe('ok');
  return label;
}

/** On packages after a hold: Radon Testing joins the cart (the package offer declined), then Next. */
async function changeCartThenNext(page: Page): Promise<void> {
  await page.goto(`${running.product.baseUrl}${stepUrl(page, 'packages')}`);
  await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
  const radon = page.getByRole('listitem').filter({ hasText: 'Radon Testing' }).last();
  await radon.getByRole('button', { name: 'Add Service' }).click();
  await radon.getByRole('button', { name: 'Remove Service' }).waitFor();
  const offer = page.getByRole('button', { name: 'No thanks' });
  if (await offer.count()) await offer.click();
  const released = page.waitForResponse((r) => r.url().endsWith('/set_datetime') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  expect(await (await released).request().postDataJSON()).toEqual({ datetime: null });
  await page.getByRole('heading', { level: 1, name: CALENDAR }).waitFor();
}

/** The calendar after the cart changed: the warning, no held time, Next waiting for a pick. */
async function expectCartChangedCalendar(page: Page): Promise<void> {
  await page.getByRole('alert').filter({ hasText: WARNING }).waitFor();
  expect(await page.getByRole('button', { name: 'Reset' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
  expect(await orderOf(page)).toMatchObject({ datetime: null, inspectors: [], services_changed: true });
}

describe('the calendar last (spec 2.5, 4.2 step 5, 4.3)', () => {
  it('at 1280 px a pick brings the panel, with the held Date & Time and the totals of /pricing; a cart change then Next asks for a new pick', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await walkToCalendar(page);
    const panel = page.getByRole('complementary', { name: PANEL });
    await panel.waitFor();
    expect(await page.getByText(WARNING).count()).toBe(0);

    // A short window, so that the page scrolls down to Next and the panel has to be brought back into view.
    await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: 480 });
    const time = await pick(page, 0);
    // No hold notice: the panel is what follows a pick, its heading has focus and the hold is announced.
    const heldSection = panel.locator('section[aria-current="step"]');
    await heldSection.getByText(`Time: ${time}`).waitFor();
    expect(await heldSection.getByRole('heading').innerText()).toBe('Date & Time');
    expect(await heldSection.getByText(/^Date: \d{1,2}\/\d{1,2}\/\d{4}$/).count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'h2', text: PANEL });
    await expect.poll(() => panel.getByRole('status').innerText()).toMatch(HOLDING);
    // The panel scrolled into view (the window is too short for the page): the panel lies within
    // the viewport, and so does its held section, scrolled to inside the panel.
    const inViewport = async (box: { x: number; y: number; width: number; height: number } | null) => {
      const viewport = page.viewportSize()!;
      return box !== null && box.y >= -1 && box.x >= -1 && box.y + box.height <= viewport.height + 1 && box.x + box.width <= viewport.width + 1;
    };
    await expect.poll(async () => inViewport(await panel.boundingBox()), { timeout: 5000 }).toBe(true);
    await expect.poll(async () => inViewport(await heldSection.boundingBox()), { timeout: 5000 }).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    const pricing = (await late().get(tokenOf(page), '/pricing')).json<Pricing>();
    expect(await panel.locator('[data-line="total"] dd').innerText()).toBe(formatMoney(pricing.totals.display_total, 'USD'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'picked-1280');

    // Next now goes on to the review.
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(false);

    await changeCartThenNext(page);
    await expectCartChangedCalendar(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'cart-changed-1280');

    const again = await pick(page, 1);
    await page.getByRole('complementary', { name: PANEL }).locator('section[aria-current="step"]').getByText(`Time: ${again}`).waitFor();
    await page.getByText(WARNING).waitFor({ state: 'detached' });
    expect(await orderOf(page)).toMatchObject({ services_changed: false });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: CALENDAR }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/late/online-scheduler/review');
    await page.context().close();
  });

  it('at 375 px a pick opens the drawer, which its close button and Escape close; after a cart change the warning shows until a new pick', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
    await walkToCalendar(page);
    const drawer = page.getByRole('dialog', { name: PANEL });
    expect(await drawer.count()).toBe(0);

    const time = await pick(page, 0);
    await drawer.waitFor();
    await drawer.locator('section[aria-current="step"]').getByText(`Time: ${time}`).waitFor();
    // The dialog is described by the hold, which takes the place of the hold notice.
    const description = await drawer.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(description).toMatch(HOLDING);
    expect(await page.getByRole('dialog', { name: 'Your time is held' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'picked-drawer-375', false);
    await drawer.getByRole('button', { name: 'Close the order review' }).click();
    await drawer.waitFor({ state: 'detached' });
    // Closed, focus is on the step's heading, never the body.
    await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'h1', text: CALENDAR });

    await changeCartThenNext(page);
    await expectCartChangedCalendar(page);
    expect(await drawer.count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'cart-changed-375');

    const again = await pick(page, 1);
    await drawer.waitFor();
    await drawer.locator('section[aria-current="step"]').getByText(`Time: ${again}`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'picked-again-drawer-375', false);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'h1', text: CALENDAR });
    expect(await page.getByText(WARNING).count()).toBe(0);
    // The toggle still opens it as before.
    await page.getByRole('button', { name: PANEL }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await shot(page, 'picked-again-375');
    await page.context().close();
  });
});
