import type { ServiceResponse } from '@scheduler/contracts/catalogue';
import type { PricedService, Pricing } from '@scheduler/contracts/pricing';

/**
 * Test builders for the views of a priced cart (decision 0024): the domain's, the wizard's and
 * the e-mails' tests share them, so that each checks the same cart. Not imported by product code.
 */

export const RADON_ID = 'a1c0ffee-0000-4000-8000-000000000006';

/** A service of an order's pricing, at `subtotal` less its savings. */
export const pricedService = (
  id: string,
  name: string,
  subtotal: number,
  changes: Partial<PricedService> = {},
): PricedService => ({
  id,
  name,
  base: subtotal,
  subtotal,
  fees: [],
  modifier_savings: 0,
  amount: subtotal - (changes.modifier_savings ?? 0),
  is_pac: false,
  ancillary: true,
  rer: false,
  ...changes,
});

/**
 * Issue 20's cart: Buyer's Essentials ($425 + $95 one by one, $480 as a package), Radon $150, a
 * 10 % coupon ($63.00 of $630.00), 7.5 % tax after it ($42.525 -> $42.53): $609.53. Shown as
 * $520.00 - $40.00 + $150.00 - $63.00 + $42.53.
 */
export const issue20Pricing = (changes: Partial<Pricing> = {}): Pricing => ({
  package: {
    id: 1,
    name: "Buyer's Essentials",
    base: 48000,
    subtotal: 48000,
    amount: 48000,
    savings: 4000,
    rer: true,
    services: [],
  },
  services: [pricedService(RADON_ID, 'Radon Testing', 15000)],
  additional: { total: 0, fees: [] },
  taxes: [{ code: 'franklin', name: 'Franklin County sales tax', total: 4253 }],
  coupons: [{ code: 'TENOFF', name: '10% off', amount: 6300 }],
  totals: { subtotal: 63000, discounts: 6300, additional: 0, taxes: 4253, grand_total: 60953, display_total: 60953 },
  convenience_fee_message: '',
  pac_eligible: true,
  pac_removed: false,
  fees_hidden: false,
  taxes_hidden: false,
  ...changes,
});

/** A service as the catalogue lists it, at `base` with no fee, savings or tax unless told. */
export const listedService = (id: string, changes: Partial<ServiceResponse> = {}): ServiceResponse => ({
  id,
  name: `Service ${id.slice(-2)}`,
  description: '',
  base: 10000,
  subtotal: 10000,
  amount: 10000,
  total: 10000,
  savings: 0,
  ancillary: false,
  is_pac: false,
  label: false,
  rer: false,
  duration: 60,
  fees: [],
  ...changes,
});

/** The amount a shown line ends with ("$1,234.56", "- $40.00"), in cents; a line that ends with none is 0. */
export function shownCents(text: string): number {
  const match = /(- )?\$([\d,]+\.\d\d)$/.exec(text.trim());
  if (!match) return 0;
  return (match[1] ? -1 : 1) * Math.round(Number(match[2]!.replace(/,/g, '')) * 100);
}
