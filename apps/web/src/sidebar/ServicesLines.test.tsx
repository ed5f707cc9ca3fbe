import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pricing } from '@scheduler/contracts/pricing';
import { ServicesLines } from './ServicesLines.tsx';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000005';
const PAC = 'a1c0ffee-0000-4000-8000-000000000013';

const service = (id: string, name: string, subtotal: number, changes: Partial<Pricing['services'][number]> = {}): Pricing['services'][number] => ({
  id,
  name,
  base: subtotal,
  subtotal,
  fees: [],
  modifier_savings: 0,
  amount: subtotal,
  is_pac: false,
  ancillary: false,
  rer: false,
  ...changes,
});

/**
 * A package of 575.00 before discounts with 65.00 bundle savings, radon at 150.00 less 15.00,
 * a 35.00 trip fee, 27.30 tax, a 25.00 coupon: 510.00 + 135.00 - 25.00 + 35.00 + 27.30 = 682.30.
 */
function pricing(changes: Partial<Pricing> = {}): Pricing {
  return {
    package: { id: 2, name: "Buyer's <strong>Essentials</strong>", base: 42500, subtotal: 57500, amount: 51000, savings: 6500, rer: false, services: [] },
    services: [service(RADON, 'Radon Testing', 15000, { modifier_savings: 1500, amount: 13500, ancillary: true })],
    additional: { total: 3500, fees: [{ code: 'trip', value: 3500, description: 'Trip fee' }, { code: 'zero', value: 0, description: 'Waived fee' }] },
    taxes: [{ code: 'oh', name: 'Ohio sales tax', total: 2730 }],
    coupons: [{ code: 'SPRING25', name: 'Spring savings', amount: 2500 }],
    totals: { subtotal: 64500, discounts: 2500, additional: 3500, taxes: 2730, grand_total: 68230, display_total: 68230 },
    convenience_fee_message: 'A 3% convenience fee applies to card payments.',
    pac_eligible: true,
    pac_removed: false,
    fees_hidden: false,
    taxes_hidden: false,
    ...changes,
  };
}

const show = (p: Pricing) => render(<ServicesLines pricing={p} currency="USD" pacName="Pay at Close" />);
const lineTexts = (container: HTMLElement) => [...container.querySelectorAll('[data-line]')].map((li) => li.textContent);

describe('the review panel\'s Services lines (spec 2.10)', () => {
  it('lists the package, its bundle savings, the services with their savings, the non-zero fees, the taxes, the coupons and the total', () => {
    const { container } = show(pricing());
    expect(lineTexts(container)).toEqual([
      "Buyer's Essentials$575.00",
      'Bundle Savings- $65.00',
      'Radon Testing$150.00',
      'Savings- $15.00',
      'Trip fee$35.00',
      'Ohio sales tax (tax)$27.30',
      'CouponSpring savings- $25.00',
      'Total:$682.30',
    ]);
    expect(container.querySelector('strong')?.textContent).toBe('Essentials');
    expect(screen.getByText('A 3% convenience fee applies to card payments.')).toBeTruthy();
  });

  it('leaves out the taxes and shows the total without them when taxes are hidden', () => {
    const { container } = show(pricing({ taxes_hidden: true, totals: { ...pricing().totals, display_total: 65500 } }));
    const lines = lineTexts(container);
    expect(lines.some((line) => line?.includes('(tax)'))).toBe(false);
    expect(lines.at(-1)).toBe('Total:$655.00');
  });

  it('shows names and coupons without any amount, fee, tax or total when fees are hidden', () => {
    const { container } = show(pricing({ fees_hidden: true, taxes_hidden: true }));
    expect(lineTexts(container)).toEqual(["Buyer's Essentials", 'Bundle Savings', 'Radon Testing', 'Savings', 'CouponSpring savings']);
    expect(container.textContent).not.toMatch(/\$/);
  });

  it('shows every coupon as a chip with its name and the amount taken off', () => {
    const { container } = show(pricing({ coupons: [{ code: 'A', name: 'First', amount: 1000 }, { code: 'B', name: 'Second', amount: 250 }] }));
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
    const { container } = show(pricing({ package: null, services: [], coupons: [], taxes: [], additional: { total: 0, fees: [] } }));
    expect(lineTexts(container)).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('says when pay-at-close was taken out of the order', () => {
    show(pricing({ pac_removed: true }));
    expect(screen.getByText('Pay at Close is no longer available for this order and has been removed.')).toBeTruthy();
  });

  it('shows a service on its own without a savings line when nothing was taken off', () => {
    const { container } = show(pricing({ package: null, services: [service(HOME, 'Home Inspection', 42500)], coupons: [], taxes: [], additional: { total: 0, fees: [] } }));
    expect(lineTexts(container)).toEqual(['Home Inspection$425.00', 'Total:$682.30']);
  });
});
