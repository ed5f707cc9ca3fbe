import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as t from '../apps/server/src/db/schema.ts';
import { insertAgreementTemplate } from '../apps/server/src/modules/agreements/agreements-test-support.ts';
import { accessibilityViolations, screenshot, VIEWPORTS } from './support/browser.ts';
import { clientNamed, signInMember, waitForMail } from './support/console.ts';
import { readMailSource } from './support/mail.ts';
import { bookDemoOrder, bookingWindow, linkInMessage, pageScrollWidth } from './support/manage.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * Issue 43 in the browser: the company's agreement goes out with a booking of two clients; each
 * follows the link of their own e-mail and signs, one on a phone by typing, the other at a desk by
 * drawing; the office watches the order's page change as they do and downloads the sealed PDF,
 * whose bytes are the ones stored with their hash.
 */
const running = useRunningProduct();

const NORA = { ...clientNamed('Nora', 'Ibanez'), last: 'Ibáñez' };
const LEE = clientNamed('Lee', 'Park');
const TITLE = 'Pre-inspection agreement';

/** The demo company's agreement for every order, as the console's editor saves its first version. */
async function demoAgreement(): Promise<void> {
  await insertAgreementTemplate(running.product.database.db, 'demo', {
    name: TITLE,
    bodyHtml:
      '<h3>Scope of the inspection</h3><p>{client_name} engage {company_name} to inspect {address} on {datetime}.</p><ul><li>The inspection is visual.</li><li>The report is for the clients alone.</li></ul><p>{price_lines}</p>',
  });
}

/** The signing link of the request e-mailed to `to`. */
async function signingLinkFor(to: string): Promise<string> {
  const mail = await waitForMail(running.product, to, (m) => m.subject.startsWith('Review and sign your agreement'));
  const { html } = await readMailSource(running.product.outboxDir, mail);
  const link = await linkInMessage(running.browser, html, 'Review and sign');
  if (!link) throw new Error(`no signing link in the e-mail to ${to}`);
  const url = new URL(link);
  return `${running.product.baseUrl}${url.pathname}`;
}

/** The signing form's fields, filled: the consent, the name, and the signature drawn or typed. */
async function fillSignature(page: Page, name: string, method: 'Type' | 'Draw'): Promise<void> {
  await page.getByRole('checkbox', { name: /I agree to sign this agreement electronically/ }).check();
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await page.getByRole('radio', { name: method }).check();
  if (method === 'Draw') {
    const canvas = page.getByRole('img', { name: 'Signature drawing area' });
    // The pointer reaches only what is in view.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(box.x + 20 + step * 15, box.y + box.height / 2 + (step % 2 === 0 ? 12 : -12));
    await page.mouse.up();
  }
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
}

async function signAs(page: Page, name: string, method: 'Type' | 'Draw'): Promise<void> {
  await page.getByRole('heading', { name: TITLE }).first().waitFor();
  await fillSignature(page, name, method);
  await page.getByRole('heading', { name: 'Signed' }).waitFor();
}

it('sends the agreement with a booking of two clients; each signs from their own e-mail, one on a phone; the office watches and downloads the sealed PDF', async () => {
  const { product, browser } = running;
  await demoAgreement();
  const office = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const phone = await browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });
  const desk = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const booked = await bookDemoOrder(await (await browser.newContext()).newPage(), product, {
      client: NORA,
      coClients: [LEE],
      window: bookingWindow(9),
    });
    await product.notificationsDrained();

    const console = await office.newPage();
    await signInMember(console, product, { email: 'owner@agreements.example', name: 'Olive Owner', role: 'owner' });
    await console.goto(`${product.publicUrl}/console/demo/orders/${booked.orderId}`);
    const section = console.getByRole('article', { name: TITLE });
    await section.getByText('Waiting for signatures').waitFor();

    // Nora, on her phone, types her signature.
    const noraPage = await phone.newPage();
    await noraPage.goto(await signingLinkFor(NORA.email));
    await noraPage.getByText('Nora Ibáñez and Lee Park engage Scioto Valley Home Inspections').waitFor();
    expect(await pageScrollWidth(noraPage)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(await accessibilityViolations(noraPage)).toEqual([]);
    await screenshot(noraPage, 'agreements-sign-375');
    await signAs(noraPage, 'Nora Ibáñez', 'Type');
    await noraPage.getByText(/other client\(s\) have signed too/).waitFor();
    expect(await accessibilityViolations(noraPage)).toEqual([]);

    // The office's page follows without a reload: Nora's signature shows.
    await section
      .getByRole('listitem')
      .filter({ hasText: NORA.email })
      .getByText(/Signed/)
      .waitFor();

    // Lee, at a desk, draws his.
    const leePage = await desk.newPage();
    await leePage.goto(await signingLinkFor(LEE.email));
    await signAs(leePage, 'Lee Park', 'Draw');
    await leePage.getByRole('link', { name: 'Download the signed agreement (PDF)' }).waitFor();
    await screenshot(leePage, 'agreements-signed-1280');

    await section.getByText('Signed', { exact: true }).waitFor();
    await screenshot(section, 'agreements-order-page-1280');
    expect(await accessibilityViolations(console)).toEqual([]);
    const [download] = await Promise.all([
      console.waitForEvent('download'),
      section.getByRole('link', { name: `Download PDF: ${TITLE}` }).click(),
    ]);
    const bytes = await readFile((await download.path())!);
    const [agreement] = await product.database.db
      .select({ pdf: t.orderAgreements.pdfDocumentId })
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, booked.orderId));
    const [stored] = await product.database.db
      .select({ sha256: t.documents.sha256 })
      .from(t.documents)
      .where(eq(t.documents.id, agreement!.pdf!));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored!.sha256);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Each client and the office get the sealed copy.
    await product.notificationsDrained();
    const copy = await waitForMail(product, LEE.email, (m) => m.subject.startsWith('Your signed agreement'));
    expect(copy.subject).toBe(`Your signed agreement: ${TITLE}`);
  } finally {
    await office.close();
    await phone.close();
    await desk.close();
  }
});

it('has a client who books sign on the review, on a phone, when the company signs at booking; the booking comes sealed', async () => {
  const { product, browser } = running;
  const db = product.database.db;
  await db
    .update(t.companies)
    .set({ agreementSettings: { signers: 'all', licence_number: '', signing: 'at_booking', warn_hours_before: 48 } })
    .where(eq(t.companies.key, 'demo'));
  const rosa = clientNamed('Rosa', 'Vega');
  const phone = await browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });
  try {
    const booked = await bookDemoOrder(await phone.newPage(), product, {
      client: rosa,
      window: bookingWindow(10),
      onReview: async (page) => {
        await page.getByRole('heading', { name: 'Your inspection agreement' }).waitFor();
        // Confirm first: nothing is booked unsigned, and the review says why.
        await page.getByRole('button', { name: 'Confirm My Inspection' }).click();
        await page.getByText('Read and sign the agreement above before you confirm your inspection.').waitFor();
        await page.getByRole('region', { name: TITLE }).getByText('Rosa Vega engage Scioto Valley').waitFor();
        expect(await pageScrollWidth(page)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
        expect(await accessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'agreements-review-375', { fullPage: true });
        await fillSignature(page, 'Rosa Vega', 'Type');
        await page.getByText(/Signed as Rosa Vega/).waitFor();
      },
    });
    const [agreement] = await db
      .select({ status: t.orderAgreements.status, pdf: t.orderAgreements.pdfDocumentId })
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, booked.orderId));
    expect(agreement).toMatchObject({ status: 'signed' });
    expect(agreement!.pdf).not.toBeNull();
    await product.notificationsDrained();
    const copy = await waitForMail(product, rosa.email, (m) => m.subject.startsWith('Your signed agreement'));
    expect(copy.subject).toBe(`Your signed agreement: ${TITLE}`);
  } finally {
    await phone.close();
  }
});
