import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import type { OrderResponse } from '@scheduler/contracts/order';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS } from './support/browser.ts';
import type { FixtureCompany } from './support/product.ts';
import { SERVED_ADDRESS } from './support/address.ts';
import {
  companyCalls,
  confirmOnReview,
  fillOrder,
  openReview,
  RADON,
  SINGLE_FAMILY,
  tokenOf,
} from './support/review.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

const CALENDAR_TITLE = 'When would you like your inspection?';

/** A new visitor of `company` on its first screen, with the session's own calls at hand. */
async function newVisitor(company: FixtureCompany = 'demo', viewport: keyof typeof VIEWPORTS = 'desktop') {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS[viewport] })).newPage();
  await page.goto(running.product.linkOf(company));
  await mainHeading(page);
  const call = companyCalls(page, company, tokenOf(page));
  return { page, call, token: tokenOf(page) };
}

/** The POST /confirm requests the page sends from now on. */
function confirmRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/json/online_scheduler/confirm'))
      seen.push(request.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

const panelTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
/** The demo's panels for a home owner: it asks property questions and a special note, and offers every agent. */
const DEMO_PANELS = [
  'Date, Time and Inspector',
  'My Info (Home Owner)',
  'Address',
  'Property Info',
  "Buyer's Agent",
  "Seller's Agent",
  'Insurance Agent',
  'Shopping Cart',
  'Special instructions and notes',
];

describe('the review step in the browser', () => {
  it('confirms: the thank-you state shows the same panels without Change, the order is booked, and review is recorded as visited', async () => {
    const { page, call, token } = await newVisitor();
    const slot = (await fillOrder(call))!;
    await openReview(page);
    expect(await panelTitles(page)).toEqual(DEMO_PANELS);
    await page
      .getByRole('region', { name: 'Date, Time and Inspector' })
      .getByText(formatAppointmentDateTime(slot.start_datetime))
      .waitFor();
    await page.getByRole('region', { name: 'My Info (Home Owner)' }).getByText('Dana Whitfield').waitFor();
    await page.getByRole('region', { name: 'Shopping Cart' }).getByText('Single-Family Home Inspection').waitFor();
    expect(await page.getByRole('link', { name: /^Change / }).count()).toBe(DEMO_PANELS.length);
    const progress = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `nav-${token}`)) ?? '{}');
    expect(progress.review).toBe(true);

    await confirmOnReview(page);
    expect(await panelTitles(page)).toEqual(DEMO_PANELS);
    expect(await page.getByRole('link', { name: /^Change/ }).count()).toBe(0);
    await page
      .getByText(
        'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Schedule Again' }).waitFor();
    const order = (await call<OrderResponse>('online-scheduler/order')).body;
    expect(order.confirmed).toBe(true);
    expect(Date.parse(order.datetime!)).toBe(slot.timestamp * 1000);
    await page.context().close();
  });

  it('books once when Confirm is double-clicked', async () => {
    const { page, call } = await newVisitor();
    await fillOrder(call);
    await openReview(page);
    const sent = confirmRequests(page);
    await page.getByRole('button', { name: 'Confirm My Inspection' }).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[\x21-\x7e]+$/);
    const order = (await call<OrderResponse>('online-scheduler/order')).body;
    const booked = await running.product.database.db
      .select()
      .from(t.appointments)
      .where(and(eq(t.appointments.orderId, order.id), eq(t.appointments.kind, 'appointment')));
    expect(booked).toHaveLength(1);
    await page.context().close();
  });

  it('offers alternatives when another visitor took the held time, and confirms the one chosen', async () => {
    const { page, call } = await newVisitor();
    const slot = (await fillOrder(call))!;
    await openReview(page);
    const order = (await call<OrderResponse>('online-scheduler/order')).body;
    // The hold lapses, and another visitor takes the time meanwhile.
    await running.product.database.db
      .update(t.appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(t.appointments.orderId, order.id), eq(t.appointments.kind, 'hold')));
    await running.product.database.changes.flush();
    const rival = await running.product.startSessionOf('demo');
    const rivalCall = (path: string, payload: unknown) =>
      running.product.app.inject({
        method: 'POST',
        url: `/demo/json/online_scheduler/${path}`,
        headers: { 'x-auth-token': rival },
        payload: payload as object,
      });
    await rivalCall('set_address', {
      address1: SERVED_ADDRESS.address1,
      city: SERVED_ADDRESS.city,
      postal_code: SERVED_ADDRESS.postalCode,
    });
    await rivalCall('add_service', SINGLE_FAMILY);
    const taken = await rivalCall('set_datetime', {
      datetime: new Date(slot.timestamp * 1000).toISOString(),
      duration: order.duration,
      inspectors: slot.users,
    });
    expect(taken.json()).toMatchObject({ status: 'ok' });

    await page.getByRole('button', { name: 'Confirm My Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sorry!' });
    await dialog
      .getByText(`The appointment on ${formatAppointmentDateTime(slot.start_datetime)} is no longer available.`)
      .waitFor();
    await dialog.getByText('Please select another appointment:').waitFor();
    const choice = dialog.getByRole('list').getByRole('button').first();
    const label = await choice.innerText();
    await choice.click();
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    const confirmed = (await call<OrderResponse>('online-scheduler/order')).body;
    expect(confirmed.confirmed).toBe(true);
    expect(Date.parse(confirmed.datetime!)).not.toBe(slot.timestamp * 1000);
    expect(label).toContain(
      formatAppointmentDateTime(
        new Date(confirmed.datetime!).toLocaleString('sv-SE', { timeZone: 'America/New_York' }),
      ),
    );
    await page.context().close();
  });

  it("blocks the browser's Back on the unconfirmed review; the page's own Back goes to the packages", async () => {
    const { page, call } = await newVisitor();
    await fillOrder(call);
    const packages = new URL(page.url());
    packages.pathname = '/demo/online-scheduler/packages';
    await page.goto(packages.toString());
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
    await openReview(page);
    for (let press = 0; press < 3; press++) {
      await page.goBack();
      expect(new URL(page.url()).pathname).toBe('/demo/online-scheduler/review');
      await page.getByRole('button', { name: 'Confirm My Inspection' }).waitFor();
    }
    expect(await mainHeading(page)).toBe('Review your order');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/online-scheduler/packages');
    await page.context().close();
  });

  it("after confirming, the browser's first Back stays on the thank-you, and the next ones leave without reaching an editable step", async () => {
    const { page, call } = await newVisitor();
    await fillOrder(call);
    const packages = new URL(page.url());
    packages.pathname = '/demo/online-scheduler/packages';
    await page.goto(packages.toString());
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
    await openReview(page);
    await confirmOnReview(page);
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/demo/online-scheduler/review');
    expect(await mainHeading(page)).toBe('Thank you!');
    // Not trapped: Back walks on, and the packages' path of a confirmed order shows the thank-you.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/demo/online-scheduler/packages');
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    expect(await page.getByRole('button', { name: 'Change' }).count()).toBe(0);
    await page.context().close();
  });

  it('with the calendar last, gives up the held time after a cart change and sends the visitor to the calendar', async () => {
    const { page, call } = await newVisitor('late');
    await fillOrder(call);
    expect((await call('json/online_scheduler/add_service', RADON)).status).toBe(200);
    expect((await call<OrderResponse>('online-scheduler/order')).body.services_changed).toBe(true);
    const url = new URL(page.url());
    url.pathname = '/late/online-scheduler/review';
    await page.goto(url.toString());
    await page.waitForURL('**/late/online-scheduler/calendar?**');
    expect(await mainHeading(page)).toBe(CALENDAR_TITLE);
    expect((await call<OrderResponse>('online-scheduler/order')).body.datetime).toBeNull();
    await page.context().close();
  });

  it('sends /review without a held time to the calendar', async () => {
    const { page, call } = await newVisitor();
    await fillOrder(call, { holdTime: false });
    const url = new URL(page.url());
    url.pathname = '/demo/online-scheduler/review';
    await page.goto(url.toString());
    await page.waitForURL('**/demo/online-scheduler/calendar?**');
    expect(await mainHeading(page)).toBe(CALENDAR_TITLE);
    await page.context().close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`has no axe-core violation on the review and the thank-you at ${VIEWPORTS[viewport].width} px`, async () => {
      const { page, call } = await newVisitor('demo', viewport);
      await fillOrder(call);
      await openReview(page);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `review-${VIEWPORTS[viewport].width}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await confirmOnReview(page);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `thank-you-${VIEWPORTS[viewport].width}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    });
  }
  it('two tabs: confirm books what the review shows, says when the other tab changed it, and the other tab then meets the thank-you', async () => {
    const { page, call } = await newVisitor();
    await fillOrder(call);
    await openReview(page);
    const property = page.getByRole('region', { name: 'Property Info' });
    await property.getByText(/1,?800/).waitFor();

    // The other tab, on the same session, changes the square feet and moves on to the packages.
    const other = await page.context().newPage();
    const propertyStep = new URL(page.url());
    propertyStep.pathname = '/demo/online-scheduler/property-info';
    await other.goto(propertyStep.toString());
    await other.getByRole('textbox', { name: /^Square Feet/ }).fill('2400');
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();

    // The first tab's confirm is refused: it shows what changed, and nothing was booked.
    await page.getByRole('button', { name: 'Confirm My Inspection' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Your order changed' });
    await notice
      .getByText('Your order was changed in another window or tab. Please check it below and confirm again.')
      .waitFor();
    await property.getByText(/2,?400/).waitFor();
    expect((await call<OrderResponse>('online-scheduler/order')).body.confirmed).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'review-order-changed-1280');

    await confirmOnReview(page);
    expect((await call<OrderResponse>('online-scheduler/order')).body.sqft).toBe(2400);

    // The other tab's next change is refused as confirmed, and the tab shows the thank-you.
    await other
      .getByRole('listitem')
      .filter({ hasText: 'Radon Testing' })
      .last()
      .getByRole('button', { name: 'Add Service' })
      .click();
    await other.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    expect(await other.getByText('Please correct the fields marked Required.').count()).toBe(0);
    await page.context().close();
  });
});
