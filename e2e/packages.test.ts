import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { Pricing } from '@scheduler/contracts/pricing';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { displayLines, formatLineAmount } from '@scheduler/domain/pricing/display-lines';
import { formatAppointmentDateTime, formatListDate } from '@scheduler/domain/scheduling-text';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS } from './support/browser.ts';
import { useRunningProduct } from './support/running-product.ts';
import { sessionCalls, type SessionCall } from './support/session-calls.ts';

const running = useRunningProduct();

/** The demo catalogue (examples/demo-company.json). */
const SINGLE_FAMILY = 'a1c0ffee-0000-4000-8000-000000000001';
const SEWER = 'a1c0ffee-0000-4000-8000-000000000009';
const PAY_AT_CLOSE = 'a1c0ffee-0000-4000-8000-000000000013';
/** Mike Alvarez does home inspections and termite, not sewer scopes; Sarah Chen, Darnell Brooks and Tom Nguyen do. */
const MIKE = 101;
const SEWER_INSPECTORS = [102, 103, 105];

/**
 * A demo session opened straight on the packages step. `prepare` runs first with the session's
 * own calls (a held time, a cart), as a visitor who got there by the earlier steps would have.
 */
async function onPackagesStep(
  options: { viewport?: keyof typeof VIEWPORTS; prepare?: (call: SessionCall, token: string) => Promise<void> } = {},
) {
  const page = await (
    await running.browser.newContext({ viewport: VIEWPORTS[options.viewport ?? 'desktop'] })
  ).newPage();
  await page.goto(running.product.linkOf('demo'));
  await mainHeading(page);
  const url = new URL(page.url());
  const token = url.searchParams.get('t')!;
  const call = sessionCalls(page, token);
  await options.prepare?.(call, token);
  url.pathname = '/demo/online-scheduler/packages';
  await page.goto(url.toString());
  await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
  // The step and its panel have read what they read on load.
  await page.waitForLoadState('networkidle');
  return { page, token, call };
}

/**
 * The first answer of GET /pricing that the page reads from now on and that shows `change`. A
 * read sent just before (the review panel refetching on its own) answers what the order was
 * before, so the answer is told by its content, not by its order; a change the page never reads
 * fails the test at its time-out.
 */
const pricingRead = (page: Page, change: (pricing: Pricing) => boolean) =>
  page
    .waitForResponse(async (response) => {
      if (
        !response.url().endsWith('/json/online_scheduler/pricing') ||
        response.request().method() !== 'GET' ||
        !response.ok()
      )
        return false;
      return change((await response.json()) as Pricing);
    })
    .then(async (response) => (await response.json()) as Pricing);
const feesOf = (pricing: Pricing) => pricing.additional.fees.reduce((sum, fee) => sum + fee.value, 0);
const serviceRow = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name }).last();

/** The first slot of the coming weeks that Mike alone can take, held for the session with him only. */
async function holdWithMike(call: SessionCall): Promise<AppointmentSlot> {
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const slots = await call<AppointmentSlot[]>(`json/online_scheduler/availability?from=${from}&to=${to}&duration=180`);
  const slot = slots.find((s) => s.users.includes(MIKE))!;
  const held = await call<{ status: string }>('json/online_scheduler/set_datetime', {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    duration: 180,
    inspectors: [MIKE],
  });
  expect(held.status).toBe('ok');
  return slot;
}

/** Other visitors hold the same time with each inspector who does sewer scopes. */
async function holdWithEverySewerInspector(slot: AppointmentSlot): Promise<void> {
  for (const inspector of SEWER_INSPECTORS) {
    const rival = await running.product.startSessionOf('demo');
    await running.product.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/set_datetime',
      headers: { 'x-auth-token': rival },
      payload: { datetime: new Date(slot.timestamp * 1000).toISOString(), duration: 180, inspectors: [inspector] },
    });
  }
}

describe('the packages step in the browser', () => {
  it('chooses a package: the pricing is read again with its amount, and only that package stays, with REMOVE PACKAGE', async () => {
    const { page } = await onPackagesStep();
    expect(await page.getByRole('article').count()).toBe(4);
    const priced = pricingRead(page, (pricing) => pricing.package?.name === "Buyer's Essentials");
    await page
      .getByRole('article', { name: "Buyer's Essentials" })
      .getByRole('button', { name: 'SELECT PACKAGE' })
      .click();
    const pricing = await priced;
    expect(pricing.package?.name).toBe("Buyer's Essentials");
    expect(pricing.totals.subtotal).toBe(pricing.package!.amount);
    expect(pricing.totals.subtotal).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    // The package's services read "In Package".
    expect(await serviceRow(page, 'Termite / Wood-Destroying Insect Inspection').getByRole('button').innerText()).toBe(
      'In Package',
    );
    const emptied = pricingRead(page, (pricing) => !pricing.package);
    await page.getByRole('button', { name: 'REMOVE PACKAGE' }).click();
    expect((await emptied).totals.subtotal).toBe(0);
    await page.getByRole('article').nth(3).waitFor();
    await page.context().close();
  });

  it('offers the package after two of its services are added one by one, and Add Package chooses it', async () => {
    const { page, call } = await onPackagesStep();
    expect(await serviceRow(page, 'Termite / Wood-Destroying Insect Inspection').getByRole('button').innerText()).toBe(
      "Please add a 'primary' service to your cart first",
    );
    await serviceRow(page, 'Single-Family Home Inspection').getByRole('button', { name: 'Add Service' }).click();
    await serviceRow(page, 'Single-Family Home Inspection').getByRole('button', { name: 'Remove Service' }).waitFor();
    await serviceRow(page, 'Termite / Wood-Destroying Insect Inspection')
      .getByRole('button', { name: 'Add Service' })
      .click();
    // Buyer's Essentials and Buyer's Complete both hold the two.
    const offer = page.getByRole('dialog', {
      name: "It looks like you've added services that you can get in one or more of our packages:",
    });
    await offer.waitFor();
    const essentials = offer.getByRole('listitem').filter({ hasText: "Buyer's Essentials" });
    await essentials.getByText(/^Save \$[\d,.]+ over your current selection!$/).waitFor();
    expect(await offer.getByRole('listitem').count()).toBe(2);
    await essentials.getByRole('button', { name: 'Add Package' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
    expect((await call<OrderResponse>('online-scheduler/order')).packages).toEqual([1]);
    await page.context().close();
  });

  it('applies a coupon on a phone, shows its effect where it was entered and the running total in view, and shows a refused one with its message', async () => {
    const { page, call } = await onPackagesStep({
      viewport: 'mobile',
      prepare: (call) => call('json/online_scheduler/add_service', SINGLE_FAMILY),
    });
    // Issue 20 item 6: the order's total, the one the review-order panel shows, stays in view on a phone.
    const total = page.getByRole('status').filter({ hasText: 'Total:' });
    const shownTotal = async () =>
      formatLineAmount(displayLines(await call<Pricing>('json/online_scheduler/pricing')).total, 'USD');
    await total.getByText(await shownTotal(), { exact: true }).waitFor();
    const box = (await total.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    expect(box.y).toBeGreaterThanOrEqual(0);
    // One name for the box, on the step as in the panel (spec 2.10).
    await page.getByRole('heading', { name: 'Have a coupon?' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Add coupon' });
    await field.fill('HOLIDAY2025');
    const refused = page
      .waitForResponse((r) => r.url().endsWith('/apply_coupon'))
      .then((r) => r.json() as Promise<{ status: string; message: string }>);
    await page.getByRole('button', { name: 'APPLY' }).click();
    const refusal = await refused;
    expect(refusal.status).toBe('expired');
    await page.getByRole('alert').filter({ hasText: refusal.message }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('SPRING25');
    const priced = pricingRead(page, (pricing) => pricing.coupons.length > 0);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await page.getByText('Coupon applied correctly').waitFor();
    expect(await field.inputValue()).toBe('');
    expect((await priced).coupons.map((c) => c.code)).toEqual(['SPRING25']);
    // The coupon's effect where it was entered, and the total in view with it taken off.
    await page
      .getByRole('list', { name: 'Coupons in your order' })
      .getByText('$25 Off Orders of $400 or More: - $25.00')
      .waitFor();
    await total.getByText(await shownTotal(), { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'packages-coupon-and-total-375');
    await screenshot(page, 'packages-coupon-and-total-375-viewport', { fullPage: false });
    expect(await page.getByRole('alert').filter({ hasText: refusal.message }).count()).toBe(0);
    expect((await call<Pricing>('json/online_scheduler/pricing')).totals.discounts).toBe(2500);
    await page.context().close();
  });

  it("rushes the package's Repair Estimate Report and takes the rush back", async () => {
    const { page, call } = await onPackagesStep({ prepare: (call) => call('json/online_scheduler/set_packages', [1]) });
    await page.getByRole('heading', { name: "Do you want to rush RER's delivery?" }).waitFor();
    await page.getByText('Rush delivery: $99.00').waitFor();
    const before = feesOf(await call<Pricing>('json/online_scheduler/pricing'));
    const priced = pricingRead(page, (pricing) => feesOf(pricing) !== before);
    await page.getByRole('button', { name: 'Rush the Report' }).click();
    expect(feesOf(await priced) - before).toBe(9900);
    await page.getByRole('button', { name: 'Remove Rush' }).waitFor();
    expect((await call<OrderResponse>('online-scheduler/order')).rush_rer).toBe(true);
    await page.getByRole('button', { name: 'Remove Rush' }).click();
    await page.getByRole('button', { name: 'Rush the Report' }).waitFor();
    expect((await call<OrderResponse>('online-scheduler/order')).rush_rer).toBe(false);
    await page.context().close();
  });

  it('adds pay-at-close, and loses it with a notice when the order stops qualifying; Next without it reminds first', async () => {
    const { page, call } = await onPackagesStep({
      prepare: (call) => call('json/online_scheduler/add_service', SINGLE_FAMILY),
    });
    await page.getByRole('heading', { name: 'Your inspection qualifies you to Pay at Close!' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const reminder = page.getByRole('dialog', { name: 'Quick Reminder' });
    await reminder.waitFor();
    await reminder.getByRole('button', { name: 'Go back' }).click();
    await reminder.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Pay At Close' }).click();
    await page.getByRole('button', { name: 'Remove Pay At Close' }).waitFor();
    const pac = (await call<OrderResponse>('online-scheduler/order')).services;
    expect(pac).toHaveLength(2);
    // The only inspection leaves: pay-at-close has nothing to pay for and goes with it.
    await serviceRow(page, 'Single-Family Home Inspection').getByRole('button', { name: 'Remove Service' }).click();
    await page.getByText('Pay at Close is no longer available for this order and has been removed.').waitFor();
    expect((await call<OrderResponse>('online-scheduler/order')).services).toEqual([]);
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('holds the time again with a second inspector when the cart needs one', async () => {
    const { page, call } = await onPackagesStep({
      prepare: async (call) => {
        await holdWithMike(call);
        await call('json/online_scheduler/add_service', SINGLE_FAMILY);
        await call('json/online_scheduler/add_service', SEWER);
        // Pay-at-close is in the cart too: it is no inspector's work and must not stand in the way.
        await call('json/online_scheduler/add_service', PAY_AT_CLOSE);
      },
    });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
    const order = await call<OrderResponse>('online-scheduler/order');
    const team = order.inspectors.map((i) => i.id);
    expect(team).toContain(MIKE);
    expect(team.some((id) => SEWER_INSPECTORS.includes(id))).toBe(true);
    expect(order.services_changed).toBe(false);
    expect(order.duration).toBeGreaterThan(180);
    await page.context().close();
  });

  it('says in place, at the change, that the held time no longer fits, offers the nearest times first, and holds the one chosen (issue 20 item 1)', async () => {
    let held: AppointmentSlot | undefined;
    const { page, call } = await onPackagesStep({
      prepare: async (call) => {
        held = await holdWithMike(call);
        await holdWithEverySewerInspector(held);
        await call('json/online_scheduler/add_service', SINGLE_FAMILY);
      },
    });
    const validated = page
      .waitForResponse((r) => r.url().includes('/validate_inspectors_services'))
      .then((r) => r.json() as Promise<{ appointments: AppointmentSlot[] }>);
    await serviceRow(page, 'Sewer Scope Camera Inspection').getByRole('button', { name: 'Add Service' }).click();
    const offered = (await validated).appointments;
    // Two services of Buyer's Complete are in the cart: the step offers the package (spec 4.3); the visitor declines it.
    await page.getByRole('dialog').getByRole('button', { name: 'No thanks' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Your held time no longer fits' });
    await notice.waitFor();
    expect(offered.length).toBeGreaterThan(0);
    // The nearest first: no offered time lies on a day farther from the held one than a later offer's.
    const daysFromHeld = offered.map((slot) => Math.abs(Date.parse(slot.date) - Date.parse(held!.date)) / 86_400_000);
    expect(daysFromHeld).toEqual([...daysFromHeld].sort((a, b) => a - b));
    const choices = notice.getByRole('list', { name: 'The nearest times that fit' }).getByRole('button');
    expect(await choices.first().innerText()).toContain(formatListDate(offered[0]!.date));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'packages-held-time-no-longer-fits-1280');
    await screenshot(notice, 'packages-held-time-notice-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await notice.getByRole('button', { name: 'Pick another time' }).waitFor();
    await screenshot(page, 'packages-held-time-no-longer-fits-375');
    await screenshot(notice, 'packages-held-time-notice-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await choices.first().click();
    await page.getByText(/^Your inspection is now held for /).waitFor();
    const order = await call<OrderResponse>('online-scheduler/order');
    expect(Date.parse(order.datetime!)).toBe(offered[0]!.timestamp * 1000);
    expect(order.services_changed).toBe(false);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const reminder = page.getByRole('dialog', { name: 'Quick Reminder' });
    const review = page.getByRole('heading', { level: 1, name: 'Review your order' });
    await Promise.race([reminder.waitFor(), review.waitFor()]);
    if (await reminder.isVisible()) await reminder.getByRole('button', { name: 'Continue anyway' }).click();
    await review.waitFor();
    await page.context().close();
  });

  it('shows the conflict dialog when nobody who does the new service is free at the held time', async () => {
    const { page, call } = await onPackagesStep({
      prepare: async (call) => {
        const slot = await holdWithMike(call);
        await holdWithEverySewerInspector(slot);
        await call('json/online_scheduler/add_service', SINGLE_FAMILY);
        await call('json/online_scheduler/add_service', SEWER);
      },
    });
    const validated = page
      .waitForResponse((r) => r.url().includes('/validate_inspectors_services'))
      .then((r) => r.json());
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('dialog', { name: 'Quick Reminder' }).getByRole('button', { name: 'Continue anyway' }).click();
    const answer = (await validated) as { status: string; appointments: AppointmentSlot[] };
    expect(answer.status).toBe('conflict');
    const dialog = page.getByRole('dialog', { name: 'Sorry!' });
    await dialog.waitFor();
    await dialog
      .getByText(
        /^The time at \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) has a conflict with the inspectors set to perform your inspection\.$/,
      )
      .waitFor();
    await dialog.getByText('Please select another appointment:').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await mainHeading(page)).toBe('Select a package');

    // Next again: the pay-at-close reminder was seen once this visit, so the dialog comes at once,
    // and a substitute is held instead: the visitor goes on with the new time.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.waitFor();
    expect(await page.getByRole('dialog', { name: 'Quick Reminder' }).count()).toBe(0);
    const substitute = answer.appointments[0]!;
    // The demo shows inspector names, so each team is a choice of its own ("{time}" with "with
    // {names}" beside it); the first is the first substitute.
    await dialog
      .getByRole('list')
      .getByRole('button', { name: new RegExp(`^${formatAppointmentDateTime(substitute.start_datetime)}`) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
    const order = await call<OrderResponse>('online-scheduler/order');
    expect(Date.parse(order.datetime!)).toBe(substitute.timestamp * 1000);
    expect(order.inspectors.map((i) => i.id)).toEqual(substitute.users);
    await page.context().close();
  });
});
