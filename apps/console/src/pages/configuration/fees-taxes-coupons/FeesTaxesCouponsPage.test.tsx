import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page.tsx';
import { loads, saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import FeesTaxesCouponsPage from './FeesTaxesCouponsPage.tsx';
import { PROBLEMS } from './row-builders.ts';
import {
  DOCUMENT,
  HOME,
  PRICING,
  PRICING_COUPONS,
  PRICING_FEES,
  RADON,
  SHORT_COUPONS,
} from '../../../test-support/configuration-documents/pricing-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = typeof DOCUMENT;
const { serve } = serveConfigurationOf(DOCUMENT, 'pricing');

const renderPricing = () =>
  renderPage(<FeesTaxesCouponsPage />, {
    path: '/demo/fees-taxes-coupons',
    pattern: '/:companyKey/fees-taxes-coupons',
  });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const box = (name: string | RegExp, container: HTMLElement) =>
  within(container).getByRole('textbox', { name }) as HTMLInputElement;

/** Opens an item of a list by its heading button, and answers its editor. */
async function open(name: RegExp): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button);
  return screen.getByRole('region', { name });
}

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  if (text) await enterText(element, text);
}

async function choose(container: HTMLElement, label: string, option: string) {
  await userEvent.click(within(container).getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const SPRING = /^\$25 Off Orders of \$400 or More/;
const RADON_COUPON = /^Radon Testing 20% Off/;

describe('the fees, taxes and coupons page', () => {
  it('shows each part under its heading, both forms of each list, and what it does not edit in words', async () => {
    serve();
    renderPricing();
    await screen.findByRole('button', { name: SPRING });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fees, taxes and coupons');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Fees',
      'Discounts with other services and package fees',
      'Trip fees',
      'Taxes',
      'Coupons',
    ]);
    const fees = screen.getByRole('region', { name: 'Fees' });
    // Each item's heading: its name, and what it does in a line.
    expect(
      within(fees)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Home size adjustment home-size · on 1 service · by square feet, 2 tiers',
      'Clay tile sewer line historic-sewer · once per order · $25.00 if built before 1960',
      'Crawlspace access crawlspace · on 1 service · by foundation type',
      'Luxury home adjustment luxury-home · on 2 services · by sales price, 2 tiers',
      'Pool on the property pool · once per order · by a property question',
    ]);

    const crawlspace = await open(/^Crawlspace access/);
    expect(crawlspace.textContent).toContain(
      'By foundation type: “Crawlspace” adds $35.00; “Pier and beam” adds $50.00.',
    );
    expect(within(crawlspace).getByText('Set on the Property questions page.')).toBeTruthy();
    expect(within(crawlspace).queryByRole('textbox')).toBeNull();
    const pool = await open(/^Pool on the property/);
    expect(pool.textContent).toContain('By the question “Is there a pool?”: checked adds $40.00.');

    expect(
      within(screen.getByRole('list', { name: 'Discounts with other services' })).getByRole('listitem').textContent,
    ).toBe(
      'Radon with an inspection: Radon Testing costs $25.00 less when ordered with Single-Family Home Inspection or Condo Inspection.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Fees a package includes' })).getByRole('listitem').textContent,
    ).toBe('Home and Radon includes Home size adjustment, Crawlspace access: shown in the package, not charged.');
    const taxes = screen.getByRole('region', { name: 'Taxes' });
    expect(within(taxes).getByRole('button', { name: /^Dayton City Tax/ }).textContent).toContain(
      'dayton-city · 2.25% · Dayton · every service',
    );
  });

  it('saves an edited coupon: the exact document, the rest as it came', async () => {
    const requests = serve();
    renderPricing();
    const spring = await open(SPRING);
    expect(box('Minimum order (USD)', spring).value).toBe('400.00');
    expect(accessibleDescription(box('Minimum order (USD)', spring))).toBe(
      'The order before discounts must come to at least this, up to 1,000,000. Empty: no minimum.',
    );
    await retype(box('Minimum order (USD)', spring), '350');
    await retype(box('Most uses', spring), '500');
    await userEvent.click(within(spring).getByRole('checkbox', { name: 'Radon Testing' }));
    await userEvent.click(within(spring).getByRole('switch', { name: 'Visitors can use it' }));
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        pricing: {
          ...PRICING,
          coupons: [
            { ...PRICING_COUPONS[0], min_order_cents: 35_000, max_redemptions: 500, services: [RADON], active: false },
            PRICING_COUPONS[1],
          ],
        },
      },
    });
    expect(await screen.findByText('Saved as version 8. Visitors see the new prices now.')).toBeTruthy();
    await waitFor(() => expect(loads(requests)).toBe(2));
  });

  it('saves an edited short-form coupon in the short form', async () => {
    const requests = serve();
    renderPricing();
    const first = await open(/^First-Time Buyer 10% Off/);
    expect(within(first).queryByRole('textbox', { name: 'Minimum order (USD)' })).toBeNull();
    expect(
      within(first).getByText('An older-style coupon: it takes off every service, with no minimum order.'),
    ).toBeTruthy();
    await retype(box('Percentage off (%)', first), '12.5');
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        coupons: [
          { ...SHORT_COUPONS[0], discount: { kind: 'percent', percent: 12.5 }, max_redemptions: null, active: true },
          SHORT_COUPONS[1],
        ],
      },
    });
  });

  it('adds a fee by square feet tiers, its code made from its description, to the pricing section', async () => {
    const requests = serve();
    renderPricing();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a fee' }));
    const added = screen.getByRole('region', { name: /^New fee/ });
    await enterText(box('Description', added), 'Big one');
    expect(box('Code', added).value).toBe('big-one');
    await userEvent.click(within(added).getByRole('checkbox', { name: 'Single-Family Home Inspection' }));
    await choose(added, 'How much', 'By square feet');
    await enterText(box('Tier 1 up to (square feet)', added), '3000');
    await enterText(box('Tier 1 amount (USD)', added), '0');
    await userEvent.click(within(added).getByRole('button', { name: 'Add a tier' }));
    expect(accessibleDescription(box('Tier 2 up to (square feet)', added))).toBe(
      'Empty: and above. Or 1 to 1,000,000.',
    );
    await enterText(box('Tier 2 amount (USD)', added), '125.5');
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const fee = {
      code: 'big-one',
      description: 'Big one',
      scope: 'service',
      services: [HOME],
      rule: {
        kind: 'square_feet_tiers',
        tiers: [
          { up_to_sqft: 3000, amount_cents: 0 },
          { up_to_sqft: null, amount_cents: 12_550 },
        ],
      },
    };
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, pricing: { ...PRICING, fees: [...PRICING_FEES, fee] } },
    });
  });

  it('refuses tiers that do not rise at the tier, opening its fee, and sends nothing', async () => {
    const requests = serve();
    renderPricing();
    const home = await open(/^Home size adjustment/);
    await userEvent.click(within(home).getByRole('button', { name: 'Add a tier' }));
    // The old last tier now needs a bound: it is given one lower than the first's.
    await enterText(box('Tier 2 up to (square feet)', home), '2000');
    await enterText(box('Tier 3 amount (USD)', home), '300');
    await userEvent.click(screen.getByRole('button', { name: /^Home size adjustment/ }));
    await userEvent.click(saveButton());

    const bound = await waitFor(() => {
      const field = box('Tier 2 up to (square feet)', screen.getByRole('region', { name: /^Home size adjustment/ }));
      expect(accessibleDescription(field)).toBe('Must be more than the tier before (2,500).');
      return field;
    });
    expect(bound.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(bound));
    expect(saves(requests)).toEqual([]);
  });

  it('refuses a coupon code another coupon has in other capitals, at its field', async () => {
    const requests = serve();
    renderPricing();
    const radon = await open(RADON_COUPON);
    await retype(box('Coupon code', radon), 'spring25');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(box('Coupon code', radon))).toBe(
        'Another coupon has this code (capitals do not count): each coupon needs its own.',
      ),
    );
    expect(saves(requests)).toEqual([]);
  });

  it('adds a tax for one office at a rate with four decimals, refusing past 100', async () => {
    const requests = serve();
    renderPricing();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a tax' }));
    const tax = screen.getByRole('region', { name: /^New tax/ });
    await enterText(box('Name', tax), 'Columbus tax');
    await enterText(box('Code', tax), 'columbus');
    await enterText(box('Rate (%)', tax), '100.0001');
    await choose(tax, 'Office', 'Columbus');
    await userEvent.click(saveButton());
    await waitFor(() => expect(accessibleDescription(box('Rate (%)', tax))).toBe(PROBLEMS.rate));
    expect(saves(requests)).toEqual([]);

    await retype(box('Rate (%)', tax), '6.0625');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const sent = (saves(requests)[0] as { document: Document }).document.pricing.taxes;
    expect(sent.at(-1)).toEqual({
      code: 'columbus',
      name: 'Columbus tax',
      office: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
      rate_percent: 6.0625,
      services: [],
      additional_charges: false,
    });
  });
});
