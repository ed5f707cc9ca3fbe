import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DataEncryption } from '../apps/server/src/crypto/data-encryption.ts';
import { workerBrowser, VIEWPORTS } from './support/browser.ts';
import { signInMember } from './support/console.ts';
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

    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText('A test event was queued').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [event] = received;
    expect(new Webhook(secret).verify(event!.body, event!.headers)).toMatchObject({ type: 'webhook.test' });

    // The log reads itself again while open: the delivery shows without a reload.
    const log = page.getByRole('table', { name: 'The deliveries' });
    await log.getByRole('cell', { name: 'Delivered (HTTP 204)' }).waitFor({ timeout: 15_000 });
    await log.getByRole('button', { name: /^Details of delivery/ }).click();
    await page.getByText(event!.headers['webhook-id']!).first().waitFor();

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the secret?' }).getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => secretField.inputValue()).not.toBe(secret);
    await page.getByText(/The previous secret also signs until/).waitFor();
  } finally {
    await context.close();
  }
});
