import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DataEncryption } from '../apps/server/src/crypto/data-encryption.ts';
import { focusedElement, screenshot, workerBrowser, VIEWPORTS } from './support/browser.ts';
import { consolePageProblems, signInMember } from './support/console.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

/**
 * Issue 46 in the browser: the owner adds a webhook endpoint, sends a test event that a receiver
 * on this machine gets signed (verified by the `standardwebhooks` package), sees it in the
 * endpoint's delivery log, and rotates the secret.
 */
interface Received {
  headers: Record<string, string>;
  body: string;
}
const received: Received[] = [];
const receiver = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(204).end();
  });
});
let product: RunningProduct;
let browser: Browser;
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  product = await startProduct({
    config: { DATA_ENCRYPTION_KEY: DataEncryption.newKeyEntry('e2e'), WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
    webhooks: true,
  });
  browser = await workerBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

it('lets the owner add an endpoint, send a test event it receives signed, see it in the log, and rotate the secret', async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await signInMember(page, product, { email: 'olive@hooks.example', name: 'Olive Owner', role: 'owner' });
    await page.goto(`${product.publicUrl}/console/demo/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
    await form.getByRole('checkbox', { name: /order\.confirmed/ }).check();
    await form.getByRole('button', { name: 'Add the endpoint' }).click();
    await page.getByText('The endpoint was added.').waitFor();

    await page.getByRole('button', { name: 'Show the secret' }).click();
    const secretField = page.getByRole('textbox', { name: 'Secret' });
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);

    const receivedBefore = received.length;
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText('A test event was queued').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(receivedBefore + 1);
    const event = received[receivedBefore];
    expect(new Webhook(secret).verify(event!.body, event!.headers)).toMatchObject({ type: 'webhook.test' });

    // The log reads itself again while open: the delivery shows without a reload.
    const log = page.getByRole('table', { name: 'The deliveries' });
    await log.getByRole('cell', { name: 'Delivered (HTTP 204)' }).waitFor({ timeout: 15_000 });
    await log.getByRole('button', { name: /^Show details of delivery/ }).click();
    await page.getByText(event!.headers['webhook-id']!).first().waitFor();

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the secret?' }).getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => secretField.inputValue()).not.toBe(secret);
    await page.getByText(/The previous secret also signs until/).waitFor();
  } finally {
    await context.close();
  }
});

/** What is wrong with the page as it stands, at 1280 px and then at 375 px (consolePageProblems); it is left at 375. */
async function problemsAtBothWidths(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport);
    problems.push(...(await consolePageProblems(page, `webhooks-${name}`)));
    // What the screen shows, a dialog where it opened (the whole page's picture moves it).
    await screenshot(page, `console-webhooks-${name}-${viewport.width}-screen`, { fullPage: false });
  }
  return problems;
}

/**
 * Opens a dialog with the keyboard and waits until it has taken the focus: a key pressed on one of
 * its buttons before that (the dialog's focus trap moving in late on a loaded machine) would land
 * on the dialog itself and do nothing.
 */
async function openDialogByKeyboard(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  return dialog;
}

/** The names of the buttons the Tab key reaches after the page's heading, in order, up to `last`. */
async function buttonsTabbedTo(page: Page, last: string): Promise<string[]> {
  await page.getByRole('heading', { level: 1 }).focus();
  const buttons: string[] = [];
  for (let presses = 0; presses < 80 && buttons.at(-1) !== last; presses++) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    if (focused.tag === 'button') buttons.push(focused.text);
  }
  return buttons;
}

it('is axe-clean at 1280 and 375 px with an endpoint listed, its log and a delivery open, and each of its dialogs, never scrolls sideways at 375, and keeps the keyboard in place', async () => {
  // The office's zone is the viewer's here: a time read in New York says EST or EDT.
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, timezoneId: 'America/New_York' });
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    const url = `${receiverUrl}/walk`;
    await signInMember(page, product, { email: 'wanda@hooks.example', name: 'Wanda Walker', role: 'owner' });
    await page.goto(`${product.publicUrl}/console/demo/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByRole('button', { name: 'Add an endpoint' }).waitFor();

    // The new endpoint's form, sent empty: its fields' errors.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByRole('button', { name: 'Add the endpoint' }).click();
    await form.getByText('Choose at least one event.').waitFor();
    expect(await focusedElement(page)).toMatchObject({ tag: 'input' });
    problems.push(...(await problemsAtBothWidths(page, 'new-endpoint-errors')));
    // Cancel takes the form away, and the keyboard back to the button that opened it.
    await form.getByRole('button', { name: 'Cancel' }).press('Enter');
    await form.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Add an endpoint' });

    // Added on a phone: the keyboard is where the button it pressed was, on the endpoint's form.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await form.getByRole('textbox', { name: 'URL' }).fill(url);
    await form.getByRole('checkbox', { name: /order\.confirmed/ }).check();
    await form.getByRole('button', { name: 'Add the endpoint' }).press('Enter');
    await page.getByText('The endpoint was added.').waitFor();
    await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'button', text: 'Save the endpoint' });

    // Its secret, a test event delivered, and the delivery's details open.
    await page.getByRole('button', { name: 'Show the secret' }).click();
    await page.getByRole('button', { name: 'Send a test event' }).click();
    const deliveries = page.getByRole('table', { name: 'The deliveries' });
    await deliveries.getByText('Delivered (HTTP 204)').waitFor({ timeout: 15_000 });
    await deliveries.getByRole('button', { name: /^Show details of delivery/ }).click();
    await deliveries.getByRole('heading', { name: 'Response' }).waitFor();
    // A time says its zone.
    expect(await deliveries.getByRole('row').nth(1).innerText()).toMatch(/\d:\d\d [AP]M E[SD]T\b/);
    problems.push(...(await problemsAtBothWidths(page, 'endpoint-log')));
    // On a phone every button is reached by the Tab key, in the page's order.
    const buttons = await buttonsTabbedTo(page, 'Delete the endpoint');
    expect(buttons).toContain(`Open ${url}`);
    expect(buttons.filter((name) => !name.startsWith('Open '))).toEqual([
      'Add an endpoint',
      'Save the endpoint',
      'Show the secret',
      'Rotate the secret',
      'Send a test event',
      expect.stringMatching(/^Hide details of delivery \d+$/),
      'Resend',
      'Delete the endpoint',
    ]);

    // Rotating: the dialog, then Escape, then the rotation; each time the keyboard is back on the button.
    const rotate = page.getByRole('button', { name: 'Rotate the secret' });
    await page.setViewportSize(VIEWPORTS.desktop);
    const rotateDialog = await openDialogByKeyboard(page, rotate, 'Rotate the secret?');
    problems.push(...(await problemsAtBothWidths(page, 'rotate-dialog')));
    await page.keyboard.press('Escape');
    await rotateDialog.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Rotate the secret' });
    await openDialogByKeyboard(page, rotate, 'Rotate the secret?');
    await rotateDialog.getByRole('button', { name: 'Rotate', exact: true }).press('Enter');
    const previous = page.getByText(/^The previous secret also signs until /);
    await previous.waitFor();
    await rotateDialog.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Rotate the secret' });
    expect(await previous.innerText()).toMatch(/\d:\d\d [AP]M E[SD]T\.$/);

    // Deleting: kept, then deleted; the keyboard goes back to the button, then to "Add an endpoint".
    const remove = page.getByRole('button', { name: 'Delete the endpoint' });
    await page.setViewportSize(VIEWPORTS.desktop);
    const deleteDialog = await openDialogByKeyboard(page, remove, 'Delete this endpoint?');
    problems.push(...(await problemsAtBothWidths(page, 'delete-dialog')));
    await deleteDialog.getByRole('button', { name: 'Keep it' }).press('Enter');
    await deleteDialog.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Delete the endpoint' });
    await openDialogByKeyboard(page, remove, 'Delete this endpoint?');
    await deleteDialog.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
    await page.getByText('The endpoint was deleted.').waitFor();
    await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'button', text: 'Add an endpoint' });
    expect(await page.getByRole('button', { name: `Open ${url}` }).count()).toBe(0);
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
});
