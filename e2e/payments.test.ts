import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { OrderResponse } from '@scheduler/contracts/order';
import { DataEncryption } from '../apps/server/src/crypto/data-encryption.ts';
import { FakeStripe } from '../apps/server/src/modules/payments/test-stripe-server.ts';
import { workerBrowser, mainHeading, VIEWPORTS } from './support/browser.ts';
import { startProduct, type RunningProduct } from './support/product.ts';
import { companyCalls, confirmOnReview, fillOrder, openReview, tokenOf } from './support/review.ts';
import { eq } from 'drizzle-orm';
import * as t from '../apps/server/src/db/schema.ts';
import { signInMember } from './support/console.ts';

const SECRETS = { secret_key: 'sk_test_e2eE2Ee2eE2E0001', webhook_secret: 'whsec_e2eE2Ee2eE2Esigning01' };

describe('paying online through Stripe Checkout, in the browser', () => {
  let stripe: FakeStripe;
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    stripe = await FakeStripe.start();
    // HOST names the address the links are written with (no PUBLIC_URL): the one the product listens on.
    product = await startProduct({
      config: {
        HOST: '127.0.0.1',
        DATA_ENCRYPTION_KEY: DataEncryption.newKeyEntry('e2e'),
        STRIPE_API_BASE: stripe.baseUrl,
      },
    });
    browser = await workerBrowser();
    const keys = await product.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/paying/payments/stripe',
      headers: { authorization: `Bearer ${product.adminToken}` },
      payload: SECRETS,
    });
    expect(keys.statusCode).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await stripe?.close();
  });

  it('offers Pay Online until Stripe says the order is paid, then shows "Paid", also in the tab left open', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(product.linkOf('paying'));
    await mainHeading(page);
    const call = companyCalls(page, 'paying', tokenOf(page));
    await fillOrder(call);
    await openReview(page, 'paying');
    await confirmOnReview(page);

    const pay = page.getByRole('link', { name: 'Pay Online' });
    const payUrl = (await pay.getAttribute('href'))!;
    expect(payUrl).toMatch(new RegExp(`^${product.baseUrl}/pay/[A-Za-z0-9_-]{43}$`));
    expect(await page.getByText('Paid', { exact: true }).count()).toBe(0);

    // Pay Online opens the order's Checkout Session (Stripe's page) in a tab of its own.
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), pay.click()]);
    await checkout.waitForURL(`${stripe.baseUrl}/checkout/**`);
    const session = stripe.complete(new URL(checkout.url()).pathname.split('/').pop()!);
    const order = (await call<OrderResponse>('online-scheduler/order')).body;
    expect(session.client_reference_id).toBe(order.id);

    // A forged webhook changes nothing; Stripe's signed one marks the order paid.
    const webhook = (delivery: { payload: string; signature: string }) =>
      fetch(`${product.baseUrl}/api/payments/stripe/webhook/paying`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: delivery.payload,
      });
    expect((await webhook(FakeStripe.signedEvent(session, 'whsec_forgedForgedForged00'))).status).toBe(400);
    expect((await call<OrderResponse>('online-scheduler/order')).body.paid).toBe(false);
    const delivered = await webhook(FakeStripe.signedEvent(session, SECRETS.webhook_secret));
    expect(delivered.status).toBe(200);

    // Back in the first tab, which the visitor never reloaded: it reads the order again and says so.
    await checkout.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.getByText('Paid', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Pay Online' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Pay Online' }).count()).toBe(0);

    // The pay link itself (in the e-mails) now says "Paid" and opens no second payment.
    const sessionsBefore = stripe.creations().length;
    const link = await page.context().newPage();
    await link.goto(payUrl);
    expect(await mainHeading(link)).toBe('Paid');
    expect(stripe.creations().length).toBe(sessionsBefore);
    await page.context().close();
  });

  it('takes a deposit on Stripe’s page before booking, says "Deposit paid, $X due at the inspection", and the office sees it in the order’s ledger', async () => {
    // The demo company (whose office has console members) on Stripe, taking a quarter of the total, tax included, at booking.
    const keys = await product.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo/payments/stripe',
      headers: { authorization: `Bearer ${product.adminToken}` },
      payload: SECRETS,
    });
    expect(keys.statusCode).toBe(200);
    const setPayments = (payments: Record<string, unknown>) =>
      product.database.db.update(t.companies).set({ payments }).where(eq(t.companies.key, 'demo'));
    await setPayments({ provider: 'stripe', at_booking: { kind: 'deposit_percent', percent: 25 } });
    try {
      const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
      await page.goto(product.linkOf('demo'));
      await mainHeading(page);
      const call = companyCalls(page, 'demo', tokenOf(page));
      await fillOrder(call);
      await openReview(page, 'demo');
      const section = page.getByRole('region', { name: 'Payment to book' });
      const said = (await section.textContent()) ?? '';
      const [, deposit, rest, total] =
        /A deposit of (\$[\d,.]+) is paid by card to book this inspection; the remaining (\$[\d,.]+) is due at the inspection\. Total (\$[\d,.]+), tax included\./.exec(
          said,
        ) ?? [];
      expect(deposit, said).toBeDefined();
      const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
      expect(cents(deposit!) + cents(rest!)).toBe(cents(total!));

      // Confirm goes to Stripe's page in the same tab: nothing is booked yet.
      const order = (await call<OrderResponse>('online-scheduler/order')).body;
      await page.getByRole('button', { name: 'Confirm My Inspection' }).click();
      await page.waitForURL(`${stripe.baseUrl}/checkout/**`);
      const [draft] = await product.database.db
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.id, order.id));
      expect(draft?.status).toBe('draft');
      const session = stripe.sessions.get(new URL(page.url()).pathname.split('/').pop()!)!;
      expect(session.amount_total).toBe(cents(deposit!));

      // Paid there, Stripe sends the client back to the review, which books it and thanks them.
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
      await page.getByText(`Deposit paid, ${rest} due at the inspection.`).waitFor();
      expect(new URL(page.url()).searchParams.has('booking_payment')).toBe(false);
      await page.context().close();

      // The office's order page: the deposit in the ledger, the rest as the balance due.
      const office = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
      await signInMember(office, product, { email: 'owner@deposit.example', name: 'Olive Owner', role: 'owner' });
      await office.goto(`${product.publicUrl}/console/demo/orders/${order.id}`);
      const payments = office.getByRole('region', { name: 'Payments, scrolls sideways' });
      await payments.getByText(deposit!).first().waitFor();
      const balance = office.locator('dt', { hasText: 'Balance due' }).locator('xpath=following-sibling::dd[1]');
      expect(await balance.textContent()).toBe(rest);
      await office.context().close();
    } finally {
      await setPayments({ provider: 'link' });
    }
  });
});
