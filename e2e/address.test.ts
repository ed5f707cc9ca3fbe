import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import { hashToken } from '../apps/server/src/modules/sessions/tokens.ts';
import { addressField, holdInspectorsTime, SERVED_ADDRESS, typeAddress } from './support/address.ts';
import { accessibilityViolations, KEEP_SCREENSHOTS, screenshot, VIEWPORTS } from './support/browser.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

const ADDRESS_TITLE = 'Where is this inspection located?';
const CONTACTS_TITLE = 'People associated with this inspection';
/** The demo company's id for Ohio. */
const OHIO = 36;

async function openPage(width: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  return (await running.browser.newContext({ viewport: VIEWPORTS[width] })).newPage();
}

/** A time held on the demo calendar the way a visitor holds it; the visitor is on the address step. */
async function holdATime(page: Page): Promise<void> {
  await page.goto(running.product.linkOf('demo'));
  await chooseFirstSlot(page);
  await confirmSlot(page);
  await page.getByRole('heading', { level: 1, name: ADDRESS_TITLE }).waitFor();
}

async function orderOf(page: Page) {
  const token = new URL(page.url()).searchParams.get('t')!;
  const [session] = await running.product.database.db
    .select()
    .from(t.sessions)
    .where(eq(t.sessions.tokenHash, hashToken(token)));
  const [order] = await running.product.database.db.select().from(t.orders).where(eq(t.orders.id, session!.orderId));
  return order!;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  // Dialogs and the box fade in; the picture shows them settled.
  await page.waitForTimeout(300);
  await screenshot(page, `address-${name}`);
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const verifyBox = (page: Page) => page.getByRole('group', { name: 'Verify Address, is this correct?' });

describe('the address step', () => {
  it.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)(
    'verifies a typed address: Yes puts the suggestion, its place and county on the order (%s)',
    async (width) => {
      const page = await openPage(width);
      await holdATime(page);
      await typeAddress(page, { address1: '6000 sawmill road apt 4b', city: 'dublin', postalCode: '43017' });
      const box = verifyBox(page);
      await box.getByText('6000 Sawmill Rd, Apt 4B').waitFor();
      await box.getByText('Dublin, OH 43017').waitFor();
      await shot(page, `address-verify-${VIEWPORTS[width].width}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await box.getByRole('button', { name: 'Yes' }).click();
      await box.waitFor({ state: 'detached' });
      await expect(addressField(page, 'Address Line 1').inputValue()).resolves.toBe('6000 Sawmill Rd');
      await expect(addressField(page, 'Address Line 2').inputValue()).resolves.toBe('Apt 4B');
      await nextButton(page).click();
      await page.getByRole('heading', { level: 1, name: CONTACTS_TITLE }).waitFor();
      const order = await orderOf(page);
      expect(order).toMatchObject({
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        stateId: OHIO,
        postalCode: '43017',
        county: 'Franklin',
      });
      expect(order.latitude).toBeCloseTo(40.1, 0);
      expect(order.longitude).toBeCloseTo(-83.1, 0);
      await page.context().close();
    },
  );

  it('keeps the typed address, unverified, when the visitor answers No, and saves with Enter', async () => {
    const page = await openPage();
    await holdATime(page);
    await typeAddress(page, { address1: '1105 schrock road', city: 'columbus', postalCode: '43229' });
    const box = verifyBox(page);
    await box.waitFor();
    await box.getByRole('button', { name: "No, let me use the address i've entered" }).click();
    await box.waitFor({ state: 'detached' });
    await addressField(page, 'Zip Code').press('Enter');
    await page.getByRole('heading', { level: 1, name: CONTACTS_TITLE }).waitFor();
    const order = await orderOf(page);
    expect(order).toMatchObject({
      address1: '1105 schrock road',
      city: 'columbus',
      postalCode: '43229',
      latitude: 0,
      longitude: 0,
      stateId: OHIO,
    });
    await page.context().close();
  });

  it('shows a banner for a postal code nobody serves, clears it when the postal code is edited, and goes on with a served one', async () => {
    const page = await openPage('mobile');
    await holdATime(page);
    await typeAddress(page, { address1: '801 Plum St', city: 'Cincinnati', postalCode: '45202' });
    await nextButton(page).click();
    const banner = page.getByRole('alert').filter({ hasText: "Sorry! We don't service that postal code." });
    await banner.waitFor();
    await expect(banner.getByRole('link', { name: '(614) 555-0142' }).getAttribute('href')).resolves.toBe(
      'tel:6145550142',
    );
    expect(new URL(page.url()).pathname).toBe('/demo/online-scheduler/address');
    // The order (and so the review panel) keeps no address nobody serves; the form keeps what was typed.
    expect((await orderOf(page)).postalCode).not.toBe('45202');
    expect(await addressField(page, 'Zip Code').inputValue()).toBe('45202');
    await shot(page, 'address-unserved-375');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Other fields leave the banner; an edit of the postal code clears it.
    await addressField(page, 'City').press('End');
    await addressField(page, 'City').press('Backspace');
    await expect(banner.count()).resolves.toBe(1);
    await addressField(page, 'Zip Code').press('End');
    await addressField(page, 'Zip Code').press('Backspace');
    await banner.waitFor({ state: 'detached' });
    await typeAddress(page, SERVED_ADDRESS);
    await nextButton(page).click();
    await page.getByRole('heading', { level: 1, name: CONTACTS_TITLE }).waitFor();
    expect((await orderOf(page)).postalCode).toBe('43229');
    await page.context().close();
  });

  it.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)(
    'offers other appointments for an address out of driving range; picking one holds it, saves the address and goes on (%s)',
    async (width) => {
      const page = await openPage(width);
      await page.goto(running.product.linkOf('demo'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Mike drives 35 miles from Dublin: Newark is beyond that, within others' reach.
      const url = new URL(page.url());
      await holdInspectorsTime(running.product, url.searchParams.get('t')!, 101, width === 'desktop' ? 2 : 5);
      url.pathname = '/demo/online-scheduler/address';
      await page.goto(url.toString());
      await typeAddress(page, { address1: '40 W Main St', city: 'Newark', postalCode: '43055' });
      await nextButton(page).click();

      const dialog = page.getByRole('dialog', { name: 'Sorry!' });
      await dialog
        .getByText(
          /^The appointment you have selected at \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) is out of driving range\.$/,
        )
        .waitFor();
      await dialog.getByText('Please select another appointment:').waitFor();
      await shot(page, `address-sorry-${VIEWPORTS[width].width}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('list').getByRole('button').first().click();
      await page.getByRole('heading', { level: 1, name: CONTACTS_TITLE }).waitFor();
      const order = await orderOf(page);
      expect(order).toMatchObject({ address1: '40 W Main St', city: 'Newark', postalCode: '43055' });
      // The order's time is the alternative's, held, with inspectors who reach Newark.
      expect(order.inspectors.map((inspector) => inspector.id)).not.toContain(101);
      const holds = await running.product.database.db
        .select()
        .from(t.appointments)
        .where(eq(t.appointments.orderId, order.id));
      expect(holds.map((hold) => hold.inspectorId)).toEqual(order.inspectors.map((inspector) => inspector.id));
      await page.context().close();
    },
  );

  it('sends a visitor without a time to the calendar first', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const url = new URL(page.url());
    url.pathname = '/demo/online-scheduler/address';
    await page.goto(url.toString());
    await page.waitForURL('**/demo/online-scheduler/calendar?**');
    await page.getByRole('heading', { level: 1, name: 'When would you like your inspection?' }).waitFor();
    await page.context().close();
  });
});
