import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, mainHeading, screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import {
  bookAsVisitor,
  clientNamed,
  consoleDay,
  MIKE,
  signInMember,
  slotHas,
  walkConsolePages,
  type ConsoleWalkPage,
} from './support/console.ts';
import { bookingWindow, newVisitorSlots } from './support/manage.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * The console's configuration in the browser (issues 25 and 26): an owner changes a setting and a
 * new visitor sees it; a second admin's save from the older version is refused with what changed;
 * History shows the change and undoes it; an inspector's hours change the wizard's times; office
 * and inspector members get no configuration; the console's setting opens everyone's orders to
 * inspectors. Every page axe-clean at 1280 and 375 px, with no sideways scroll at 375.
 */
const running = useRunningProduct();

const BANNER_FIELD = 'Banner on every step';
const navLinks = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).map((text) =>
    text.trim(),
  );

async function openConsolePage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${running.product.publicUrl}/console/demo/${path}`);
  await waitForMainHeading(page, heading);
}

/** The wizard's banner as a new visitor sees it. */
async function visitorBanner(): Promise<string> {
  const context = await running.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(running.product.linkOf('demo'));
    await mainHeading(page);
    return (await page.locator('header').first().innerText()).replace(/\s+/g, ' ');
  } finally {
    await context.close();
  }
}

it("saves a setting that new visitors see, refuses a second admin's older save with what changed, and undoes it from History", async () => {
  const { product, browser } = running;
  const owner = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(owner, product, { email: 'sol.settings@example.com', name: 'Sol Settings', role: 'owner' });
  expect(await navLinks(owner)).toEqual([
    'Schedule',
    'Orders',
    'Payments',
    'My tasks',
    'Team',
    'Configuration',
    'Funnel',
    'Reports',
    'Account',
  ]);
  const adminContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const admin = await adminContext.newPage();
  await signInMember(admin, product, { email: 'ada.admin@example.com', name: 'Ada Admin', role: 'admin' });
  // Both open the settings of the same version.
  await openConsolePage(owner, 'settings', 'Settings');
  await openConsolePage(admin, 'settings', 'Settings');
  expect(await visitorBanner()).toContain('Booking now for December.');

  await owner
    .getByLabel(BANNER_FIELD, { exact: true })
    .fill('<strong>Closed Friday</strong> for inventory<script>alert(1)</script>');
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: 'Save changes' }).click();
  const saved = await owner
    .getByRole('status')
    .getByText(/^Saved as version \d+\.$/)
    .textContent();
  const savedVersion = Number(/\d+/.exec(saved!)![0]);
  const banner = await visitorBanner();
  expect(banner).toContain('Closed Friday for inventory');
  expect(banner).not.toContain('Booking now for December.');
  expect(banner).not.toContain('alert(1)');

  // The admin, still on the older version, turns on booking today and saves: refused, with the owner's change named.
  const today = admin.getByRole('switch', { name: 'Allow booking today' });
  await today.check();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  const conflict = admin.getByRole('alert').filter({ hasText: 'Someone else saved a change' });
  await conflict.waitFor();
  expect(await conflict.innerText()).toContain('Sol Settings saved version');
  // In words, never the document's path (issue 41).
  expect(await conflict.getByRole('list', { name: 'What Sol Settings changed' }).innerText()).toContain(
    'Info banner: ',
  );
  // The admin's own edit is still there until they choose to load the other version.
  expect(await today.isChecked()).toBe(true);
  await screenshot(admin, 'console-settings-conflict-1280');
  await conflict.getByRole('button', { name: 'Load their version' }).click();
  await admin.getByLabel(BANNER_FIELD, { exact: true }).filter({ hasText: '' }).waitFor();
  await expect
    .poll(async () => admin.getByLabel(BANNER_FIELD, { exact: true }).inputValue())
    .toContain('Closed Friday');
  expect(await today.isChecked()).toBe(false);
  await adminContext.close();

  // History: the owner's version, its changes, and the undo to the version before.
  await openConsolePage(owner, 'history', 'History');
  const current = owner
    .getByRole('listitem')
    .filter({ has: owner.getByRole('heading', { name: `Version ${savedVersion} (current)` }) });
  await current.getByRole('button', { name: `Show the changes of version ${savedVersion}` }).click();
  const changes = owner.getByRole('list', {
    name: `Changes of version ${savedVersion} from version ${savedVersion - 1}`,
  });
  await changes.waitFor();
  // In words, never the document's path (issue 41).
  expect(await changes.innerText()).toContain('Info banner: ');
  expect(await changes.innerText()).not.toContain('settings[');
  expect(await accessibilityViolations(owner)).toEqual([]);
  await screenshot(owner, 'console-history-1280');
  await owner.getByRole('button', { name: `Undo to version ${savedVersion - 1}` }).click();
  const dialog = owner.getByRole('dialog', { name: `Undo to version ${savedVersion - 1}?` });
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await owner
    .getByRole('status')
    .getByText(`Version ${savedVersion - 1} restored as version ${savedVersion + 1}.`)
    .waitFor();
  expect(await visitorBanner()).toContain('Booking now for December.');
  await owner.close();
});

it("changes an inspector's hours on the Inspectors page, and a new visitor is offered none of their times that weekday", async () => {
  const { product, browser } = running;
  const window = bookingWindow(3);
  const offered = await newVisitorSlots(browser, product, window);
  const mikes = (slots: typeof offered, day: string) =>
    slots.filter((slot) => slot.date === day && slot.users.includes(MIKE.id));
  // A day of his weekly hours, not one of his dated overrides (the demo's Saturday of 2026-12-05),
  // which clearing a weekday's hours does not touch: which day comes first depends on today.
  const demo = JSON.parse(readFileSync(new URL('../examples/demo-company.json', import.meta.url), 'utf8')) as {
    inspectors: Array<{ id: number; overrides?: Array<{ date: string }> }>;
  };
  const overridden = new Set(
    (demo.inspectors.find((inspector) => inspector.id === MIKE.id)?.overrides ?? []).map((o) => o.date),
  );
  const first = offered.find((slot) => slot.users.includes(MIKE.id) && !overridden.has(slot.date))!;
  const weekday = new Date(`${first.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  expect(mikes(offered, first.date).length).toBeGreaterThan(0);

  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, product, { email: 'ivy.inspectors@example.com', name: 'Ivy Inspectors', role: 'admin' });
  await openConsolePage(page, 'inspectors', 'Inspectors');
  await page.getByRole('navigation', { name: 'Inspectors' }).getByRole('button', { name: MIKE.name }).click();
  const editor = page.getByRole('form', { name: 'Mike Alvarez' });
  const hours = editor.getByLabel(weekday, { exact: true });
  const before = await hours.inputValue();
  expect(before).not.toBe('');
  // A bad interval is refused on the spot, naming the day.
  await hours.fill('5 PM-8 AM');
  await editor.getByRole('button', { name: 'Save inspector' }).click();
  await editor.getByText('In "5 PM-8 AM" the end is not after the start.').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await hours.fill('');
  await editor.getByRole('button', { name: 'Save inspector' }).click();
  await page
    .getByRole('status')
    .getByText(/^Saved as version \d+\./)
    .waitFor();
  await screenshot(page, 'console-inspectors-1280');
  expect(mikes(await newVisitorSlots(browser, product, window), first.date)).toEqual([]);

  // Given back, the times return.
  await hours.fill(before);
  await editor.getByRole('button', { name: 'Save inspector' }).click();
  await expect
    .poll(async () => mikes(await newVisitorSlots(browser, product, window), first.date).length)
    .toBeGreaterThan(0);
  await page.close();
});

it('gives office and inspector members no configuration, and opens every order to inspectors when the owner says so', async () => {
  const { product, browser } = running;
  const day = consoleDay(9);
  const others = await bookAsVisitor(browser, product, {
    client: clientNamed('Olive', 'Other'),
    day,
    pick: (slot) => !slotHas(MIKE.id)(slot),
  });

  const office = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(office, product, { email: 'otto.office@example.com', name: 'Otto Office', role: 'office' });
  expect(await navLinks(office)).toEqual(['Schedule', 'Orders', 'Payments', 'My tasks', 'Funnel', 'Account']);
  for (const [path, heading] of [
    ['settings', 'Settings'],
    ['inspectors', 'Inspectors'],
    ['history', 'History'],
  ] as const) {
    await openConsolePage(office, path, heading);
    await office.getByText("You don't have access to this.").waitFor();
    expect(await office.getByRole('button', { name: /^Save/ }).count()).toBe(0);
  }
  // The API refuses the office member too.
  const refused = await office.evaluate(async () => (await fetch('/api/console/companies/demo/configuration')).status);
  expect(refused).toBe(403);
  await office.close();

  const mike = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(mike, product, {
    email: 'mike.config@example.com',
    name: MIKE.name,
    role: 'inspector',
    inspectorId: MIKE.id,
  });
  expect(await navLinks(mike)).toEqual(['Schedule', 'Orders', 'My tasks', 'Account']);
  await mike.goto(`${product.publicUrl}/console/demo/orders/${others.orderId}`);
  await mike.getByText('We could not find that. It may have been removed, or the link is wrong.').waitFor();

  const owner = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(owner, product, { email: 'oona.owner@example.com', name: 'Oona Owner', role: 'owner' });
  await openConsolePage(owner, 'settings', 'Settings');
  await owner.getByRole('switch', { name: "Inspectors see every inspector's bookings" }).check();
  await owner.getByRole('button', { name: 'Save changes' }).click();
  await owner
    .getByRole('status')
    .getByText(/^Saved as version \d+\.$/)
    .waitFor();

  await mike.goto(`${product.publicUrl}/console/demo/orders/${others.orderId}`);
  await mike.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
  expect(await mike.getByText('Olive Other').count()).toBeGreaterThan(0);
  // Reading only: no move or cancel for an inspector.
  expect(await mike.getByRole('button', { name: /^(Reschedule|Cancel)/ }).count()).toBe(0);

  await owner.getByRole('switch', { name: "Inspectors see every inspector's bookings" }).uncheck();
  await owner.getByRole('button', { name: 'Save changes' }).click();
  await owner
    .getByRole('status')
    .getByText(/^Saved as version \d+\.$/)
    .waitFor();
  await mike.reload();
  await mike.getByText('We could not find that. It may have been removed, or the link is wrong.').waitFor();
  await owner.close();
  await mike.close();
});

it('is axe-clean on Settings, Inspectors and History at 1280 and 375 px, and never scrolls sideways at 375', async () => {
  const pages: ConsoleWalkPage[] = [
    { path: 'settings', heading: 'Settings', ready: (page) => page.getByRole('button', { name: 'Save changes' }) },
    {
      path: 'inspectors',
      heading: 'Inspectors',
      ready: (page) => page.getByRole('button', { name: 'Save inspector' }),
    },
    { path: 'history', heading: 'History', ready: (page) => page.getByRole('list', { name: 'Versions' }) },
  ];
  expect(
    await walkConsolePages(
      running.browser,
      running.product,
      { email: (width) => `cara.config.${width}@example.com`, name: 'Cara Config' },
      pages,
    ),
  ).toEqual([]);
});
