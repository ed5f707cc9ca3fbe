import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { mainHeading, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './support/browser.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';
import { useRunningProduct } from './support/running-product.ts';

const running = useRunningProduct();

async function openPage(width: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  return (await running.browser.newContext({ viewport: VIEWPORTS[width] })).newPage();
}

/** Counts the page's requests whose URL matches, from now on. */
function countRequests(page: Page, url: RegExp): { readonly count: number } {
  let count = 0;
  page.on('request', (request) => {
    if (url.test(request.url())) count++;
  });
  return {
    get count() {
      return count;
    },
  };
}

/** The availability the page fetched first, as the server sent it. */
function captureAvailability(page: Page): Promise<AppointmentSlot[]> {
  return page
    .waitForResponse((response) => response.url().includes('/json/online_scheduler/availability'))
    .then((response) => response.json() as Promise<AppointmentSlot[]>);
}

describe('the calendar step in calendar mode', () => {
  it('picks a day and a time, holds it, and moves on to the address', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    expect(await mainHeading(page)).toBe('When would you like your inspection?');
    await expect(page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).resolves.toBe(true);
    await chooseFirstSlot(page);
    await page.getByText('* indicates preferred inspectors').waitFor();
    await page
      .getByText(/^with Mike Alvarez$/)
      .first()
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-slots-1280');
    await confirmSlot(page);
    await page.waitForURL('**/demo/online-scheduler/address?**');

    const token = new URL(page.url()).searchParams.get('t')!;
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), `os-datetime-${token}`);
    expect(stored).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00,180$/);

    // Back on the calendar, the saved appointment shows with Reset, which asks, then releases it.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Reset' }).waitFor();
    // The held box says the date (the review panel beside the step says it too).
    await page
      .getByTestId('held-appointment')
      .getByText(/^Date: \d{1,2}\/\d{1,2}\/\d{4}$/)
      .waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('dialog', { name: 'Release this time?' }).getByRole('button', { name: 'Release it' }).click();
    await page.getByRole('button', { name: 'Reset' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).resolves.toBe(true);
  });

  it('shows a slot taken by another visitor after listing as no longer available, with alternatives', async () => {
    const page = await openPage('mobile');
    const fetched = captureAvailability(page);
    await page.goto(running.product.linkOf('demo'));
    const slots = await fetched;
    await chooseFirstSlot(page);
    // The page chose the first time of the first day; another visitor holds it first.
    const firstDay = slots.map((s) => s.date).sort()[0];
    const taken = slots.find((s) => s.date === firstDay)!;
    const rival = await running.product.startSessionOf('demo');
    const hold = await running.product.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/set_datetime',
      headers: { 'x-auth-token': rival },
      payload: { datetime: new Date(taken.timestamp * 1000).toISOString(), inspectors: taken.users },
    });
    expect(hold.statusCode).toBe(200);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sorry!').waitFor();
    await dialog
      .getByText(/^The appointment on \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) is no longer available\.$/)
      .waitFor();
    await dialog.getByText('Please select another appointment:').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-not-available-375');
    await dialog.getByRole('list').getByRole('button').first().click();
    // The chosen time is held and the wizard moves on; the next step says it is held.
    await page.waitForURL('**/demo/online-scheduler/address?**');
    await page.getByText(/^We're holding .* for you for 15 minutes while you finish your order\.$/).waitFor();
  });
});

describe('the calendar step on desktop and phone', () => {
  it('on desktop starts with the first available day chosen and its times shown', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
    // The grid marks the chosen day on its cell (the date-picker grid pattern).
    const firstDay = page
      .getByRole('gridcell')
      .filter({ has: page.locator('button:not([aria-disabled="true"])') })
      .first();
    await expect(firstDay.getAttribute('aria-selected')).resolves.toBe('true');
    expect(await page.getByRole('radio').count()).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).resolves.toBe(true);
  });

  it('on a phone keeps Next in reach and brings the times of a tapped day into view', async () => {
    const page = await openPage('mobile');
    await page.goto(running.product.linkOf('demo'));
    await page.getByRole('heading', { name: 'Select a day' }).waitFor();
    const inViewport = (box: { y: number; height: number } | null) =>
      box !== null && box.y >= 0 && box.y + box.height <= VIEWPORTS.mobile.height;
    expect(inViewport(await page.getByRole('button', { name: 'Next', exact: true }).boundingBox())).toBe(true);
    await expect(page.getByRole('heading', { name: 'Select a time slot' }).count()).resolves.toBe(0);
    await page
      .getByRole('gridcell')
      .getByRole('button')
      .and(page.locator(':not([aria-disabled="true"])'))
      .first()
      .click();
    const times = page.getByRole('radiogroup');
    await times.waitFor();
    // The whole list of times shows above the sticky bar, without the visitor scrolling.
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const listClearOfBar = async () => {
      const [list, bar] = [await times.boundingBox(), await next.boundingBox()];
      return inViewport(list) && inViewport(bar) && list!.y + list!.height <= bar!.y;
    };
    await expect.poll(listClearOfBar).toBe(true);
    await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
    await screenshot(page, 'calendar-times-in-view-375');
  });
});

describe('the calendar step in list mode', () => {
  it('lists appointments with inspector names, shows more, and holds the one picked', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('listing'));
    expect(await mainHeading(page)).toBe('When would you like your inspection?');
    const radios = page.getByRole('radio');
    await radios.first().waitFor();
    expect(await radios.count()).toBe(5);
    const firstLabel = await page.getByRole('radiogroup').locator('label').first().innerText();
    expect(firstLabel).toMatch(
      /^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), [A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4} at \d{1,2}:\d{2} (AM|PM)( \*)?\nwith [A-Z]/,
    );
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => radios.count()).toBe(10);
    // Show More continues where the list left off: no days skipped. The ten shown are the server's
    // first ten for the same question (five a day at most), day by day and time by time.
    const labels = await page.getByRole('radiogroup').locator('label').allInnerTexts();
    const MONTHS = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const shownAs = (label: string) => {
      const [, month, day, year, time] = /^\w+, (\w+) (\d+)\w\w (\d{4}) at (\d{1,2}:\d{2} [AP]M)/.exec(label)!;
      return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')} ${time}`;
    };
    const firstDay = shownAs(labels[0]!).slice(0, 10);
    const weeksLater = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 27 * 86_400_000).toISOString().slice(0, 10);
    const sameQuestion = await running.product.app.inject({
      method: 'GET',
      url: `/listing/json/online_scheduler/availability?from=${firstDay}&to=${weeksLater}&limit=5`,
      headers: { 'x-auth-token': await running.product.startSessionOf('listing') },
    });
    const serversFirstTen = sameQuestion
      .json<AppointmentSlot[]>()
      .slice(0, 10)
      .map((slot) => `${slot.date} ${slot.start}`);
    expect(labels.map(shownAs)).toEqual(serversFirstTen);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-list-1280');
    await radios.nth(6).check();
    await confirmSlot(page);
    await page.waitForURL('**/listing/online-scheduler/address?**');
  });
});

describe('the postal-code step', () => {
  it('refuses a postal code nobody serves, then limits the calendar to inspectors of the one entered', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('zip'));
    expect(await mainHeading(page)).toBe('Please enter the Postal Code of the property to be inspected');
    const field = page.getByLabel('Postal Code');
    await field.fill('90210');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const banner = page.getByText(
      "We're sorry but there is no upcoming availability in the 90210 postal code. You can always call us at (614) 555-0142 for help scheduling your inspection.",
    );
    await banner.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'postal-code-unavailable-1280');
    await field.fill('43017');
    await expect(banner.count()).resolves.toBe(0);
    await field.press('Enter');
    await page.waitForURL('**/zip/online-scheduler/calendar?**');
    await page.getByText('Availability may be affected by the postal code you entered (43017)').waitFor();
    await chooseFirstSlot(page);
    // Only Mike Alvarez serves 43017.
    const details = await page.getByRole('radiogroup').locator('label').allInnerTexts();
    expect(details.length).toBeGreaterThan(0);
    for (const text of details) expect(text).toContain('with Mike Alvarez');

    // "Change postal code" goes back with the code in the field, to edit (issue 8).
    await page.getByRole('button', { name: 'Change postal code' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Please enter the Postal Code of the property to be inspected' })
      .waitFor();
    await expect(page.getByLabel('Postal Code').inputValue()).resolves.toBe('43017');
  });

  it('checks a US postal code before sending it, and keeps a ZIP+4 as its five digits', async () => {
    const page = await openPage('mobile');
    await page.goto(running.product.linkOf('zip'));
    await mainHeading(page);
    const sent = countRequests(page, /\/json\/online_scheduler\/(set_postal_code|availability)/);
    const field = page.getByLabel('Postal Code');
    await expect(field.getAttribute('inputmode')).resolves.toBe('numeric');
    await expect(field.getAttribute('autocomplete')).resolves.toBe('postal-code');
    for (const bad of ['ABCDE', '43a17', '430', '00000']) {
      await field.fill(bad);
      await field.press('Enter');
      await page.getByText('Enter a 5-digit ZIP code, such as 43017 or 43017-1234.').waitFor();
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    }
    expect(sent.count).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'postal-code-format-375');
    await field.fill('43017-1234');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL('**/zip/online-scheduler/calendar?**');
    await page.getByText('Availability may be affected by the postal code you entered (43017)').waitFor();
  });
});

describe('a session that ends while the visitor works', () => {
  const unauthorizedHeading = 'Your session expired or you are not authorized to schedule this online order...';

  it('leads to the unauthorised page when the calendar saves a time', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await running.product.expireSessionOf(new URL(page.url()).searchParams.get('t')!);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: unauthorizedHeading }).waitFor();
    await page.waitForURL('**/demo/online-scheduler/unauthorized?**');
  });

  it("leads to the unauthorised page when the calendar's Reset releases the time", async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await confirmSlot(page);
    await page.waitForURL('**/demo/online-scheduler/address?**');
    await page.getByRole('button', { name: 'Back' }).click();
    const reset = page.getByRole('button', { name: 'Reset' });
    await reset.waitFor();
    await running.product.expireSessionOf(new URL(page.url()).searchParams.get('t')!);
    await reset.click();
    await page.getByRole('dialog', { name: 'Release this time?' }).getByRole('button', { name: 'Release it' }).click();
    await page.getByRole('heading', { level: 1, name: unauthorizedHeading }).waitFor();
  });

  it('leads to the unauthorised page when the postal code is saved', async () => {
    const page = await openPage();
    await page.goto(running.product.linkOf('zip'));
    await mainHeading(page);
    await running.product.expireSessionOf(new URL(page.url()).searchParams.get('t')!);
    await page.getByLabel('Postal Code').fill('43017');
    await page.getByLabel('Postal Code').press('Enter');
    await page.getByRole('heading', { level: 1, name: unauthorizedHeading }).waitFor();
  });
});

describe('a failing write', () => {
  it('is sent once: a 500 from set_datetime shows the error, and Next tries again', async () => {
    const page = await openPage();
    let failNext = true;
    const posts: number[] = [];
    await page.route('**/json/online_scheduler/set_datetime', async (route) => {
      posts.push(Date.now());
      if (!failNext) return route.continue();
      failNext = false;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Internal error' } }),
      });
    });
    await page.goto(running.product.linkOf('demo'));
    await chooseFirstSlot(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(/^Something went wrong\. Please try again, or call our office at/).waitFor();
    expect(posts).toHaveLength(1);
    await confirmSlot(page);
    expect(posts).toHaveLength(2);
    await page.waitForURL('**/demo/online-scheduler/address?**');
  });
});
