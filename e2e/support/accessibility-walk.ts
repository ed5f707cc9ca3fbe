import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS } from './browser.ts';
import { addressField, holdInspectorsTime, saveServedAddress, typeAddress } from './address.ts';
import { chooseRole } from './contacts.ts';
import { chooseFirstSlot, confirmSlot } from './scheduling.ts';
import type { FixtureCompany } from './product.ts';
import type { useRunningProduct } from './running-product.ts';

/** The accessibility walk of every screen and state of the wizard, at a desktop's and a phone's width. */

/** The product of the test file that registered the walk; its tests read it once it runs. */
let running: ReturnType<typeof useRunningProduct>;

const TITLES = {
  calendar: 'When would you like your inspection?',
  address: 'Where is this inspection located?',
  contacts: 'People associated with this inspection',
  propertyInfo: 'Please provide information about the property',
  packages: 'Select a package',
  review: 'Review your order',
  postalCode: 'Please enter the Postal Code of the property to be inspected',
} as const;

/**
 * Every screen the wizard can show today, reached the way a visitor would, with the heading it
 * must show: a route that sends a step to another screen fails here, not only a missing h1.
 */
const SCREENS: Array<{
  name: string;
  company: FixtureCompany;
  path: string | null;
  heading: string;
  token?: 'bad' | 'confirmed';
}> = [
  { name: 'calendar', company: 'demo', path: null, heading: TITLES.calendar },
  // The address step of the default walk needs a held time first: its states are below.
  { name: 'address-calendar-last', company: 'late', path: null, heading: TITLES.address },
  { name: 'contacts', company: 'demo', path: 'contacts', heading: TITLES.contacts },
  { name: 'property-info', company: 'demo', path: 'property-info', heading: TITLES.propertyInfo },
  { name: 'packages', company: 'demo', path: 'packages', heading: TITLES.packages },
  // The review needs a held time (without one it sends the visitor to the calendar): e2e/review.test.ts checks it and the thank-you at both widths.
  { name: 'list-mode', company: 'listing', path: null, heading: TITLES.calendar },
  { name: 'postal-code', company: 'zip', path: null, heading: TITLES.postalCode },
  {
    name: 'not-found',
    company: 'demo',
    path: 'no-such-page',
    heading: "Sorry! We couldn't find the page you were looking for...",
  },
  {
    name: 'unauthorized',
    company: 'demo',
    path: 'calendar',
    token: 'bad',
    heading: 'Your session expired or you are not authorized to schedule this online order...',
  },
  {
    name: 'disabled',
    company: 'closed',
    path: null,
    heading: 'Sorry! Our Online Scheduling System is currently disabled.',
  },
  {
    name: 'no-services',
    company: 'empty',
    path: null,
    heading: 'Our Online Scheduling System is currently unable to provide any services.',
  },
  { name: 'thank-you', company: 'demo', path: 'review', token: 'confirmed', heading: 'Thank you!' },
];

async function visit(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await page.goto(running.product.linkOf(screen.company));
  await mainHeading(page);
  const url = new URL(page.url());
  if (screen.token === 'bad') url.searchParams.set('t', 'expired-or-forged');
  if (screen.token === 'confirmed') await running.product.confirmOrderOf(url.searchParams.get('t')!);
  if (screen.path) url.pathname = `/${screen.company}/online-scheduler/${screen.path}`;
  // A screen the link itself opens is not loaded a second time.
  if (url.toString() !== page.url()) await page.goto(url.toString());
  await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
  expect(await mainHeading(page)).toBe(screen.heading);
  await page.waitForLoadState('networkidle');
}

/**
 * A held time and a served address: the visitor is on the contacts step. The time is on the last
 * day the calendar shows with appointments: the other screens hold and book on the first, and one
 * of them books a far address there, which would put a time that day out of driving range.
 */
async function onContactsStep(page: Page): Promise<void> {
  await page.goto(running.product.linkOf('demo'));
  await page.getByRole('heading', { name: 'Select a day' }).waitFor();
  await page.getByRole('gridcell').getByRole('button').and(page.locator(':not([aria-disabled="true"])')).last().click();
  await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
  await page.getByRole('radio').first().check();
  await confirmSlot(page);
  await page.getByRole('heading', { level: 1, name: TITLES.address }).waitFor();
  await saveServedAddress(page);
  await page.getByRole('heading', { level: 1, name: TITLES.contacts }).waitFor();
}

/** A time held on the demo calendar, the hold notice closed by Continue: the visitor is on the address step. */
async function holdATime(page: Page): Promise<void> {
  await page.goto(running.product.linkOf('demo'));
  await chooseFirstSlot(page);
  await confirmSlot(page);
  await page.getByRole('heading', { level: 1, name: TITLES.address }).waitFor();
  // The hold notice has finished closing: a click at once may land on its fading backdrop.
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** The demo's packages step with a cart made by the session's own calls (examples/demo-company.json ids). */
async function onPackagesWithCart(page: Page, calls: Array<[string, unknown]>): Promise<void> {
  await page.goto(running.product.linkOf('demo'));
  await mainHeading(page);
  const url = new URL(page.url());
  const token = url.searchParams.get('t')!;
  for (const [path, body] of calls) {
    await page.evaluate(
      async ([path, token, body]) => {
        await fetch(`/demo/json/online_scheduler/${path}`, {
          method: 'POST',
          headers: { 'x-auth-token': token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      },
      [path, token, body] as const,
    );
  }
  url.pathname = '/demo/online-scheduler/packages';
  await page.goto(url.toString());
  await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
}

/** The dialogs and the states of a screen that only a visit's history reaches. */
const STATES: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    // The calendar's Next holds the time and moves on; the next step says it is held (issue 20 item 10).
    name: 'just-held-notice',
    open: async (page) => {
      await page.goto(running.product.linkOf('demo'));
      await chooseFirstSlot(page);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .getByTestId('hold-indicator')
        .getByText(/^We're holding /)
        .waitFor();
    },
  },
  {
    name: 'not-available-dialog',
    open: async (page) => {
      const fetched = page
        .waitForResponse((r) => r.url().includes('/json/online_scheduler/availability'))
        .then((r) => r.json() as Promise<AppointmentSlot[]>);
      await page.goto(running.product.linkOf('demo'));
      const slots = await fetched;
      await chooseFirstSlot(page);
      // Another visitor holds the time the page chose (the first of the first day) before Next.
      const taken = slots.filter((slot) => slot.date === slots.map((s) => s.date).sort()[0])[0]!;
      const rival = await running.product.startSessionOf('demo');
      await running.product.app.inject({
        method: 'POST',
        url: '/demo/json/online_scheduler/set_datetime',
        headers: { 'x-auth-token': rival },
        payload: { datetime: new Date(taken.timestamp * 1000).toISOString(), inspectors: taken.users },
      });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('dialog', { name: 'Sorry!' }).waitFor();
    },
  },
  { name: 'address-with-hold', open: holdATime },
  {
    name: 'address-verify-box',
    open: async (page) => {
      await holdATime(page);
      await typeAddress(page, { address1: '6000 sawmill road apt 4b', city: 'dublin', postalCode: '43017' });
      await page.getByRole('group', { name: 'Verify Address, is this correct?' }).waitFor();
    },
  },
  {
    name: 'address-field-errors',
    open: async (page) => {
      await holdATime(page);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Enter the street address of the property.').waitFor();
    },
  },
  {
    name: 'address-unserved-banner',
    open: async (page) => {
      await holdATime(page);
      await typeAddress(page, { address1: '801 Plum St', city: 'Cincinnati', postalCode: '45202' });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: "Sorry! We don't service that postal code." }).waitFor();
    },
  },
  {
    name: 'address-out-of-range-dialog',
    open: async (page) => {
      await page.goto(running.product.linkOf('demo'));
      await mainHeading(page);
      // Mike's time, then an address beyond his driving radius.
      const url = new URL(page.url());
      await holdInspectorsTime(running.product, url.searchParams.get('t')!, 101);
      url.pathname = '/demo/online-scheduler/address';
      await page.goto(url.toString());
      await addressField(page, 'Address Line 1').waitFor();
      await typeAddress(page, { address1: '40 W Main St', city: 'Newark', postalCode: '43055' });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Sorry!' })
        .getByText(/is out of driving range\.$/)
        .waitFor();
    },
  },
  {
    name: 'calendar-with-hold',
    open: async (page) => {
      await holdATime(page);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByTestId('held-appointment').waitFor();
    },
  },
  {
    name: 'reset-dialog',
    open: async (page) => {
      await holdATime(page);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.getByRole('dialog', { name: 'Release this time?' }).waitFor();
    },
  },
  {
    name: 'packages-with-cart',
    open: async (page) => {
      await onPackagesWithCart(page, [
        ['set_packages', [1]],
        ['add_service', 'a1c0ffee-0000-4000-8000-000000000006'],
        ['rush_rer', { value: 1 }],
        ['add_service', 'a1c0ffee-0000-4000-8000-000000000013'],
      ]);
      await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
    },
  },
  {
    // The review-order panel beside the step (desktop), open in the page after the step (phone), with a package, a service and a coupon.
    name: 'review-panel',
    open: async (page) => {
      await onPackagesWithCart(page, [
        ['set_packages', [1]],
        ['add_service', 'a1c0ffee-0000-4000-8000-000000000006'],
        ['apply_coupon', { code: 'SPRING25' }],
      ]);
      // On a phone's first screen of a visit the panel starts closed (decision 0038): open it.
      const toggle = page.getByRole('button', { name: 'Review your order' });
      if (await toggle.count()) await toggle.click();
      await page
        .getByRole('complementary', { name: 'Review your order' })
        .getByText('Coupon', { exact: true })
        .waitFor();
    },
  },
  {
    name: 'package-offer-dialog',
    open: async (page) => {
      await onPackagesWithCart(page, [['add_service', 'a1c0ffee-0000-4000-8000-000000000001']]);
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Termite / Wood-Destroying Insect Inspection' })
        .last()
        .getByRole('button', { name: 'Add Service' })
        .click();
      await page.getByRole('dialog', { name: /^It looks like you've added services/ }).waitFor();
    },
  },
  {
    name: 'contacts-panels-and-search',
    open: async (page) => {
      await onContactsStep(page);
      await chooseRole(page, "Buyer's Agent");
      await page.getByRole('combobox', { name: 'Search for your profile' }).fill('mor');
      await page.getByRole('option', { name: /Jessica Moreno/ }).waitFor();
    },
  },
  {
    name: 'contacts-errors-and-banner',
    open: async (page) => {
      await onContactsStep(page);
      await chooseRole(page, "Buyer's Agent");
      await page.getByRole('button', { name: 'Add contact' }).click();
      await page
        .getByRole('combobox', { name: 'What type of contact is this?' })
        .selectOption({ label: 'Loan Officer' });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Please correct the fields marked Required.').waitFor();
    },
  },
  {
    name: 'resume',
    open: async (page) => {
      await holdATime(page);
      await page.goto(running.product.linkOf('demo'));
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    },
  },
];

/**
 * Checks the page at one width: its animations finished, no axe-core violation of any impact, and
 * nothing wider than the screen.
 */
async function checkAt(page: Page, name: string, viewportName: keyof typeof VIEWPORTS): Promise<void> {
  const viewport = VIEWPORTS[viewportName];
  if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
  // Animations (dialogs fading in, buttons changing colour, a layout changing with the width)
  // finish before axe reads colours: a fixed wait was too short on a loaded machine. Endless ones
  // (a skeleton's pulse) are left.
  await page.waitForTimeout(100);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, `${name}-${viewport.width}`);
  const violations = await accessibilityViolations(page);
  expect(violations, `${viewportName}: ${violations.join('\n')}`).toEqual([]);
  // Nothing may be wider than the screen: no sideways scrolling on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${viewportName} horizontal overflow`).toBeLessThanOrEqual(0);
}

/**
 * Each screen or state is reached once, at the desktop width, checked there, then narrowed to a
 * phone's width and checked again: reaching a state (holding a time, typing an address) was half
 * of the walk's time, and the two widths differ only by CSS and the media queries React follows,
 * both of which follow the window's width as it changes. The screens and the states are test
 * files of their own (e2e/accessibility-*.test.ts), each on its own product and Chromium, so that
 * the two halves of the longest browser test run beside each other.
 */
export function describeAccessibilityWalk(
  part: 'screens' | 'states',
  product: ReturnType<typeof useRunningProduct>,
): void {
  running = product;
  const widths = `${VIEWPORTS.desktop.width} and ${VIEWPORTS.mobile.width} px`;
  describe(`accessibility of the wizard's ${part} at ${widths}`, () => {
    async function walk(name: string, reach: (page: Page) => Promise<void>): Promise<void> {
      const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
      await reach(page);
      await checkAt(page, name, 'desktop');
      await checkAt(page, name, 'mobile');
      await page.context().close();
    }

    if (part === 'screens')
      it.each(SCREENS.map((s) => [s.name, s] as const))(
        '%s shows its heading and has no axe-core violation of any impact at either width',
        (_name, screen) => walk(screen.name, (page) => visit(page, screen)),
      );
    else
      it.each(STATES.map((s) => [s.name, s] as const))(
        '%s has no axe-core violation of any impact at either width',
        (_name, state) => walk(state.name, state.open),
      );
  });
}
