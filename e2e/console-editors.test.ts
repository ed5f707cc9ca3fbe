import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import { VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import {
  AXE_WALK_TIMEOUT_MS,
  consolePageProblems,
  signInMember,
  walkConsolePages,
  type ConsoleWalkPage,
} from './support/console.ts';
import { FIXTURE_OFFICES } from './support/product.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * The console's editors of issues 26 and 27 in the browser: a site added on Website embedding may
 * frame the wizard at once (its pages' frame-ancestors), and a visitor's session shows on Funnel;
 * every editor (Offices, Services and prices, Fees, taxes and coupons, Property questions, People,
 * Payments, Booking changes, Messages, Website embedding, Privacy, Agreements), Funnel and My tasks axe-clean at 1280 and 375 px,
 * with no sideways scroll at 375.
 */
const running = useRunningProduct();
const SITE = 'https://www.buckeye-homes.example';

async function openConsolePage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${running.product.publicUrl}/console/demo/${path}`);
  await waitForMainHeading(page, heading);
}

/** The frame-ancestors of the wizard's page for a new visitor. */
async function wizardFrameAncestors(): Promise<string> {
  const response = await fetch(running.product.linkOf('demo'), {
    redirect: 'follow',
    headers: { accept: 'text/html' },
  });
  await response.text();
  return /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
}

it('adds a site on Website embedding that may then frame the wizard, and hands over the code for it', async () => {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await signInMember(page, running.product, { email: 'eve.embed@example.com', name: 'Eve Embed', role: 'owner' });
  expect(await wizardFrameAncestors()).not.toContain(SITE);

  await openConsolePage(page, 'embedding', 'Website embedding');
  await page.getByRole('textbox', { name: 'New site' }).fill(`${SITE}/`);
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByRole('button', { name: `Remove ${SITE}` }).waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText(/saved/i).waitFor();
  expect(await wizardFrameAncestors()).toContain(SITE);

  const code = await page.getByRole('textbox', { name: 'Code to paste' }).inputValue();
  expect(code).toContain(`${running.product.publicUrl}${EMBED_SCRIPT_PATH}`);
  expect(code).toContain(`data-office="${FIXTURE_OFFICES.demo}"`);
  await page.context().close();
});

it(
  'is axe-clean on every editor of issues 26 and 27, on Funnel, Reports, My tasks and Payments at 1280 and 375 px, and never scrolls sideways at 375',
  async () => {
    const saveChanges = (page: Page) => page.getByRole('button', { name: 'Save changes' });
    const pages: ConsoleWalkPage[] = [
      { path: 'offices', heading: 'Offices', ready: saveChanges },
      { path: 'services', heading: 'Services and prices', ready: saveChanges },
      { path: 'fees-taxes-coupons', heading: 'Fees, taxes and coupons', ready: saveChanges },
      { path: 'property-questions', heading: 'Property questions', ready: saveChanges },
      { path: 'people', heading: 'People', ready: saveChanges },
      { path: 'payments', heading: 'Payments', ready: saveChanges },
      { path: 'booking-changes', heading: 'Booking changes', ready: saveChanges },
      { path: 'messages', heading: 'Messages', ready: saveChanges },
      { path: 'embedding', heading: 'Website embedding', ready: saveChanges },
      { path: 'privacy', heading: 'Privacy', ready: saveChanges },
      {
        path: 'agreements',
        heading: 'Agreements',
        ready: (page) => page.getByRole('button', { name: 'New agreement' }),
      },
      { path: 'funnel', heading: 'Funnel', ready: (page) => page.getByRole('search', { name: 'Span and office' }) },
      // The chart drawn beside its table: the page, the chart library's chunk included, is loaded.
      { path: 'reports', heading: 'Reports', ready: (page) => page.getByRole('region', { name: 'By month' }) },
      // The referral report (decision 0093): its last table's heading is there once the figures are.
      {
        path: 'reports/referrals',
        heading: 'Referrals',
        ready: (page) => page.getByRole('heading', { name: 'Agents who stopped sending work' }),
      },
      { path: 'my-tasks', heading: 'My tasks', ready: (page) => page.getByText('You have no open follow-ups.') },
      // The payments page (decision 0083) with its filters and pager loaded.
      {
        path: 'ledger',
        heading: 'Payments',
        ready: (page) => page.getByRole('navigation', { name: 'Pages of payments' }),
      },
    ];
    expect(
      await walkConsolePages(
        running.browser,
        running.product,
        { email: (width) => `ed.editors.${width}@example.com`, name: 'Ed Editors' },
        pages,
      ),
    ).toEqual([]);
  },
  AXE_WALK_TIMEOUT_MS,
);

it(
  'makes an agreement on the Agreements page, previews it filled, saves new words as version 2, and is axe-clean with the editor and its versions open at 1280 and 375 px',
  async () => {
    const problems: string[] = [];
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const page = await (await running.browser.newContext({ viewport })).newPage();
      await signInMember(page, running.product, {
        email: `ava.agreements.${viewport.width}@example.com`,
        name: 'Ava Agreements',
        role: 'owner',
      });
      await openConsolePage(page, 'agreements', 'Agreements');
      await page.getByRole('button', { name: 'New agreement' }).click();
      const name = `Pre-inspection agreement ${viewport.width}`;
      await page.getByRole('textbox', { name: /^Name/ }).fill(name);
      const text = page.getByRole('textbox', { name: /^Agreement text/ });
      await text.fill('<p>Dear , we inspect on <script>x()</script></p>');
      // The caret after "Dear ", where the placeholder goes.
      await text.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(8, 8));
      await page.getByRole('button', { name: '{client_name}' }).click();
      await page.getByRole('button', { name: 'Preview the agreement' }).click();
      const preview = page.getByRole('document', { name: 'Preview' });
      await preview.getByText('Dear Alex Sample and Jordan Sample, we inspect on').waitFor();
      problems.push(...(await consolePageProblems(page, 'agreements-editor')));

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(`“${name}” is saved as version 1.`).waitFor();
      await text.fill('<p>New words.</p>');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(`“${name}” is saved; its current version is 2.`).waitFor();
      const versions = page.getByRole('table', { name: `Versions of “${name}”` });
      expect(await versions.getByRole('row').count()).toBe(3);
      await versions.getByRole('button', { name: 'View version 1' }).click();
      // Version 1 as saved: the placeholder kept, the script gone.
      expect(await page.getByRole('document', { name: 'Version 1' }).innerHTML()).toBe(
        '<p>Dear {client_name}, we inspect on </p>',
      );
      problems.push(...(await consolePageProblems(page, 'agreements-versions')));
      await page.context().close();
    }
    expect(problems).toEqual([]);
  },
  AXE_WALK_TIMEOUT_MS,
);

it("opens a configuration page's earlier address (a bookmark) at the page's one name", async () => {
  const page = await (await running.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await signInMember(page, running.product, {
    email: 'bea.bookmarks@example.com',
    name: 'Bea Bookmarks',
    role: 'owner',
  });
  const moved = [
    ['catalogue', 'services', 'Services and prices'],
    ['pricing', 'fees-taxes-coupons', 'Fees, taxes and coupons'],
    ['questions', 'property-questions', 'Property questions'],
    ['booking-policy', 'booking-changes', 'Booking changes'],
  ] as const;
  for (const [earlier, now, heading] of moved) {
    await openConsolePage(page, earlier, heading);
    expect(new URL(page.url()).pathname).toBe(`/console/demo/${now}`);
  }
  await page.context().close();
});

it(
  "sets payment at booking on Payments (a deposit, a service's own rule, a package's), and is axe-clean at 1280 and 375 px with the rules open, with no sideways scroll",
  async () => {
    const problems: string[] = [];
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const page = await (await running.browser.newContext({ viewport })).newPage();
      await signInMember(page, running.product, {
        email: `pat.payments.${viewport.width}@example.com`,
        name: 'Pat Payments',
        role: 'owner',
      });
      await openConsolePage(page, 'payments', 'Payments');
      await page.getByRole('radio', { name: 'Stripe' }).check();
      const atBooking = page.getByRole('region', { name: 'At booking' });
      await atBooking.getByRole('radio', { name: 'A deposit of a fixed amount' }).check();
      await atBooking.getByRole('textbox', { name: 'Deposit (USD)' }).fill('100');
      await atBooking.getByRole('checkbox', { name: "Save the client's card at booking" }).check();
      await page.getByRole('button', { name: 'Add a rule for a service' }).click();
      await page.getByRole('region', { name: 'A service' }).getByRole('combobox', { name: 'Service' }).click();
      await page.getByRole('option', { name: 'Radon Testing' }).click();
      await page.getByRole('region', { name: 'Radon Testing' }).getByRole('radio', { name: 'The whole total' }).check();
      await page.getByRole('button', { name: 'Add a rule for a package' }).click();
      await page.getByRole('region', { name: 'A package' }).getByRole('combobox', { name: 'Package' }).click();
      await page.getByRole('option', { name: "Buyer's Essentials" }).click();
      const essentials = page.getByRole('region', { name: "Buyer's Essentials" });
      await essentials.getByRole('radio', { name: 'A deposit of a percent of the total' }).check();
      await essentials.getByRole('textbox', { name: 'Deposit (% of the total with tax)' }).fill('30');
      expect(await page.getByTestId('at-booking-summary').textContent()).toMatch(
        /^Clients pay a deposit of \$100\.00 when they book; the rest is due at the inspection\. Radon Testing: the whole total at booking\. Buyer's Essentials: a deposit of 30% of the total at booking\./,
      );
      problems.push(...(await consolePageProblems(page, 'payments-at-booking')));
      await page.context().close();
    }
    expect(problems).toEqual([]);
  },
  AXE_WALK_TIMEOUT_MS,
);
