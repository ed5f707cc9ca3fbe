import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Pricing } from '@scheduler/contracts/pricing';
import { mainHeading, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { signInMember, waitForMail } from './support/console.ts';
import { bookDemoOrder, bookingWindow } from './support/manage.ts';
import { useRunningProduct } from './support/running-product.ts';
import { sessionCalls } from './support/session-calls.ts';

/**
 * Issue 26: an editor's save reaches the wizard. The owner changes something on a configuration
 * page and saves; a new visitor (or a client's manage page) then shows it. The setting's and the
 * inspector's hours' effects are in console-configuration.test.ts.
 */
const running = useRunningProduct();

async function ownerOn(path: string, heading: string, email: string): Promise<Page> {
  const page = await running.browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, running.product, { email, name: 'Owen Owner', role: 'owner' });
  await page.goto(`${running.product.publicUrl}/console/demo/${path}`);
  await waitForMainHeading(page, heading);
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  return page;
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page
    .getByRole('status')
    .getByText(/^Saved as version \d+\./)
    .waitFor();
}

/** A new visitor of the demo opened straight on a step of the wizard (its earlier steps need not be done to show it). */
async function visitorOn(step: string, heading: string): Promise<Page> {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await page.goto(running.product.linkOf('demo'));
  await mainHeading(page);
  const url = new URL(page.url());
  url.pathname = `/demo/online-scheduler/${step}`;
  await page.goto(url.toString());
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

it('adds a question on Property questions that a new visitor is then asked', async () => {
  const owner = await ownerOn('property-questions', 'Property questions', 'owen.questions@example.com');
  await owner.getByRole('button', { name: 'Add a question' }).click();
  await owner.getByRole('textbox', { name: 'Question', exact: true }).fill('Is there a swimming pool?');
  await owner.getByRole('combobox', { name: 'Kind of answer' }).click();
  await owner.getByRole('option').filter({ hasText: 'A box to tick; when required' }).click();
  await save(owner);

  const visitor = await visitorOn('property-info', 'Please provide information about the property');
  await visitor.getByRole('checkbox', { name: /Is there a swimming pool\?/ }).waitFor();
  await visitor.context().close();
  await owner.close();
});

it('changes a price on Services and prices, and a new visitor is offered it at the new price', async () => {
  const owner = await ownerOn('services', 'Services and prices', 'owen.prices@example.com');
  await owner
    .getByRole('navigation', { name: 'Services' })
    .getByText('Single-Family Home Inspection', { exact: false })
    .first()
    .click();
  const price = owner.getByRole('textbox', { name: 'Price' }).first();
  await price.fill('512.34');
  await save(owner);

  const visitor = await visitorOn('packages', 'Select a package');
  const row = visitor.getByRole('listitem').filter({ hasText: 'Single-Family Home Inspection' }).last();
  await row.getByText('$512.34').first().waitFor();
  expect(await row.innerText()).toContain('$512.34');
  await visitor.context().close();
  await owner.close();
});

it("changes the words of the reschedule policy on Booking changes, and a client's manage page says them", async () => {
  const owner = await ownerOn('booking-changes', 'Booking changes', 'owen.policy@example.com');
  const words = 'Moving is free up to two days before: after that, please call us.';
  await owner.getByRole('textbox', { name: 'With Reschedule' }).fill(words);
  await save(owner);
  await owner.close();

  const client = { first: 'Polly', last: 'Policy', email: 'polly.policy@example.com', mobile_phone: '(614) 555-0177' };
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await bookDemoOrder(page, running.product, { client, window: bookingWindow(3) });
  const mail = await waitForMail(running.product, client.email, (m) => m.text.includes('Manage your inspection'));
  const link = new URL(/https?:\/\/\S+\/demo\/manage\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
  await page.goto(`${running.product.baseUrl}${link.pathname}`);
  await page.getByText(words).waitFor();
  await page.context().close();
});

it('adds a coupon on Fees, taxes and coupons that a new visitor can then apply', async () => {
  const owner = await ownerOn('fees-taxes-coupons', 'Fees, taxes and coupons', 'owen.coupons@example.com');
  await owner.getByRole('button', { name: 'Add a coupon' }).click();
  await owner.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await owner.getByRole('textbox', { name: 'Name' }).last().fill('Ten off your first inspection');
  const percent = owner.getByRole('textbox', { name: 'Percentage off (%)' });
  await percent.fill('10');
  await save(owner);
  await owner.close();

  const visitor = await visitorOn('packages', 'Select a package');
  const row = visitor.getByRole('listitem').filter({ hasText: 'Single-Family Home Inspection' }).last();
  await row.getByRole('button', { name: 'Add Service' }).click();
  await row.getByRole('button', { name: 'Remove Service' }).waitFor();
  await visitor.getByRole('textbox', { name: 'Add coupon' }).fill('welcome10');
  await visitor.getByRole('button', { name: 'APPLY' }).click();
  await visitor.getByText('Coupon applied correctly').waitFor();
  // The review panel lists it with what it takes off: a tenth of the service's price.
  const pricing = await sessionCalls(
    visitor,
    new URL(visitor.url()).searchParams.get('t')!,
  )<Pricing>('json/online_scheduler/pricing');
  expect(pricing.coupons).toEqual([
    { code: 'WELCOME10', name: 'Ten off your first inspection', amount: Math.round(pricing.services[0]!.amount / 10) },
  ]);
  await visitor.getByRole('complementary').getByText('Ten off your first inspection').waitFor();
  await visitor.context().close();
});

it('shows the scheduler beside the editor, afresh after a save, and its preview sends no funnel events', async () => {
  const owner = await ownerOn('settings', 'Settings', 'owen.preview@example.com');
  const events: string[] = [];
  owner.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/json/online_scheduler/events'))
      events.push(request.url());
  });
  await owner.getByRole('button', { name: 'Preview the scheduler' }).click();
  const preview = owner.getByRole('complementary', { name: 'Preview of your scheduler' });
  const frame = owner.frameLocator('iframe[title^="Your scheduler, version"]');
  await frame.getByRole('heading', { level: 1 }).first().waitFor();
  const before = await preview.locator('iframe').getAttribute('title');

  const banner = 'Previewed before it goes live.';
  await owner.getByLabel('Banner on every step', { exact: true }).fill(banner);
  await save(owner);
  await expect.poll(() => preview.locator('iframe').getAttribute('title')).not.toBe(before);
  await frame.getByText(banner).waitFor();
  // A visitor would have sent their funnel events after a touch or 10 seconds: the preview never does.
  await frame.getByRole('heading', { level: 1 }).first().click();
  // Three batches' time (the runtime sends every second).
  await owner.waitForTimeout(3_000);
  expect(events).toEqual([]);
  await owner.close();
}, 60_000);
