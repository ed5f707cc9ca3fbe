import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { DataEncryption } from '../apps/server/src/crypto/data-encryption.ts';
import * as t from '../apps/server/src/db/schema.ts';
import { calendarCredentialsContext } from '../apps/server/src/modules/calendar-sync/calendar-sync-deps.ts';
import {
  startRadicale,
  type Radicale,
} from '../apps/server/src/modules/calendar-sync/providers/caldav/test-radicale.ts';
import {
  accessibilityViolations,
  seriousAccessibilityViolations,
  workerBrowser,
  VIEWPORTS,
} from './support/browser.ts';
import { signInMember } from './support/console.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

/**
 * Issue 45's Done means in the browser: an event added in Radicale for Mike at 10:00 stops the
 * wizard offering Mike's 10:00 once the app's own job runner has read his calendar (its next
 * minutely run, made due now rather than waited for), and its deletion offers it again. The "zip"
 * company lets only Mike serve 43017, so every time the wizard offers there is his.
 */
const KEY = DataEncryption.newKeyEntry('e2e');
const MIKE = 101;
let product: RunningProduct;
let browser: Browser;
let radicale: Radicale;
let calendar: string;
let connectionId: string;

beforeAll(async () => {
  radicale = await startRadicale({ mike: 'app-password-1', sarah: 'app-password-2' });
  calendar = await radicale.makeCalendar('mike', 'personal');
  product = await startProduct({ config: { DATA_ENCRYPTION_KEY: KEY }, calendars: true });
  browser = await workerBrowser();
  const [company] = await product.database.db
    .select({ id: t.companies.id })
    .from(t.companies)
    .where(eq(t.companies.key, 'zip'));
  connectionId = randomUUID();
  // Mike's calendar, connected as the console's connect keeps it.
  await product.database.db.insert(t.calendarConnections).values({
    id: connectionId,
    companyId: company!.id,
    inspectorId: MIKE,
    provider: 'caldav',
    accountLabel: 'mike',
    credentialsEncrypted: DataEncryption.fromEnv(KEY).encrypt(
      JSON.stringify({ url: `${radicale.url}mike/`, username: 'mike', password: 'app-password-1' }),
      calendarCredentialsContext(company!.id, connectionId),
    ),
    busyCalendarIds: [calendar],
  });
  await product.database.db.insert(t.jobs).values({
    companyId: company!.id,
    kind: 'calendar_sync',
    dedupeKey: `calendar-sync:${connectionId}:first`,
    payload: { connection_id: connectionId },
  });
  await syncedAgain(new Date(0));
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  await radicale?.stop();
});

/** Makes the connection's next read due now, wakes the job runner, and waits until it has read. */
async function syncedAgain(after: Date): Promise<void> {
  await product.database.db
    .update(t.jobs)
    .set({ runAt: new Date() })
    .where(and(eq(t.jobs.kind, 'calendar_sync'), isNull(t.jobs.doneAt)));
  product.wakeJobs();
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await product.database.db
      .select({ at: t.calendarConnections.lastSyncedAt })
      .from(t.calendarConnections)
      .where(eq(t.calendarConnections.id, connectionId));
    // Read: and the server's caches have heard the change (on PostgreSQL it comes by LISTEN).
    if ((row?.at?.getTime() ?? 0) > after.getTime()) return product.database.changes.flush();
    if (Date.now() > until) throw new Error('the calendar was not read within 20 s of its job coming due');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The wizard's calendar for 43017 on one day: `date`, or else the first day offered with Mike at
 * 10:00. Not simply the first day offered: with the company's 12 hours' notice, late in the
 * office's evening the next day's morning is already gone (the test would depend on the hour).
 * That day's times as the page lists them, and the slots the page fetched.
 */
async function dayTimes(
  page: Page,
  date?: string,
): Promise<{ date: string; labels: string[]; slots: AppointmentSlot[] }> {
  // Listen once the new document is committed: a listener set before the reload could catch the
  // old page's request, whose body is gone once the reload navigates away from it.
  await page.reload({ waitUntil: 'commit' });
  const fetched = page
    .waitForResponse((response) => response.url().includes('/json/online_scheduler/availability'))
    .then((response) => response.json() as Promise<AppointmentSlot[]>);
  await page.getByRole('heading', { name: 'Select a day' }).waitFor();
  const slots = await fetched;
  const day = date ?? slots.find((slot) => slot.start === '10:00 AM' && slot.users.map(Number).includes(MIKE))!.date;
  const button = page.getByRole('gridcell').locator(`[data-date="${day}"]`);
  // The first day offered may be a month's last, and the day wanted in the next.
  if ((await button.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await button.click();
  // The day's own times: on a desktop the first day offered was shown already.
  await page.getByRole('gridcell', { selected: true }).locator(`[data-date="${day}"]`).waitFor();
  await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
  await page.getByRole('radio').first().waitFor();
  const labels = await page.getByRole('radiogroup').locator('label').allInnerTexts();
  return {
    date: day,
    labels: labels.map((label) =>
      label
        .split('\n')[0]!
        .replace(/\s*\*$/, '')
        .trim(),
    ),
    slots,
  };
}

it("stops offering Mike's 10:00 once the event in his calendar is read, and offers it again when it is deleted", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await page.goto(product.linkOf('zip'));
    await page.getByLabel('Postal Code').fill('43017');
    await page.getByLabel('Postal Code').press('Enter');
    await page.waitForURL('**/zip/online-scheduler/calendar?**');
    const before = await dayTimes(page);
    expect(before.labels).toContain('10:00 AM');
    const ten = before.slots.find((slot) => slot.date === before.date && slot.start === '10:00 AM')!;
    expect(ten.users.map(Number)).toContain(MIKE);

    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    await radicale.put(
      'mike',
      calendar,
      'dentist',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//e2e//EN',
        'BEGIN:VEVENT',
        'UID:dentist',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(ten.timestamp * 1000)}`,
        `DTEND:${stamp(ten.timestamp * 1000 + 3_600_000)}`,
        'SUMMARY:Dentist',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await syncedAgain(new Date());
    const busy = await dayTimes(page, before.date);
    expect(busy.labels).not.toContain('10:00 AM');
    expect(busy.labels.length).toBeGreaterThan(0);

    await radicale.remove('mike', `${calendar}dentist.ics`);
    await syncedAgain(new Date());
    const free = await dayTimes(page, before.date);
    expect(free.labels).toContain('10:00 AM');
  } finally {
    await context.close();
  }
});

it('lets an inspector connect their calendar on their account page: a wrong password refused in words, then connected', async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await signInMember(page, product, {
      email: 'mike.calendar@example.com',
      name: 'Mike Alvarez',
      role: 'inspector',
      inspectorId: MIKE,
    });
    await page.goto(`${product.publicUrl}/console/demo/account`);
    const section = page.getByRole('region', { name: 'Calendar connections' });
    await section.getByRole('heading', { name: 'Connect a CalDAV calendar' }).waitFor();
    await section.getByLabel('CalDAV address').fill(`${radicale.url}mike/`);
    await section.getByLabel('User name').fill('mike');
    await section.getByLabel('App password').fill('not-it');
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByRole('alert').getByText('The calendar server refused this user and password.').waitFor();
    await section.getByLabel('App password').fill('app-password-1');
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText('CalDAV: mike').waitFor();
    await section.getByRole('status').getByText('Connected').waitFor();
    await section.getByRole('heading', { name: 'Reconnect your CalDAV calendar' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

it("lets an owner see every inspector's calendar on the Inspectors page and connect Sarah's for her, at 1280 and 375 px", async () => {
  await radicale.makeCalendar('sarah', 'work', { displayName: 'Work' });
  for (const [size, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['375', VIEWPORTS.mobile],
  ] as const) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await signInMember(page, product, { email: 'olga.calendars@example.com', name: 'Olga Owner', role: 'owner' });
      await page.goto(`${product.publicUrl}/console/demo/inspectors`);
      const list = page.getByRole('navigation', { name: 'Inspectors' });
      // Mike connected his own (the test before): the list says how his calendar stands.
      await list
        .getByText(/Calendar connected \(CalDAV\)|Calendar: busy times/)
        .first()
        .waitFor();
      await list.getByText('Sarah Chen').click();
      const section = page.getByRole('region', { name: 'Calendar connections of Sarah Chen' });
      if (size === '1280') {
        await section.getByRole('heading', { name: "Connect Sarah Chen's CalDAV calendar" }).waitFor();
        await section.getByLabel('CalDAV address').fill(`${radicale.url}sarah/`);
        await section.getByLabel('User name').fill('sarah');
        await section.getByLabel('App password').fill('app-password-2');
        await section.getByRole('button', { name: 'Connect' }).click();
        await section.getByText("Calendar that takes Sarah Chen's bookings").first().waitFor();
      }
      await section.getByText('CalDAV: sarah').waitFor();
      await section.getByRole('status').getByText('Connected').waitFor();
      await section.scrollIntoViewIfNeeded();
      // axe waits for the page to be still; the screenshot follows it.
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/calconsole45-inspectors-${size}.png`, fullPage: true });
      await section.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect CalDAV?' });
      expect(await dialog.getByRole('checkbox', { name: 'Remove the events we added' }).isChecked()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/calconsole45-disconnect-${size}.png` });
      await dialog.getByRole('button', { name: 'Keep it connected' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(viewport.width);
    } finally {
      await context.close();
    }
  }
});
