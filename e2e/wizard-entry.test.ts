import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../apps/server/src/modules/console-auth/console-auth.repository.ts';
import { mainHeading, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { saveServedAddress } from './support/address.ts';
import { saveHomeOwner } from './support/contacts.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { chooseDemoService } from './support/packages.ts';
import { answerDemoPropertyQuestions } from './support/property.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

async function openPage(): Promise<Page> {
  return (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
}

describe('entering the wizard', () => {
  it('follows the demo link to the first step, with t and office in the URL', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    expect(await mainHeading(page)).toBe('When would you like your inspection?');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/demo/online-scheduler');
    expect(url.searchParams.get('office')).toBe(FIXTURE_OFFICES.demo);
    expect(url.searchParams.get('t')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByRole('img', { name: 'Scioto Valley Home Inspections' }).waitFor();
    await page.getByText('Booking now for December.').waitFor();
  });

  it('walks the default route table with Next and Back, keeping t and office, and records progress', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    const token = new URL(page.url()).searchParams.get('t')!;
    const walk = [
      ['address', 'Where is this inspection located?'],
      ['contacts', 'People associated with this inspection'],
      ['property-info', 'Please provide information about the property'],
      ['packages', 'Select a package'],
      ['review', 'Review your order'],
    ] as const;
    await chooseFirstSlot(page);
    await confirmSlot(page);
    for (const [path, title] of walk) {
      // The address step's Next saves an address, so it needs one; the property questions the demo
      // requires are answered before its Next saves them, and the packages step needs a service.
      if (path === 'contacts') await saveServedAddress(page);
      // The contacts step's Next needs a role and a client's name.
      else if (path === 'property-info') await saveHomeOwner(page);
      else {
        if (path === 'packages') await answerDemoPropertyQuestions(page);
        if (path === 'review') await chooseDemoService(page);
        if (path !== 'address') await page.getByRole('button', { name: 'Next', exact: true }).click();
      }
      await page.waitForURL(`**/demo/online-scheduler/${path}?**`);
      // Navigation renders in a transition: the step shows once its code has loaded.
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      const url = new URL(page.url());
      expect(url.searchParams.get('t')).toBe(token);
      expect(url.searchParams.get('office')).toBe(FIXTURE_OFFICES.demo);
    }
    await expect(page.getByRole('button', { name: 'Next', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/online-scheduler/packages?**');
    const progress = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `nav-${token}`)) ?? '{}');
    expect(progress).toEqual({
      calendar: true,
      address: true,
      contacts: true,
      property_info: true,
      packages: true,
      review: true,
    });
  });

  it('skips property info when the company asks no property questions', async () => {
    const page = await openPage();
    await page.goto(`${running.product.linkOf('noquestions')}`);
    await mainHeading(page);
    const query = new URL(page.url()).search;
    await page.goto(`${running.product.baseUrl}/noquestions/online-scheduler/contacts${query}`);
    expect(await mainHeading(page)).toBe('People associated with this inspection');
    await saveHomeOwner(page);
    await page.waitForURL('**/online-scheduler/packages?**');
    await page.getByRole('heading', { level: 1, name: 'Select a package' }).waitFor();
  });

  it('starts at the address step when the calendar is last', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('late'));
    expect(await mainHeading(page)).toBe('Where is this inspection located?');
    await expect(page.getByRole('button', { name: 'Back' }).count()).resolves.toBe(0);
  });

  it('starts at the postal-code step when inspectors are restricted by postal code', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('zip'));
    expect(await mainHeading(page)).toBe('Please enter the Postal Code of the property to be inspected');
    await expect(page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Postal Code').fill('43017');
    await page.getByLabel('Postal Code').press('Enter');
    await page.waitForURL('**/zip/online-scheduler/calendar?**');
  });
});

describe('status pages', () => {
  it('shows the unauthorised page for a bad token, at the unauthorised route, with the office contact', async () => {
    const page = await openPage();
    await page.goto(
      `${running.product.baseUrl}/demo/online-scheduler/calendar?t=not-a-real-token&office=${FIXTURE_OFFICES.demo}`,
    );
    expect(await mainHeading(page)).toBe(
      'Your session expired or you are not authorized to schedule this online order...',
    );
    await page.waitForURL('**/demo/online-scheduler/unauthorized?t=not-a-real-token&office=*');
    await expect(page.getByRole('link', { name: '(614) 555-0142' }).count()).resolves.toBeGreaterThan(0);
    await expect(
      page.getByRole('link', { name: 'schedule@sciotovalleyinspections.com' }).count(),
    ).resolves.toBeGreaterThan(0);
  });

  it('shows the unauthorised page when the link carries a token of another office', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    const token = new URL(page.url()).searchParams.get('t')!;
    await page.goto(`${running.product.baseUrl}/demo/online-scheduler?t=${token}&office=${FIXTURE_OFFICES.zip}`);
    expect(await mainHeading(page)).toBe(
      'Your session expired or you are not authorized to schedule this online order...',
    );
  });

  it('shows the disabled page, with ?try=1 too: only its own staff, signed in, may try a disabled scheduler', async () => {
    const disabled = 'Sorry! Our Online Scheduling System is currently disabled.';
    const page = await openPage();
    await page.goto(running.product.linkOf('closed'));
    expect(await mainHeading(page)).toBe(disabled);
    // No session was started for the visitor (issue 39: anyone booked with ?try=1).
    const url = new URL(page.url());
    expect(url.searchParams.has('t')).toBe(false);
    url.searchParams.set('try', '1');
    await page.goto(url.toString());
    expect(await mainHeading(page)).toBe(disabled);
  });

  it("lets the company's office staff, signed in to the console, try it with ?try=1", async () => {
    const { product } = running;
    const page = await openPage();
    const email = 'olivia.closed@example.com';
    const organizationId = (await organizationOfCompanyKey(product.database.db, 'closed'))!;
    await ensureMember(product.database.db, { email, name: 'Olivia Office' }, organizationId, 'office');
    await page.goto(await product.app.consoleAuth().signInLinkFor(email));
    await waitForMainHeading(page, 'Schedule');
    // The link the console's preview opens (decision 0047), at the console's own address: its sign-in is a cookie of that host.
    await page.goto(`${product.publicUrl}/closed/online-scheduler/${FIXTURE_OFFICES.closed}?preview=1`);
    expect(await mainHeading(page)).toBe('When would you like your inspection?');
    expect(Object.fromEntries([...new URL(page.url()).searchParams].filter(([name]) => name !== 't'))).toEqual({
      office: FIXTURE_OFFICES.closed,
      preview: '1',
      try: '1',
    });
    await chooseFirstSlot(page);
    await confirmSlot(page);
    await page.waitForURL('**/closed/online-scheduler/address?**try=1');
    await page.getByRole('heading', { level: 1, name: 'Where is this inspection located?' }).waitFor();
  });

  it('shows the no-services page when the office offers no services', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('empty'));
    expect(await mainHeading(page)).toBe('Our Online Scheduling System is currently unable to provide any services.');
  });

  it('shows not-found for an unknown path, with Schedule Again leading to a new session', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    const query = new URL(page.url()).search;
    await page.goto(`${running.product.baseUrl}/demo/online-scheduler/no-such-step${query}`);
    expect(await mainHeading(page)).toBe("Sorry! We couldn't find the page you were looking for...");
    await page.getByText('Scioto Valley Home Inspections, Columbus').waitFor();
    await page.getByRole('link', { name: 'Schedule Again' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/demo/online-scheduler' && url.searchParams.get('t') !== new URLSearchParams(query).get('t'),
    );
    expect(await mainHeading(page)).toBe('When would you like your inspection?');
  });

  it('shows the thank-you state on every path once the order is confirmed', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    const url = new URL(page.url());
    await running.product.confirmOrderOf(url.searchParams.get('t')!);
    await page.goto(`${running.product.baseUrl}/demo/online-scheduler/address${url.search}`);
    expect(await mainHeading(page)).toBe('Thank you!');
    await page
      .getByText(
        'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Schedule Again' }).waitFor();
  });
});
