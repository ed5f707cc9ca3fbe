import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { saveServedAddress } from './support/address.ts';
import { mainHeading, screenshot, VIEWPORTS } from './support/browser.ts';
import { saveHomeOwner } from './support/contacts.ts';
import { readPriceLines, sumOf } from './support/price-lines.ts';
import { answerDemoPropertyQuestions } from './support/property.ts';
import { useRunningProduct } from './support/running-product.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';

const running = useRunningProduct();
const PANEL = 'Review your order';

/** The next answer of GET /pricing, read as the page reads it. */
// A request sent from now on: one still in flight from loading the step (the review panel loads
// on its own) answers what the order was before.
const nextPricing = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/json/online_scheduler/pricing') && r.method() === 'GET')
    .then(async (request) => (await request.response())!.json() as Promise<Pricing>);

/** Walks the demo from a held time to the packages step, as a visitor does, so every earlier step is visited. */
async function walkToPackages(page: Page): Promise<void> {
  await page.goto(running.product.linkOf('demo'));
  await chooseFirstSlot(page);
  await confirmSlot(page);
  await saveServedAddress(page);
  await page.getByRole('heading', { level: 1, name: 'People associated with this inspection' }).waitFor();
  await saveHomeOwner(page);
  await page.getByRole('heading', { level: 1, name: 'Please provide information about the property' }).waitFor();
  await answerDemoPropertyQuestions(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
}

const lineAmount = (panel: ReturnType<Page['getByRole']>, kind: string) => panel.locator(`[data-line="${kind}"] dd`);

describe('the review-order panel in the browser (spec 2.10)', () => {
  it('shows the totals /pricing answers after a package is chosen and a service added, and its Edit link goes to the step', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await walkToPackages(page);
    const panel = page.getByRole('complementary', { name: PANEL });
    await panel.waitFor();
    // Every section of the walk so far, in the spec's order; Contact Info is titled with the
    // visitor's role once it is saved (spec 2.10).
    expect(await panel.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      expect.arrayContaining(['Date & Time', 'Address', 'Home Owner', 'Property Info', 'Services']),
    );
    await panel.getByText('1105 Schrock Rd').waitFor();
    await panel.getByText('Square Feet: 2,400').waitFor();

    const afterPackage = nextPricing(page);
    await page
      .getByRole('article', { name: "Buyer's Essentials" })
      .getByRole('button', { name: 'SELECT PACKAGE' })
      .click();
    await afterPackage;
    const afterService = nextPricing(page);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Radon Testing' })
      .last()
      .getByRole('button', { name: 'Add Service' })
      .click();
    const pricing = await afterService;
    expect(pricing.package?.name).toBe("Buyer's Essentials");
    expect(pricing.services.map((s) => s.name)).toContain('Radon Testing');

    const total = lineAmount(panel, 'total');
    await expect.poll(() => total.innerText()).toBe(formatMoney(pricing.totals.display_total, 'USD'));
    // Issue 20: the package before its savings ($425 + $95 = $520), Bundle Savings below it, the
    // tax last, and every line the panel shows adds up to the total it shows, to the cent.
    const shown = await readPriceLines(panel);
    expect(shown.lines.slice(0, 3).map((line) => [line.kind, line.label, line.cents])).toEqual([
      ['package', "Buyer's Essentials", pricing.package!.amount + pricing.package!.savings],
      ['bundle-savings', 'Bundle Savings', -pricing.package!.savings],
      ['service', 'Radon Testing', pricing.services.find((s) => s.name === 'Radon Testing')!.subtotal],
    ]);
    expect(shown.lines[0]!.cents).toBe(52000);
    expect(sumOf(shown.lines)).toBe(shown.total);
    expect(await panel.locator('[data-line="tax"]').count()).toBe(pricing.taxes_hidden ? 0 : pricing.taxes.length);
    // The packages step beside it shows every price before tax, and says so: the card's $480.00 is $425 + $95 less $40.
    const card = page.getByRole('article', { name: "Buyer's Essentials" });
    await page.getByText('Prices before tax').waitFor();
    expect(await card.getByText('$480.00', { exact: true }).count()).toBe(1);
    expect(await card.getByText('$40.00 in savings').count()).toBe(1);
    expect(await card.getByText('$516.00').count()).toBe(0);
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Radon Testing' })
        .last()
        .getByText('$150.00', { exact: true })
        .count(),
    ).toBe(1);
    // The current step is highlighted and has no Edit link; a visited one has.
    await expect(panel.locator('section[aria-current="step"]').getByRole('heading').innerText()).resolves.toBe(
      'Services',
    );
    expect(await panel.getByRole('link', { name: 'Edit Services' }).count()).toBe(0);
    // The panel is sticky: from the top of the page it sits beside the step's top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sidebar-1280');

    await panel.getByRole('link', { name: 'Edit Address' }).click();
    await page.waitForURL('**/demo/online-scheduler/address?**');
    expect(await mainHeading(page)).toBe('Where is this inspection located?');
    const url = new URL(page.url());
    expect(url.searchParams.get('t')).toBeTruthy();
    expect(url.searchParams.get('office')).toBeTruthy();
    await page
      .getByRole('complementary', { name: PANEL })
      .locator('section[aria-current="step"]')
      .getByRole('heading', { name: 'Address' })
      .waitFor();
    await page.context().close();
  });

  it('at 375 px is open in the page after the step, closes and opens by keyboard, stays closed for the visit and opens again at 800 px', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
    await walkToPackages(page);
    const afterPackage = nextPricing(page);
    await page
      .getByRole('article', { name: "Buyer's Essentials" })
      .getByRole('button', { name: 'SELECT PACKAGE' })
      .click();
    await afterPackage;
    const afterService = nextPricing(page);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Radon Testing' })
      .last()
      .getByRole('button', { name: 'Add Service' })
      .click();
    await afterService;
    // Open by default (decision 0038), in the page and not a dialog over the step: the step stays usable.
    const panel = page.getByRole('complementary', { name: PANEL });
    await panel.getByRole('heading', { name: 'Services' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const drawn = await readPriceLines(panel);
    expect(sumOf(drawn.lines)).toBe(drawn.total);
    const mainBottom = await page.getByRole('main').evaluate((el) => el.getBoundingClientRect().bottom);
    const panelTop = await panel.evaluate((el) => el.getBoundingClientRect().top);
    expect(panelTop).toBeGreaterThanOrEqual(mainBottom);
    await screenshot(page, 'sidebar-open-375');
    await screenshot(panel, 'sidebar-open-375-panel');
    // One coupon box on the page: the step's own, where the cart changes (decisions 0036, 0038).
    expect(await page.getByRole('heading', { name: 'Have a coupon?' }).count()).toBe(1);

    const close = panel.getByRole('button', { name: 'Close the order review' });
    await close.focus();
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    const toggle = page.getByRole('button', { name: PANEL });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(PANEL);
    await screenshot(page, 'sidebar-closed-375');

    // Closed for the rest of the visit: a reload (as the next step) does not open it again.
    await page.reload();
    await toggle.waitFor();
    expect(await panel.count()).toBe(0);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('heading', { name: 'Services' }).waitFor();
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await toggle.waitFor();

    // "Open whenever the viewport width is at least 800px" (spec 2.10).
    await page.setViewportSize(VIEWPORTS.desktop);
    await panel.getByRole('heading', { name: 'Services' }).waitFor();
    await page.context().close();
  });

  it('at 1280 px collapses with its close icon to a toggle that opens it again', async () => {
    const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await walkToPackages(page);
    const panel = page.getByRole('complementary', { name: PANEL });
    await panel.waitFor();
    const mainWidth = () => page.getByRole('main').evaluate((el) => el.getBoundingClientRect().width);
    const widthBeside = await mainWidth();
    await panel.getByRole('button', { name: 'Close the order review' }).click();
    await panel.waitFor({ state: 'detached' });
    // Collapsed, the step takes the room the panel had.
    expect(await mainWidth()).toBeGreaterThan(widthBeside + 100);
    await screenshot(page, 'sidebar-collapsed-1280', { fullPage: false });
    await page.getByRole('button', { name: PANEL }).click();
    await panel.waitFor();
    await page.context().close();
  });
});
