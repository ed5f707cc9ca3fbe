import type { Page } from 'playwright-core';

/** Picks the first day with appointments and its first time, in calendar mode. */
export async function chooseFirstSlot(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Select a day' }).waitFor();
  await page
    .getByRole('gridcell')
    .getByRole('button')
    .and(page.locator(':not([aria-disabled="true"])'))
    .first()
    .click();
  await page.getByRole('heading', { name: 'Select a time slot' }).waitFor();
  const first = page.getByRole('radio').first();
  await first.check();
  return (await page.getByRole('radiogroup').locator('label').first().innerText()).split('\n')[0]!;
}

/**
 * Next on the calendar step: saves and holds the slot, and moves on at once (issue 20 item 10):
 * to the next step, whose held-time notice says "We're holding … for you for 15 minutes …", or,
 * when the calendar is the last step, to the review (decision 0028). Resolves to the held time as
 * the wizard writes it ("12/1/2026 at 9:00AM", without the office's zone): from that notice, or
 * from the review's date and time panel.
 */
export async function confirmSlot(page: Page, calendarLast = false): Promise<string> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  if (calendarLast) {
    await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
    const when = page.getByRole('region', { name: /^Date(, Time and Inspector| and Time)$/ });
    // Without the office's zone, which follows the time when the browser's clock reads it otherwise (decision 0029).
    return (await when.innerText())
      .split('\n')
      .find((line) => / at \d/.test(line))!
      .trim()
      .replace(/ [A-Z]{2,5}$/, '');
  }
  const notice = page
    .getByTestId('hold-indicator')
    .getByText(/^We're holding .* for you for 15 minutes while you finish your order\.$/);
  return /^We're holding (.*?)(?: [A-Z]{2,5})? for you for/.exec(await notice.innerText())![1]!;
}
