import { describe, expect, it } from 'vitest';
import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import { formatMoney } from '../money-format.ts';
import { issue20Pricing, listedService, pricedService, RADON_ID } from './display-fixtures.ts';
import {
  chargeBeyondShownTotal,
  DISPLAY_WORDS,
  DisplayTotalMismatch,
  displayLines,
  formatLineAmount,
  grossSubtotal,
  listingsTaxed,
  packageCardLines,
  payOnlineWords,
  type DisplayedCart,
} from './display-lines.ts';

const RADON = RADON_ID;
const PAC = 'a1c0ffee-0000-4000-8000-000000000013';
const service = pricedService;
const example = issue20Pricing;

const rows = (shown: DisplayedCart) => shown.lines.map((line) => [line.kind, line.label, line.amount]);
const sum = (shown: DisplayedCart) => shown.lines.reduce((total, line) => total + (line.amount ?? 0), 0);

describe('displayLines: a priced cart as lines that add up (house rule 16, decision 0024)', () => {
  it("shows issue 20's cart with the package before its savings, the coupon, then the tax, adding up to the total", () => {
    const shown = displayLines(example());
    expect(rows(shown)).toEqual([
      ['package', "Buyer's Essentials", 52000],
      ['bundle-savings', 'Bundle Savings', -4000],
      ['service', 'Radon Testing', 15000],
      ['coupon', '10% off', -6300],
      ['tax', 'Franklin County sales tax (tax)', 4253],
    ]);
    expect(shown.total).toBe(60953);
    expect(sum(shown)).toBe(shown.total);
    expect(shown.beforeTax).toBe(false);
  });

  it('shows the package at its amount plus its savings: its waived fees at their gross amount are inside the savings', () => {
    // $425 + a $150 home-size fee the package waives + $95 = $670 one by one; the package charges $480.
    const pkg = {
      id: 1,
      name: 'Essentials',
      base: 48000,
      subtotal: 63000,
      amount: 48000,
      savings: 19000,
      rer: false,
      services: [],
    };
    const shown = displayLines(
      example({
        package: pkg,
        services: [],
        coupons: [],
        taxes: [],
        totals: { subtotal: 48000, discounts: 0, additional: 0, taxes: 0, grand_total: 48000, display_total: 48000 },
      }),
    );
    expect(rows(shown)).toEqual([
      ['package', 'Essentials', 67000],
      ['bundle-savings', 'Bundle Savings', -19000],
    ]);
    expect(shown.total).toBe(48000);
  });

  it("puts a service's savings under it and the non-zero additional charges before the coupons", () => {
    const shown = displayLines(
      example({
        package: null,
        services: [service(RADON, 'Radon Testing', 15000, { modifier_savings: 2500 })],
        additional: {
          total: 3500,
          fees: [
            { code: 'trip', value: 3500, description: 'Trip charge' },
            { code: 'zero', value: 0, description: 'Waived' },
          ],
        },
        coupons: [{ code: 'A', name: 'First', amount: 1000 }],
        taxes: [{ code: 't', name: 'Tax', total: 263 }],
        totals: {
          subtotal: 12500,
          discounts: 1000,
          additional: 3500,
          taxes: 263,
          grand_total: 15263,
          display_total: 15263,
        },
      }),
    );
    expect(rows(shown)).toEqual([
      ['service', 'Radon Testing', 15000],
      ['savings', 'Savings', -2500],
      ['fee', 'Trip charge', 3500],
      ['coupon', 'First', -1000],
      ['tax', 'Tax (tax)', 263],
    ]);
    expect(shown.total).toBe(15263);
  });

  it('leaves the taxes out when they are hidden, and the total is then before tax and says so', () => {
    const shown = displayLines(example({ taxes_hidden: true, totals: { ...example().totals, display_total: 56700 } }));
    expect(shown.lines.some((line) => line.kind === 'tax')).toBe(false);
    expect(shown.total).toBe(56700);
    expect(sum(shown)).toBe(56700);
    expect(shown.beforeTax).toBe(true);
  });

  it('does not say "before tax" when the order carries no tax', () => {
    const noTax = example({
      taxes: [],
      taxes_hidden: true,
      totals: { subtotal: 63000, discounts: 6300, additional: 0, taxes: 0, grand_total: 56700, display_total: 56700 },
    });
    expect(displayLines(noTax).beforeTax).toBe(false);
  });

  it('says the balance Pay Online charges once part is paid, and the total with tax before that (issue 44)', () => {
    const grand = example().totals.grand_total;
    const hidden = example({ taxes_hidden: true, totals: { ...example().totals, display_total: 56700 } });
    expect(payOnlineWords(example(), grand, 'USD')).toBeNull();
    expect(payOnlineWords(example(), null, 'USD')).toBeNull();
    expect(payOnlineWords(hidden, grand, 'USD')).toBe(DISPLAY_WORDS.chargedWithTax(formatMoney(grand, 'USD')));
    expect(payOnlineWords(example(), 1, 'USD')).toBe('Paying online charges the balance due, $0.01, tax included.');
    expect(payOnlineWords(hidden, grand - 10_000, 'USD')).toBe(
      DISPLAY_WORDS.balanceCharged(formatMoney(grand - 10_000, 'USD')),
    );
    // Nothing left to pay: nothing is charged, so nothing is said of a balance.
    expect(payOnlineWords(example(), 0, 'USD')).toBeNull();
  });

  it('says what paying charges only where the total shown leaves a tax out (issue 42)', () => {
    const hidden = example({ taxes_hidden: true, totals: { ...example().totals, display_total: 56700 } });
    expect(chargeBeyondShownTotal(hidden)).toBe(example().totals.grand_total);
    expect(chargeBeyondShownTotal(hidden)).not.toBe(displayLines(hidden).total);
    // Taxes shown: the total shown is the charge.
    expect(chargeBeyondShownTotal(example())).toBeNull();
    // Hidden but none carried: the same.
    expect(
      chargeBeyondShownTotal(
        example({
          taxes: [],
          taxes_hidden: true,
          totals: {
            subtotal: 63000,
            discounts: 6300,
            additional: 0,
            taxes: 0,
            grand_total: 56700,
            display_total: 56700,
          },
        }),
      ),
    ).toBeNull();
  });

  it('keeps names and coupons without amounts, fees, taxes or total when fees are hidden', () => {
    const shown = displayLines(
      example({
        fees_hidden: true,
        taxes_hidden: true,
        additional: { total: 3500, fees: [{ code: 'trip', value: 3500, description: 'Trip charge' }] },
      }),
    );
    expect(rows(shown)).toEqual([
      ['package', "Buyer's Essentials", null],
      ['bundle-savings', 'Bundle Savings', null],
      ['service', 'Radon Testing', null],
      ['coupon', '10% off', null],
    ]);
    expect(shown.total).toBeNull();
  });

  it('shows nothing for an empty cart, nor for pay-at-close alone', () => {
    const empty = {
      package: null,
      services: [],
      coupons: [],
      taxes: [],
      additional: { total: 3500, fees: [{ code: 'trip', value: 3500, description: 'Trip charge' }] },
    };
    expect(displayLines(example(empty))).toEqual({ lines: [], total: null, beforeTax: false });
    expect(displayLines(example({ ...empty, services: [service(PAC, 'Pay at Close', 0, { is_pac: true })] }))).toEqual({
      lines: [],
      total: null,
      beforeTax: false,
    });
  });

  it('leaves out a pay-at-close service that costs nothing, and shows one that costs something, so the lines still add up', () => {
    const free = displayLines(
      example({ services: [...example().services, service(PAC, 'Pay at Close', 0, { is_pac: true })] }),
    );
    expect(free.lines.some((line) => line.label === 'Pay at Close')).toBe(false);
    const charged = example({
      services: [...example().services, service(PAC, 'Pay at Close', 1000, { is_pac: true })],
      totals: { ...example().totals, subtotal: 64000, grand_total: 61953, display_total: 61953 },
    });
    const shown = displayLines(charged);
    expect(shown.lines.find((line) => line.label === 'Pay at Close')?.amount).toBe(1000);
    expect(sum(shown)).toBe(61953);
  });

  it('shows a package without a Bundle Savings line when it saves nothing, and with one from a cent on', () => {
    const packageSaving = (savings: number) =>
      rows(
        displayLines(
          example({
            package: {
              id: 2,
              name: 'Basic',
              base: 42500,
              subtotal: 42500,
              amount: 42500 - savings,
              savings,
              rer: false,
              services: [],
            },
            services: [],
            coupons: [],
            taxes: [],
            totals: {
              subtotal: 42500 - savings,
              discounts: 0,
              additional: 0,
              taxes: 0,
              grand_total: 42500 - savings,
              display_total: 42500 - savings,
            },
          }),
        ),
      );
    expect(packageSaving(0)).toEqual([['package', 'Basic', 42500]]);
    expect(packageSaving(1)).toEqual([
      ['package', 'Basic', 42500],
      ['bundle-savings', 'Bundle Savings', -1],
    ]);
  });

  it('refuses a pricing whose lines do not add up to its total', () => {
    const broken = example({ totals: { ...example().totals, grand_total: 60954, display_total: 60954 } });
    expect(() => displayLines(broken)).toThrow(DisplayTotalMismatch);
  });
});

describe('formatLineAmount', () => {
  it('writes what is taken off with a minus, and nothing where the amount is hidden', () => {
    expect(formatLineAmount(-4000, 'USD')).toBe('- $40.00');
    expect(formatLineAmount(15000, 'USD')).toBe('$150.00');
    expect(formatLineAmount(0, 'USD')).toBe('$0.00');
    expect(formatLineAmount(null, 'USD')).toBe('');
  });
});

const listed = (id: string, name: string, base: number, changes: Partial<ServiceResponse> = {}): ServiceResponse =>
  listedService(id, { name, base, subtotal: base, amount: base, total: base, ...changes });

describe('packageCardLines: the package card before tax (spec 2.9, decision 0024)', () => {
  const HOME = listed('a1c0ffee-0000-4000-8000-000000000001', 'Home', 42500, { total: 45688 });
  const TERMITE = listed('a1c0ffee-0000-4000-8000-000000000008', 'Termite', 9500, { total: 10213 });
  const essentials = (changes: Partial<PackageResponse> = {}): PackageResponse => ({
    id: 1,
    name: "Buyer's Essentials",
    description: '',
    base: 48000,
    subtotal: 48000,
    amount: 48000,
    total: 51600,
    savings: 4000,
    best: false,
    bestText: '',
    rer: true,
    duration: 210,
    services: [HOME, TERMITE],
    ...changes,
  });

  it('shows $480.00 with its services at $425.00 and $95.00 and $40.00 in savings: the includes less the savings are the price', () => {
    const card = packageCardLines(essentials());
    expect(card).toEqual({
      price: 48000,
      includes: [
        { id: HOME.id, label: 'Home', amount: 42500 },
        { id: TERMITE.id, label: 'Termite', amount: 9500 },
      ],
      savings: 4000,
    });
    expect(card.includes.reduce((total, line) => total + line.amount!, 0) - card.savings).toBe(card.price);
  });

  it('counts an included service at its gross fees, which the package may waive', () => {
    const home = { ...HOME, fees: [{ gross: 15000, value: 15000, description: 'Home size' }] };
    const card = packageCardLines(essentials({ services: [home, TERMITE], subtotal: 63000, savings: 19000 }));
    expect(card.includes.map((line) => line.amount)).toEqual([57500, 9500]);
    expect(card.savings).toBe(19000);
  });

  it('lists the services by name only when a package costs more than they do one by one', () => {
    const card = packageCardLines(essentials({ amount: 60000, savings: 0 }));
    expect(card.price).toBe(60000);
    expect(card.includes.map((line) => line.amount)).toEqual([null, null]);
    expect(card.savings).toBe(0);
  });

  it('builds a gross subtotal from the base and every gross fee', () => {
    expect(
      grossSubtotal({
        base: 42500,
        fees: [
          { gross: 15000, value: 0, description: 'Home size' },
          { gross: 3500, value: 3500, description: 'Crawlspace' },
        ],
      }),
    ).toBe(61000);
  });

  it('knows whether any listed price leaves out a tax', () => {
    expect(listingsTaxed([HOME, TERMITE])).toBe(true);
    expect(listingsTaxed([listed('x', 'Untaxed', 100)])).toBe(false);
    expect(listingsTaxed([])).toBe(false);
  });
});
