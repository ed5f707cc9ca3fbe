import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import { hashToken } from '../apps/server/src/modules/sessions/tokens.ts';
import {
  focusedElement,
  mainHeading,
  screenshot,
  seriousAccessibilityViolations,
  VIEWPORTS,
} from './support/browser.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { saveServedAddress } from './support/address.ts';
import { saveHomeOwner } from './support/contacts.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';
import { STEP_TITLES } from './support/step-titles.ts';
import { chooseDemoService } from './support/packages.ts';
import { answerDemoPropertyQuestions } from './support/property.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

const TITLES = STEP_TITLES;

async function openPage(width: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  return (await running.browser.newContext({ viewport: VIEWPORTS[width] })).newPage();
}

/** The text of the h1 that has focus, or null when focus is anywhere else. */
async function focusedHeading(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.tagName === 'H1' ? (el.textContent ?? '') : null;
  });
}

async function waitForFocusedHeading(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === expected,
    title,
  );
}

async function orderOf(token: string) {
  const [session] = await running.product.database.db
    .select()
    .from(t.sessions)
    .where(eq(t.sessions.tokenHash, hashToken(token)));
  const [order] = await running.product.database.db.select().from(t.orders).where(eq(t.orders.id, session!.orderId));
  return order!;
}

/** The focus ring every focusable thing shows: 3px of #1f4e79 (8.9:1 on white). */
const RING = { style: 'solid', width: '3px', color: 'rgb(31, 78, 121)' };
async function focusRing(page: Page): Promise<typeof RING> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
}

const tokenOf = (page: Page) => new URL(page.url()).searchParams.get('t')!;

describe('the wizard by keyboard and screen reader', () => {
  it('goes from the link to a held time and on to the next step with the keyboard alone', async () => {
    const page = await openPage();
    let keys = 0;
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };
    await page.goto(running.product.linkOf('demo'));
    await page.getByRole('heading', { name: 'Select a day' }).waitFor();

    // The first Tab reaches the skip link, which jumps past the header to the step's heading.
    await press('Tab');
    expect((await focusedElement(page)).text).toBe('Skip to main content');
    await screenshot(page, 'keyboard-skip-link-1280');
    await press('Enter');
    expect(await focusedHeading(page)).toBe(TITLES.calendar);

    // The month arrows, then the grid: one Tab stop, on the first day with appointments. On the
    // last days of a month the grid opens on the next one, and "Previous month" (back to today's)
    // comes first.
    await press('Tab');
    // The extra Tab past "Previous month" is not the wizard's cost: it is left out of the count below.
    const pastPrevious = (await focusedElement(page)).text === 'Previous month';
    if (pastPrevious) await press('Tab');
    expect((await focusedElement(page)).text).toBe('Next month');
    await press('Tab');
    const day = await focusedElement(page);
    expect(day.tag).toBe('button');
    expect(day.text).toMatch(/^\w+day, \w+ \d{1,2}(st|nd|rd|th) \d{4}(, today)?$/);
    expect(await focusRing(page)).toEqual(RING);
    await screenshot(page, 'keyboard-day-focus-1280');
    await press('Enter');
    await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();

    // One Tab into the times, Space picks the first, one Tab to Next.
    await press('Tab');
    expect((await focusedElement(page)).tag).toBe('input');
    await press('Space');
    await expect(page.getByRole('radio').first().isChecked()).resolves.toBe(true);
    await press('Tab');
    expect((await focusedElement(page)).text).toBe('Next');
    expect(await focusRing(page)).toEqual(RING);
    // Next holds the time and moves on: no dialog to dismiss (issue 20 item 10).
    await press('Enter');

    await waitForFocusedHeading(page, TITLES.address);
    await page
      .getByTestId('hold-indicator')
      .getByText(/^We're holding /)
      .waitFor();
    expect(keys - (pastPrevious ? 1 : 0)).toBe(9);
    console.info(`keyboard only, link to the next step after a held time: ${keys} keys`);
    await page.context().close();
  });

  it('moves the grid by week, week end, and month, and never below the first month offered', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await page.getByRole('heading', { name: 'Select a day' }).waitFor();
    const grid = page.getByRole('grid');
    const shownMonth = () =>
      grid.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent());
    // The first month offered is today's on the office's clock (the grid may open on a later one,
    // on the month's last days, where the first day with appointments is).
    const firstMonth = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    await grid.locator('[tabindex="0"]').focus();
    const start = (await focusedElement(page)).text;
    // Arrows move inside the grid: the day after, and back again.
    await page.keyboard.press('ArrowRight');
    expect((await focusedElement(page)).text).not.toBe(start);
    await page.keyboard.press('ArrowLeft');
    expect((await focusedElement(page)).text).toBe(start);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect((await focusedElement(page)).text).toBe(start);
    await page.keyboard.press('End');
    expect((await focusedElement(page)).text).toMatch(/^Saturday, /);
    await page.keyboard.press('Home');
    // The week's Sunday, or the 1st of the first month offered when the week began in the month
    // before (in a month's first days), which the grid never goes below.
    expect((await focusedElement(page)).text).toMatch(/^Sunday, |^\w+, \w+ 1st \d{4}\b/);
    // Home may have crossed into the month before (a week that starts in it): PageDown is a month on from where it is.
    const here = await shownMonth();
    await page.keyboard.press('PageDown');
    const nextMonth = await shownMonth();
    expect(nextMonth).not.toBe(here);
    expect((await focusedElement(page)).text).toContain(nextMonth!.split(' ')[0]!);
    for (let step = 0; step < 3; step++) await page.keyboard.press('PageUp');
    expect(await shownMonth()).toBe(firstMonth);
    // Only one day of the grid is in the Tab order.
    await expect(grid.locator('[tabindex="0"]').count()).resolves.toBe(1);
    // Days without appointments are announced as such, and today is marked.
    await expect(grid.locator('[aria-disabled="true"]').first().getAttribute('aria-label')).resolves.toMatch(
      /, no appointments$/,
    );
    await page.context().close();
  });

  it('puts focus on the heading of every step it moves to', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await confirmSlot(page);
    await waitForFocusedHeading(page, TITLES.address);
    await saveServedAddress(page);
    await waitForFocusedHeading(page, TITLES.contacts);
    for (const step of ['property-info', 'packages', 'review'] as const) {
      if (step === 'packages') await answerDemoPropertyQuestions(page);
      if (step === 'review') await chooseDemoService(page);
      if (step === 'property-info') await saveHomeOwner(page);
      else await page.getByRole('button', { name: 'Next', exact: true }).click();
      await waitForFocusedHeading(page, TITLES[step]);
    }
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForFocusedHeading(page, TITLES.packages);
    await page.context().close();
  });

  it('holds the time with one Next on a phone and moves on, the next step saying once that it is held', async () => {
    const page = await openPage('mobile');
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForFocusedHeading(page, TITLES.address);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const indicator = page.getByTestId('hold-indicator');
    await indicator.getByText(/^We're holding .* for you for 15 minutes while you finish your order\.$/).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'address-after-hold-375');
    await page.context().close();
  });
});

describe('the held time, visible', () => {
  it('shows the hold on later steps, the held choice on the calendar, and asks before Reset releases it', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    const chosen = await chooseFirstSlot(page);
    await confirmSlot(page);
    await waitForFocusedHeading(page, TITLES.address);
    const indicator = page.getByTestId('hold-indicator');
    await expect(indicator.textContent()).resolves.toMatch(/Held for you until \d{1,2}:\d{2} (AM|PM)/);
    await expect(indicator.textContent()).resolves.toContain(` at ${chosen.replace(' *', '')}`);
    await saveServedAddress(page);
    await waitForFocusedHeading(page, TITLES.contacts);
    await indicator.waitFor();
    await screenshot(page, 'hold-indicator-contacts-1280');

    // Back on the calendar: the held day is selected and the held time chosen, and the box says so.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForFocusedHeading(page, TITLES.calendar);
    const box = page.getByTestId('held-appointment');
    await expect(box.textContent()).resolves.toMatch(/Held for you until/);
    await expect(page.getByRole('gridcell', { selected: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('radio', { checked: true }).count()).resolves.toBe(1);
    await screenshot(page, 'calendar-held-1280');

    // Reset asks first; keeping the time changes nothing.
    await box.getByRole('button', { name: 'Reset' }).click();
    const ask = page.getByRole('dialog', { name: 'Release this time?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep this time' }).click();
    await ask.waitFor({ state: 'detached' });
    await box.waitFor();
    expect((await orderOf(tokenOf(page))).datetime).not.toBeNull();

    await box.getByRole('button', { name: 'Reset' }).click();
    await ask.getByRole('button', { name: 'Release it' }).click();
    await box.waitFor({ state: 'detached' });
    expect((await orderOf(tokenOf(page))).datetime).toBeNull();
    await waitForFocusedHeading(page, TITLES.calendar);

    // Nothing is held any more, so no later step says so (the address step itself sends the visitor to the calendar).
    const url = new URL(page.url());
    url.pathname = '/demo/online-scheduler/contacts';
    await page.goto(url.toString());
    expect(await mainHeading(page)).toBe(TITLES.contacts);
    await page.waitForLoadState('networkidle');
    await expect(indicator.count()).resolves.toBe(0);
    await page.context().close();
  });

  it('counts down the last minutes, announced politely, and says when the hold lapsed', async () => {
    const page = await openPage('mobile');
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await confirmSlot(page);
    await waitForFocusedHeading(page, TITLES.address);
    const order = await orderOf(tokenOf(page));
    const setExpiry = async (at: Date) => {
      await running.product.database.db
        .update(t.appointments)
        .set({ holdExpiresAt: at })
        .where(and(eq(t.appointments.orderId, order.id), eq(t.appointments.kind, 'hold')));
      await running.product.database.changes.flush();
    };

    await setExpiry(new Date(Date.now() + 3 * 60_000 + 20_000));
    await page.reload();
    const indicator = page.getByTestId('hold-indicator');
    await indicator.waitFor();
    await expect(indicator.textContent()).resolves.toMatch(/3:\d{2} left/);
    await expect(indicator.locator('[aria-live="polite"]').textContent()).resolves.toBe(
      '4 minutes left to finish before your held time is released.',
    );
    await screenshot(page, 'hold-countdown-375');

    await setExpiry(new Date(Date.now() - 1_000));
    await page.reload();
    await indicator.waitFor();
    await expect(indicator.textContent()).resolves.toMatch(/^Your hold ended at \d{1,2}:\d{2} (AM|PM)( E[SD]T)?\./);
    await page.context().close();
  });
});

describe('reopening the scheduler link', () => {
  it('offers to continue the unfinished order, or to start over releasing its hold', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await confirmSlot(page);
    await waitForFocusedHeading(page, TITLES.address);
    const first = tokenOf(page);

    // Reopened: a new session, but the first one is offered.
    await page.goto(running.product.linkOf('demo'));
    expect(await mainHeading(page)).toBe('Welcome back');
    await page.getByText(/is held for you until \d{1,2}:\d{2} (AM|PM)\.$/).waitFor();
    await screenshot(page, 'resume-1280');
    await page.getByRole('button', { name: 'Continue where you left off' }).click();
    await waitForFocusedHeading(page, TITLES.address);
    expect(tokenOf(page)).toBe(first);
    await page.getByTestId('hold-indicator').waitFor();

    // Reopened again: starting over releases the first session's hold and keeps the new one.
    await page.goto(running.product.linkOf('demo'));
    expect(await mainHeading(page)).toBe('Welcome back');
    const second = tokenOf(page);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Start over' }).click();
    await waitForFocusedHeading(page, TITLES.calendar);
    expect(tokenOf(page)).toBe(second);
    expect((await orderOf(first)).datetime).toBeNull();

    // The new session is now the one this browser remembers: reopening offers nothing (it has no choice yet).
    await page.goto(running.product.linkOf('demo'));
    expect(await mainHeading(page)).toBe(TITLES.calendar);
    await page.context().close();
  });
});

describe('status pages that help', () => {
  it('gives the expired-session page Start again and the office phone and e-mail as links', async () => {
    const page = await openPage('mobile');
    await page.goto(
      `${running.product.baseUrl}/demo/online-scheduler/calendar?t=expired-or-forged&office=${FIXTURE_OFFICES.demo}`,
    );
    expect(await mainHeading(page)).toBe(
      'Your session expired or you are not authorized to schedule this online order...',
    );
    await expect(page.locator('main a[href^="tel:"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('main a[href^="mailto:"]').count()).resolves.toBeGreaterThan(0);
    const again = page.getByRole('link', { name: 'Start again' });
    await expect(again.getAttribute('href')).resolves.toBe(`/demo/online-scheduler/${FIXTURE_OFFICES.demo}`);
    await again.click();
    expect(await mainHeading(page)).toBe(TITLES.calendar);
    expect(tokenOf(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.context().close();
  });

  it('shows a skeleton of the card with the loading text, not a blank page, while the session loads', async () => {
    const page = await openPage('mobile');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The page as the server serves it when its first screen's data was late (decision 0023): the
    // wizard then loads the session itself.
    // A session of its own, opened by its page's URL itself (no redirect for the route to follow).
    const token = await running.product.startSessionOf('demo');
    const officeUuid = running.product.linkOf('demo').split('/').pop()!;
    const pageUrl = `${running.product.baseUrl}/demo/online-scheduler?t=${token}&office=${officeUuid}`;
    await page.route(pageUrl, async (route) => {
      const served = await route.fetch();
      const body = (await served.text()).replace(/<script type="application\/json" id="first-load">.*?<\/script>/s, '');
      expect(body).not.toContain('first-load');
      await route.fulfill({ response: served, body });
    });
    await page.route('**/online-scheduler/order', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(pageUrl);
    const skeleton = page.getByTestId('step-skeleton');
    await skeleton.waitFor();
    await expect(skeleton.getByRole('status').textContent()).resolves.toBe("Hang on, we're setting up!");
    await screenshot(page, 'loading-375');
    release();
    expect(await mainHeading(page)).toBe(TITLES.calendar);
    await page.context().close();
  });
});
