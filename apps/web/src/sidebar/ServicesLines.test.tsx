import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pricing } from '@scheduler/contracts/pricing';
import { issue20Pricing, pricedService, shownCents } from '@scheduler/domain/pricing/display-fixtures';
import { ServicesLines } from './ServicesLines.tsx';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000005';
const PAC = 'a1c0ffee-0000-4000-8000-000000000013';

const service = (id: string, name: string, subtotal: number, changes: Partial<Pricing['services'][number]> = {}) =>
  pricedService(id, name, subtotal, { ancillary: false, ...changes });

/**
 * A package of 575.00 before discounts with 65.00 bundle savings, radon at 150.00 less 15.00,
 * a 35.00 trip fee, 27.30 tax, a 25.00 coupon: 510.00 + 135.00 - 25.00 + 35.00 + 27.30 = 682.30.
 */
function pricing(changes: Partial<Pricing> = {}): Pricing {
  return issue20Pricing({
    package: {
      id: 2,
      name: "Buyer's <strong>Essentials</strong>",
      base: 42500,
      subtotal: 57500,
      amount: 51000,
      savings: 6500,
      rer: false,
      services: [],
    },
    services: [service(RADON, 'Radon Testing', 15000, { modifier_savings: 1500, amount: 13500, ancillary: true })],
    additional: {
      total: 3500,
      fees: [
        { code: 'trip', value: 3500, description: 'Trip fee' },
        { code: 'zero', value: 0, description: 'Waived fee' },
      ],
    },
    taxes: [{ code: 'oh', name: 'Ohio sales tax', total: 2730 }],
    coupons: [{ code: 'SPRING25', name: 'Spring savings', amount: 2500 }],
    totals: {
      subtotal: 64500,
      discounts: 2500,
      additional: 3500,
      taxes: 2730,
      grand_total: 68230,
      display_total: 68230,
    },
    convenience_fee_message: 'A 3% convenience fee applies to card payments.',
    ...changes,
  });
}

const show = (p: Pricing) => render(<ServicesLines pricing={p} currency="USD" pacName="Pay at Close" />);
const lineTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-line]')].map((li) => li.textContent);

const amountOf = shownCents;

describe("the review panel's Services lines (spec 2.10)", () => {
  it('lists the package, its bundle savings, the services with their savings, the non-zero fees, the coupons, the taxes and the total', () => {
    const { container } = show(pricing());
    expect(lineTexts(container)).toEqual([
      "Buyer's Essentials$575.00",
      'Bundle Savings- $65.00',
      'Radon Testing$150.00',
      'Savings- $15.00',
      'Trip fee$35.00',
      'CouponSpring savings- $25.00',
      'Ohio sales tax (tax)$27.30',
      'Total:$682.30',
    ]);
    expect(container.querySelector('strong')?.textContent).toBe('Essentials');
    expect(screen.getByText('A 3% convenience fee applies to card payments.')).toBeTruthy();
  });

  it("shows issue 20's cart as lines that add up to the total it shows: the package before its savings, the coupon, then the tax", () => {
    const issue20 = issue20Pricing();
    const lines = lineTexts(show(issue20).container) as string[];
    expect(lines).toEqual([
      "Buyer's Essentials$520.00",
      'Bundle Savings- $40.00',
      'Radon Testing$150.00',
      'Coupon10% off- $63.00',
      'Franklin County sales tax (tax)$42.53',
      'Total:$609.53',
    ]);
    // Read back from the screen: the lines above the total sum to it, to the cent.
    expect(lines.slice(0, -1).reduce((sum, line) => sum + amountOf(line), 0)).toBe(amountOf(lines.at(-1)!));
    expect(screen.queryByText('Prices before tax')).toBeNull();
  });

  it('leaves out the taxes and shows the total without them when taxes are hidden, and says the prices are before tax', () => {
    const { container } = show(pricing({ taxes_hidden: true, totals: { ...pricing().totals, display_total: 65500 } }));
    const lines = lineTexts(container);
    expect(lines.some((line) => line?.includes('(tax)'))).toBe(false);
    expect(lines.at(-1)).toBe('Total:$655.00');
    expect(screen.getByText('Prices before tax')).toBeTruthy();
  });

  it('shows names and coupons without any amount, fee, tax or total when fees are hidden', () => {
    const { container } = show(pricing({ fees_hidden: true, taxes_hidden: true }));
    expect(lineTexts(container)).toEqual([
      "Buyer's Essentials",
      'Bundle Savings',
      'Radon Testing',
      'Savings',
      'CouponSpring savings',
    ]);
    expect(container.textContent).not.toMatch(/\$/);
  });

  it('shows every coupon as a chip with its name and the amount taken off', () => {
    const totals = { ...pricing().totals, discounts: 1250, grand_total: 69480, display_total: 69480 };
    const { container } = show(
      pricing({
        coupons: [
          { code: 'A', name: 'First', amount: 1000 },
          { code: 'B', name: 'Second', amount: 250 },
        ],
        totals,
      }),
    );
    expect(screen.getAllByText('Coupon')).toHaveLength(2);
    expect(lineTexts(container)).toContain('CouponSecond- $2.50');
  });

  it('leaves pay-at-close out of the lines and drops the convenience-fee message while it is in the order', () => {
    const withPac = pricing({ services: [...pricing().services, service(PAC, 'Pay at Close', 0, { is_pac: true })] });
    const { container } = show(withPac);
    expect(lineTexts(container).some((line) => line?.includes('Pay at Close'))).toBe(false);
    expect(screen.queryByText('A 3% convenience fee applies to card payments.')).toBeNull();
  });

  it('shows no lines, no total and no convenience-fee message for an empty cart', () => {
    const { container } = show(
      pricing({ package: null, services: [], coupons: [], taxes: [], additional: { total: 0, fees: [] } }),
    );
    expect(lineTexts(container)).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('says when pay-at-close was taken out of the order', () => {
    show(pricing({ pac_removed: true }));
    expect(screen.getByText('Pay at Close is no longer available for this order and has been removed.')).toBeTruthy();
  });

  it('shows a service on its own without a savings line when nothing was taken off', () => {
    const totals = { subtotal: 42500, discounts: 0, additional: 0, taxes: 0, grand_total: 42500, display_total: 42500 };
    const { container } = show(
      pricing({
        package: null,
        services: [service(HOME, 'Home Inspection', 42500)],
        coupons: [],
        taxes: [],
        additional: { total: 0, fees: [] },
        totals,
      }),
    );
    expect(lineTexts(container)).toEqual(['Home Inspection$425.00', 'Total:$425.00']);
  });

  it('shows a package without a Bundle Savings line when it saves nothing, and with one from a cent on', () => {
    const packageSaving = (savings: number) =>
      lineTexts(
        show(
          pricing({
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
            additional: { total: 0, fees: [] },
            totals: {
              subtotal: 42500 - savings,
              discounts: 0,
              additional: 0,
              taxes: 0,
              grand_total: 42500 - savings,
              display_total: 42500 - savings,
            },
          }),
        ).container,
      );
    expect(packageSaving(0)).toEqual(['Basic$425.00', 'Total:$425.00']);
    expect(packageSaving(1)).toEqual(['Basic$425.00', 'Bundle Savings- $0.01', 'Total:$424.99']);
  });
});
