import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { HOUR_HEIGHT } from '../apps/console/src/pages/work/schedule/schedule-layout.ts';
import { demoDocument } from '../apps/server/src/test-support/test-app.ts';
import { accessibilityViolations, screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import {
  bookAsVisitor,
  clientNamed,
  confirmVisitor,
  consoleDay,
  holdVisitorTime,
  MIKE,
  openSchedule,
  SARAH,
  scrollWidth,
  signInMember,
  slotHas,
  waitForMail,
  AXE_WALK_TIMEOUT_MS,
  followConsoleRoute,
} from './support/console.ts';
import { readOutbox } from './support/mail.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * The company console in the browser (decision 0044): what each role sees, the schedule kept live
 * by the company's events, an order's page with its reschedule, edit and cancel, and every page
 * axe-clean at 1280 and 375 px. Each test books its own orders on a day of its own.
 */
const running = useRunningProduct();

const navLinks = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).map((text) =>
    text.trim(),
  );

it('shows an owner Schedule, Orders, Team and Account, and an office member no Team', async () => {
  const { product, browser } = running;
  const owner = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(owner, product, { email: 'olga.owner@example.com', name: 'Olga Owner', role: 'owner' });
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
  await owner.getByRole('link', { name: 'Team', exact: true }).click();
  await waitForMainHeading(owner, 'Team');
  await owner.getByRole('table', { name: 'Members' }).getByText('olga.owner@example.com').waitFor();
  await owner.close();

  const office = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(office, product, { email: 'oscar.office@example.com', name: 'Oscar Office', role: 'office' });
  expect(await navLinks(office)).toEqual(['Schedule', 'Orders', 'Payments', 'My tasks', 'Funnel', 'Account']);
  // Typed in: the page itself refuses too.
  await office.goto(`${product.publicUrl}/console/demo/team`);
  await waitForMainHeading(office, 'Team');
  await office.getByText("You don't have access to this.").waitFor();
  expect(await office.getByRole('region', { name: 'Invite someone' }).count()).toBe(0);
  await office.close();
});

it("shows an inspector only his own column and orders, and another inspector's order as not found", async () => {
  const { product, browser } = running;
  const day = consoleDay(8);
  const mine = await bookAsVisitor(browser, product, {
    client: clientNamed('Maya', 'Mine'),
    day,
    pick: slotHas(MIKE.id),
  });
  const theirs = await bookAsVisitor(browser, product, {
    client: clientNamed('Theo', 'Theirs'),
    day,
    pick: (slot) => !slotHas(MIKE.id)(slot),
  });

  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, product, {
    email: 'mike.inspector@example.com',
    name: MIKE.name,
    role: 'inspector',
    inspectorId: MIKE.id,
  });
  expect(await navLinks(page)).toEqual(['Schedule', 'Orders', 'My tasks', 'Account']);
  await openSchedule(page, product, day);
  await page.getByTestId('booking').filter({ hasText: 'Maya Mine' }).waitFor();
  // One column, and on the day's map one route: his own.
  expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([MIKE.name, MIKE.name]);
  expect(
    await page.getByRole('region', { name: 'Map of the day' }).getByRole('heading', { level: 3 }).allTextContents(),
  ).toEqual([MIKE.name]);
  expect(await page.getByTestId('booking').allTextContents()).toEqual([expect.stringContaining('Maya Mine')]);
  await screenshot(page, 'console-inspector-schedule-1280');

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await waitForMainHeading(page, 'Orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await table.getByText('Maya Mine').waitFor();
  expect(await table.getByText('Theo Theirs').count()).toBe(0);

  await page.goto(`${product.publicUrl}/console/demo/orders/${theirs.orderId}`);
  await page.getByText('We could not find that. It may have been removed, or the link is wrong.').waitFor();
  expect(await page.getByText('Theo Theirs').count()).toBe(0);
  await page.goto(`${product.publicUrl}/console/demo/orders/${mine.orderId}`);
  await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
  await page.close();
});

it("tells a member of the demo company that another company's pages are not theirs", async () => {
  const { product, browser } = running;
  const other = demoDocument() as Record<string, any>;
  other.key = 'other-company-key';
  other.name = 'Another Inspection Company';
  other.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000ef';
  for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
  const put = await product.app.inject({
    method: 'PUT',
    url: '/api/admin/companies/other-company-key',
    headers: { authorization: `Bearer ${product.adminToken}` },
    payload: other,
  });
  expect(put.statusCode).toBe(200);

  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, product, { email: 'dora.demo@example.com', name: 'Dora Demo', role: 'owner' });
  for (const path of ['schedule', 'orders', 'team']) {
    await page.goto(`${product.publicUrl}/console/other-company-key/${path}`);
    await page.getByText("You don't have access to this.").waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No access');
  }
  await page.close();
});

it("shows a visitor's hold faded, then the booking pushed within seconds of the confirm, without reload", async () => {
  const { product, browser } = running;
  const day = consoleDay(10);
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, product, { email: 'liv.live@example.com', name: 'Liv Live', role: 'office' });
  await openSchedule(page, product, day);
  await page.locator('[data-testid="working-hours"]').first().waitFor();
  // Nothing may reload the page: a reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const context = await browser.newContext();
  const visitor = await holdVisitorTime(await context.newPage(), product, { client: clientNamed('Lena', 'Live'), day });
  const hold = page.getByTestId('hold');
  await hold.waitFor({ timeout: 5_000 });
  expect(await hold.textContent()).toContain('A visitor is booking');
  await screenshot(page, 'console-live-hold-1280');

  const answered = visitor.page.waitForResponse(
    (response) => response.request().method() === 'POST' && /confirm/.test(response.url()),
  );
  const booking = page.getByTestId('booking').filter({ hasText: 'Lena Live' });
  const confirming = confirmVisitor(visitor);
  await answered;
  const at = Date.now();
  await booking.waitFor({ timeout: 5_000 });
  const elapsed = Date.now() - at;
  console.log(`booking shown ${elapsed} ms after the confirm's answer`);
  // Pushed, not polled: the schedule never polls, so a booking shown without a reload came by
  // the live feed. 0.2 to 0.8 s on an idle machine; under the whole suite's load on two cores it
  // took 1.1 s once, so the bound leaves room for the load and still fails a feed that never comes.
  expect(elapsed).toBeLessThan(3000);
  await confirming;
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await page.getByTestId('hold').count()).toBe(0);
  await screenshot(page, 'console-live-booked-1280');
  await context.close();
  await page.close();
});

const money = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

it('dispatches an order on the schedule by dragging and by Move to…, opens it, shows its contacts, address and price, reschedules it, edits it, marks a check payment, then cancels it', async () => {
  const { product, browser } = running;
  // Sarah Chen serves the visitor's postal code on every weekday but Friday (the demo's codes by weekday).
  const day = new Date(`${consoleDay(12)}T12:00:00Z`).getUTCDay() === 5 ? consoleDay(16) : consoleDay(12);
  const client = clientNamed('Olive', 'Order');
  // Sarah's, mid-morning: inside Mike Alvarez's hours too.
  const booked = await bookAsVisitor(browser, product, {
    client,
    day,
    pick: (slot) => slotHas(SARAH.id)(slot) && / (09|10|11):\d\d:00$/.test(slot.start_datetime),
  });
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(page, product, { email: 'ollie.order@example.com', name: 'Ollie Office', role: 'office' });
  await openSchedule(page, product, day);

  // Dispatch (issue 41): dragged from Sarah Chen's column to Mike Alvarez's, at the height of a time
  // the server has open for him (its own, when it is), the move dialog names him and the time,
  // picked; the move gives it to him.
  const mikeTimes = (await (
    await page.request.get(
      `${product.publicUrl}/api/console/companies/demo/orders/${booked.orderId}/availability?from=${day}&to=${day}&inspectors=${MIKE.id}`,
    )
  ).json()) as AppointmentSlot[];
  const minuteOf = (slot: AppointmentSlot) =>
    Number(slot.start_datetime.slice(11, 13)) * 60 + Number(slot.start_datetime.slice(14, 16));
  const mikeTime = mikeTimes.find((slot) => slot.timestamp === booked.slot.timestamp) ?? mikeTimes[0]!;
  const shift = ((minuteOf(mikeTime) - minuteOf(booked.slot)) / 60) * HOUR_HEIGHT;
  const block = page
    .getByRole('region', { name: SARAH.name })
    .getByTestId('booking-block')
    .filter({ hasText: 'Olive Order' });
  const mikeColumn = page.getByRole('region', { name: MIKE.name });
  const blockBox = (await block.boundingBox())!;
  const sarahBox = (await page.getByRole('region', { name: SARAH.name }).boundingBox())!;
  await block.dragTo(mikeColumn, {
    sourcePosition: { x: 8, y: 8 },
    targetPosition: { x: 40, y: blockBox.y - sarahBox.y + 8 + shift },
  });
  const drop = page.getByRole('dialog', {
    name: new RegExp(`^Move to ${MIKE.name}, .+, ${mikeTime.start} E[SD]T\\?$`),
  });
  await drop.waitFor();
  // His hours, time off, area, services and drive all allow it: the time stands picked, no warning.
  const refused = drop.getByRole('alert');
  const dropConfirm = drop.getByRole('button', {
    name: new RegExp(`^Move it to .+, ${mikeTime.start} E[SD]T with ${MIKE.name}$`),
  });
  await refused.or(dropConfirm).waitFor();
  if (await refused.isVisible()) expect.fail(`the drop was refused: ${await refused.textContent()}`);
  await dropConfirm.click();
  await page.getByRole('status').filter({ hasText: 'The inspection is moved to' }).waitFor();
  await mikeColumn.getByTestId('booking').filter({ hasText: 'Olive Order' }).waitFor();
  expect(await page.getByRole('region', { name: SARAH.name }).getByText('Olive Order').count()).toBe(0);
  await screenshot(page, 'console-dispatch-dragged-1280');

  // The keyboard's way, on a phone: Move to… lists the columns; Sarah Chen, then a time of hers.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByRole('combobox', { name: 'Inspector' }).waitFor();
  const moveTo = page.getByRole('button', { name: /^Move to… \(.+, Olive Order\)$/ });
  await moveTo.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  expect(await menu.getByRole('menuitem').allTextContents()).toContain(`${MIKE.name} (another time)`);
  await menu.getByRole('menuitem', { name: SARAH.name, exact: true }).click();
  const keyed = page.getByRole('dialog', { name: `Move to ${SARAH.name}` });
  await keyed.getByRole('group', { name: 'Start time' }).getByRole('button').first().click();
  for (const violation of await accessibilityViolations(page)) expect.fail(`move dialog at 375: ${violation}`);
  await keyed.getByRole('button', { name: new RegExp(`^Move it to .+ with ${SARAH.name}$`) }).click();
  await page.getByRole('status').filter({ hasText: 'The inspection is moved to' }).waitFor();
  await page.setViewportSize(VIEWPORTS.desktop);
  await page
    .getByRole('region', { name: SARAH.name })
    .getByTestId('booking')
    .filter({ hasText: 'Olive Order' })
    .waitFor();

  await page.getByTestId('booking').filter({ hasText: 'Olive Order' }).click();
  await page.waitForURL(new RegExp(`/console/demo/orders/${booked.orderId}$`));
  await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();

  const people = page.getByRole('region', { name: 'People' });
  expect(await people.getByRole('link', { name: client.email }).getAttribute('href')).toBe(`mailto:${client.email}`);
  expect(await people.getByRole('link', { name: /614/ }).getAttribute('href')).toMatch(/^tel:\+?1?6145550142$/);
  const property = page.getByRole('region', { name: 'Property' });
  const map = property.getByRole('link', { name: /Open in Google Maps/ });
  expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  expect(decodeURIComponent((await map.getAttribute('href'))!)).toContain('Columbus');

  const price = page.getByRole('region', { name: 'Price and payment' });
  const amounts = (await price.locator('dd').allTextContents()).map(money);
  const labels = await price.locator('dt').allTextContents();
  expect(labels.at(-1)).toBe('Total');
  expect(amounts.length).toBeGreaterThan(1);
  expect(amounts.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(amounts.at(-1));
  expect(amounts.at(-1)).toBeGreaterThan(0);
  const before = (await page.getByRole('region', { name: 'Appointment' }).locator('p').first().textContent()) ?? '';
  await screenshot(page, 'console-order-1280');

  // Reschedule: the dialog opens on the booked day, its own time marked and no choice (issue 41); the first other time.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule the inspection' });
  const times = dialog.getByRole('group', { name: 'Start time' }).getByRole('button');
  expect(await times.filter({ hasText: '(current time)' }).isDisabled()).toBe(true);
  const others = times.filter({ hasNotText: '(current time)' });
  // A full day holds the booking's own time alone: then the first day that has others.
  if ((await others.count()) === 0)
    await dialog
      .getByRole('group', { name: 'Day' })
      .getByRole('button', { name: / times?$/ })
      .first()
      .click();
  await others.first().click();
  const move = dialog.getByRole('button', { name: /^Move it to / });
  const target = ((await move.textContent()) ?? '').replace('Move it to ', '');
  await move.click();
  // The schedule's two moves were the office's: they leave the client's limit (the demo policy's
  // max_reschedules, decision 0077) untouched, so the office's third move needs no override.
  const moved = page.getByRole('status').filter({ hasText: 'Moved to' });
  await moved.waitFor();
  expect(await page.getByRole('button', { name: 'Move it anyway (override the policy)' }).count()).toBe(0);
  const after = (await page.getByRole('region', { name: 'Appointment' }).locator('p').first().textContent()) ?? '';
  expect(after).not.toBe(before);
  // "Sat 11/28/2026, 8:30 AM EST": the page writes "…, 8:30 AM – 11:30 AM EST".
  const targetTime = target
    .split(', ')
    .at(-1)!
    .replace(/ [A-Z]{2,5}$/, '');
  expect(after).toContain(targetTime);
  // Twice on the schedule, once here.
  await page.getByRole('region', { name: 'Appointment' }).getByText('moved 3 times').waitFor();
  const history = page.getByRole('region', { name: 'History' });
  await history.getByText(targetTime, { exact: false }).first().waitFor();
  await screenshot(page, 'console-order-moved-1280');
  await product.notificationsDrained();
  // One e-mail a move (the schedule's two, then this one); its subject writes the time without a
  // space before AM/PM ("at 8:00AM").
  await waitForMail(product, client.email, (mail) =>
    mail.subject.replace(/\s/g, '').includes(`at${targetTime.replace(/\s/g, '')}`),
  );
  const movedMails = (await readOutbox(product.outboxDir)).filter(
    (mail) => mail.to.includes(client.email.toLowerCase()) && mail.subject.startsWith('Your inspection is moved to'),
  );
  expect(movedMails).toHaveLength(3);

  // Edit (issue 41 item 1): a service added, the new total shown before saving, the people e-mailed.
  await page.getByRole('button', { name: 'Edit the order' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the order' });
  await edit.getByRole('group', { name: 'Services' }).getByRole('checkbox', { checked: false }).first().check();
  const totals = edit.getByRole('status').filter({ hasText: /^Total: .+ → .+$/ });
  await totals.waitFor();
  const [oldTotal, newTotal] = ((await totals.textContent()) ?? '').replace('Total: ', '').split(' → ');
  expect(money(oldTotal!)).toBe(amounts.at(-1));
  expect(money(newTotal!)).toBeGreaterThan(money(oldTotal!));
  await edit.getByRole('checkbox', { name: 'E-mail the people concerned' }).check();
  await edit.getByRole('region', { name: 'The e-mail' }).getByText(`To: ${client.email}`, { exact: false }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'console-order-edit-1280');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'The order is saved' }).waitFor();
  await history.getByText(/^Edited by Ollie Office: .+ added \(.+\); .*Total: .+ → .+\. E-mailed /).waitFor();
  const edited = (await price.locator('dd').allTextContents()).map(money);
  expect(edited.at(-1)).toBe(money(newTotal!));
  expect(edited.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(edited.at(-1));
  await product.notificationsDrained();
  await waitForMail(product, client.email, (mail) => mail.text.includes(newTotal!));

  const totalAfterEdit = money(newTotal!);

  // A check for part of the total (issue 41 item 4): the ledger's line, the balance due, the client's receipt.
  const ledger = page.getByRole('region', { name: 'Payments', exact: true });
  await ledger.getByText('No payments yet.').waitFor();
  await ledger.getByRole('button', { name: 'Record a payment' }).click();
  const record = page.getByRole('dialog', { name: 'Record a payment' });
  expect(money(await record.getByLabel('Amount (USD)').inputValue())).toBe(totalAfterEdit);
  await record.getByLabel('Amount (USD)').fill('100.00');
  expect(await record.getByRole('combobox', { name: 'Method' }).textContent()).toBe('Check');
  await record.getByLabel('Reference (check number, card slip…)').fill('1042');
  await record.getByRole('checkbox', { name: 'E-mail the client a receipt' }).check();
  expect(await accessibilityViolations(page)).toEqual([]);
  await record.getByRole('button', { name: 'Record the payment' }).click();
  await ledger.getByRole('status').filter({ hasText: 'Recorded $100.00 (check). Balance due:' }).waitFor();
  const line = ledger.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: '1042' });
  expect(await line.textContent()).toMatch(/Check1042\$100\.00Ollie Office/);
  const sums = (await ledger.locator('dd').allTextContents()).map(money);
  expect(sums).toEqual([totalAfterEdit, 10_000, totalAfterEdit - 10_000]);
  expect(await accessibilityViolations(page)).toEqual([]);
  await history.getByText('Payment of $100.00 by check 1042', { exact: false }).waitFor();
  await screenshot(page, 'console-order-check-payment-1280');
  await product.notificationsDrained();
  const receipt = await waitForMail(product, client.email, (mail) => mail.subject.startsWith('Payment received'));
  expect(receipt.text).toContain('Received $100.00 by check');

  // Cancel, with a reason, waiving a late fee if the policy sets one.
  await page.getByRole('button', { name: 'Cancel the inspection' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the inspection' });
  await cancel.getByLabel('Reason (the client sees it)').fill('The buyer walked away.');
  const waive = cancel.getByRole('checkbox', { name: 'Waive the late fee' });
  if ((await waive.count()) > 0) await waive.check();
  const override = cancel.getByRole('button', { name: 'Cancel anyway (override the policy)' });
  await (
    (await override.count()) > 0 ? override : cancel.getByRole('button', { name: 'Cancel the inspection' })
  ).click();
  await page.getByRole('status').filter({ hasText: 'The inspection is cancelled.' }).waitFor();
  await page.getByText('Cancelled', { exact: true }).waitFor();
  await page.getByText('Cancellation reason: The buyer walked away.').waitFor();
  expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
  expect(await history.locator('li').count()).toBeGreaterThanOrEqual(3);
  await waitForMail(product, client.email, (mail) => /is cancelled$/.test(mail.subject));
  await screenshot(page, 'console-order-cancelled-1280');
  await page.close();
});

it(
  'is axe-clean on every page at 1280 and 375 px, and never scrolls sideways at 375',
  async () => {
    const { product, browser } = running;
    const day = consoleDay(14);
    const booked = await bookAsVisitor(browser, product, { client: clientNamed('Ada', 'Access'), day });
    const failures: string[] = [];
    for (const [size, viewport] of [
      ['1280', VIEWPORTS.desktop],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const check = async (name: string) => {
        for (const violation of await accessibilityViolations(page)) failures.push(`${name} at ${size}: ${violation}`);
        if (size === '375') {
          const width = await scrollWidth(page);
          if (width > 375) failures.push(`${name} at 375 scrolls sideways: ${width} px`);
        }
        await screenshot(page, `console-${name}-${size}`);
      };
      await page.goto(`${product.publicUrl}/console/sign-in`);
      await waitForMainHeading(page, 'Sign in');
      await check('sign-in');
      await signInMember(page, product, { email: `abe.owner.${size}@example.com`, name: 'Abe Owner', role: 'owner' });
      // Each page after the sign-in is reached as its links reach it, without a reload.
      await followConsoleRoute(page, product, `schedule?date=${day}&view=day`);
      await page.getByTestId('booking').filter({ hasText: 'Ada Access' }).waitFor();
      await check('schedule-day');
      if (size === '375') {
        // On a phone the pages wait behind Menu (decision 0107): the page starts under a short bar.
        const heading = await page.getByRole('heading', { level: 1, name: 'Schedule' }).boundingBox();
        expect(heading!.y).toBeLessThan(160);
        const menu = page.getByRole('button', { name: 'Menu' });
        expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
        await menu.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).waitFor();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        await check('menu-open');
        await page.keyboard.press('Enter');
        expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
      }
      await followConsoleRoute(page, product, `schedule?date=${day}&view=week`);
      await page.getByText('Ada Access').first().waitFor();
      await check('schedule-week');
      await followConsoleRoute(page, product, `schedule?date=${day}&view=month`);
      await page.getByRole('list', { name: "The month's inspections by day" }).waitFor();
      await check('schedule-month');
      await followConsoleRoute(page, product, 'orders');
      await waitForMainHeading(page, 'Orders');
      await page.getByRole('table', { name: 'Orders' }).waitFor();
      // The payments received are the Payments page's now (decision 0083): the list links to it.
      await page.getByRole('link', { name: 'Payments page' }).waitFor();
      await check('orders');
      await followConsoleRoute(page, product, `orders/${booked.orderId}`);
      await page.getByRole('region', { name: 'History' }).waitFor();
      // The notes and follow-ups load on their own: checked once they are there, with their forms.
      await page.getByText('No notes yet.').waitFor();
      await page.getByRole('combobox', { name: 'Owner' }).waitFor();
      await page.getByText('No payments yet.').waitFor();
      await check('order');
      await followConsoleRoute(page, product, 'team');
      await waitForMainHeading(page, 'Team');
      await page.getByRole('table', { name: 'Members' }).waitFor();
      await check('team');
      await followConsoleRoute(page, product, 'account');
      await waitForMainHeading(page, 'Your account');
      await page
        .getByText(/You have no passkeys yet\.|added/)
        .first()
        .waitFor();
      await check('account');
      await context.close();
    }
    expect(failures).toEqual([]);
  },
  AXE_WALK_TIMEOUT_MS,
);
