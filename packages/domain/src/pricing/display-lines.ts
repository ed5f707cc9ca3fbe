import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '../money-format.ts';

/**
 * How a priced cart is shown (house rule 16, decision 0024): the one place that lays money out
 * as lines. The sidebar, the review, the thank-you and the confirmation e-mails draw these lines;
 * none of them adds anything up itself. Kept apart from the engine so that a screen that shows
 * prices does not carry the pricing rules.
 */

export type DisplayLineKind = 'package' | 'bundle-savings' | 'service' | 'savings' | 'fee' | 'coupon' | 'tax';

export interface DisplayLine {
  /** Stable and unique among the lines (a React key). */
  key: string;
  kind: DisplayLineKind;
  /**
   * A package's or service's name as the catalogue has it (HTML); a fee's description; a
   * coupon's name; a tax as "{name} (tax)"; "Bundle Savings" or "Savings".
   */
  label: string;
  /** What the line adds to the total, in cents: savings and coupons are negative. Null where the company hides amounts. */
  amount: number | null;
}

export interface DisplayedCart {
  /** In the order they apply (spec 2.10, DECISIONS 2.10): items and their savings, additional charges, coupons, taxes. */
  lines: DisplayLine[];
  /** The lines' sum, shown as "Total:"; null when amounts are hidden or the cart is empty. */
  total: number | null;
  /** The total leaves out taxes the order carries (ONLINE_SCHEDULER_V3_DO_NOT_SHOW_TAX_IN_PACKAGES): say "before tax". */
  beforeTax: boolean;
}

export const DISPLAY_WORDS = {
  bundleSavings: 'Bundle Savings',
  savings: 'Savings',
  tax: (name: string) => `${name} (tax)`,
  coupon: 'Coupon',
  total: 'Total:',
  /** Said wherever the prices shown leave out a tax the order carries (decision 0024). */
  beforeTax: 'Prices before tax',
  /** Before paying where the prices shown left the tax out: what the payment will be (issue 42). */
  chargedWithTax: (amount: string) => `Paying online charges ${amount}, tax included.`,
  /** Before paying what is left of an order the office took part of: the balance is what the pay link charges (issue 44). */
  balanceCharged: (amount: string) => `Paying online charges the balance due, ${amount}, tax included.`,
} as const;

/** Thrown when the lines would not add up to the total: a pricing object that breaks its own totals. */
export class DisplayTotalMismatch extends Error {
  constructor(
    readonly linesSum: number,
    readonly total: number,
  ) {
    super(`The displayed lines add up to ${linesSum} cents, the total is ${total}`);
    this.name = 'DisplayTotalMismatch';
  }
}

const minus = (cents: number) => (cents === 0 ? 0 : -cents);

function sumOf(lines: readonly DisplayLine[]): number {
  let sum = 0;
  for (const line of lines) sum += line.amount ?? 0;
  return sum;
}

/**
 * Spec 2.10 Services, 3.10, 9.4, 9.6 and DECISIONS 2.10: the package at its subtotal before
 * discounts (what its services cost one by one, gross fees included: its amount plus its bundle
 * savings) with "Bundle Savings" below it; each service outside it at its subtotal with its
 * "Savings"; the non-zero additional charges; the coupons; the taxes, which apply last; and the
 * total, which is their sum to the cent (checked: a mismatch throws). Pay-at-close is left out
 * while it costs nothing. Hidden fees keep the names and coupons without amounts, fees, taxes or
 * total; hidden taxes leave the tax lines out and the total is then before tax.
 */
export function displayLines(pricing: Pricing): DisplayedCart {
  const items = pricing.services.filter((service) => !service.is_pac || service.amount > 0 || service.subtotal > 0);
  // An empty cart has nothing to sum: no "Total: $0.00" before anything is chosen.
  if (!pricing.package && !items.some((service) => !service.is_pac))
    return { lines: [], total: null, beforeTax: false };
  const hidden = pricing.fees_hidden;
  const shown = (cents: number) => (hidden ? null : cents);
  const lines: DisplayLine[] = [];
  if (pricing.package) {
    const pkg = pricing.package;
    lines.push({ key: `package-${pkg.id}`, kind: 'package', label: pkg.name, amount: shown(pkg.amount + pkg.savings) });
    if (pkg.savings > 0)
      lines.push({
        key: 'bundle-savings',
        kind: 'bundle-savings',
        label: DISPLAY_WORDS.bundleSavings,
        amount: shown(minus(pkg.savings)),
      });
  }
  for (const service of items) {
    lines.push({ key: `service-${service.id}`, kind: 'service', label: service.name, amount: shown(service.subtotal) });
    if (service.modifier_savings > 0)
      lines.push({
        key: `savings-${service.id}`,
        kind: 'savings',
        label: DISPLAY_WORDS.savings,
        amount: shown(minus(service.modifier_savings)),
      });
  }
  if (hidden) {
    for (const coupon of pricing.coupons)
      lines.push({ key: `coupon-${coupon.code}`, kind: 'coupon', label: coupon.name, amount: null });
    return { lines, total: null, beforeTax: false };
  }
  for (const fee of pricing.additional.fees) {
    if (fee.value !== 0) lines.push({ key: `fee-${fee.code}`, kind: 'fee', label: fee.description, amount: fee.value });
  }
  for (const coupon of pricing.coupons)
    lines.push({ key: `coupon-${coupon.code}`, kind: 'coupon', label: coupon.name, amount: minus(coupon.amount) });
  if (!pricing.taxes_hidden) {
    for (const tax of pricing.taxes)
      lines.push({ key: `tax-${tax.code}`, kind: 'tax', label: DISPLAY_WORDS.tax(tax.name), amount: tax.total });
  }
  const total = pricing.taxes_hidden ? pricing.totals.grand_total - pricing.totals.taxes : pricing.totals.grand_total;
  const sum = sumOf(lines);
  if (sum !== total) throw new DisplayTotalMismatch(sum, total);
  return { lines, total, beforeTax: pricing.taxes_hidden && pricing.totals.taxes > 0 };
}

/**
 * What paying the order charges, when that is not the total shown: the grand total, tax included,
 * where the company shows prices before tax (DO_NOT_SHOW_TAX_IN_PACKAGES) and the order carries a
 * tax; null where the total shown is what is charged.
 */
export function chargeBeyondShownTotal(pricing: Pricing): number | null {
  // displayLines' `beforeTax`, read from the totals alone: a screen asks this beside the lines, not instead of them.
  const beforeTax = !pricing.fees_hidden && pricing.taxes_hidden && pricing.totals.taxes > 0;
  return beforeTax ? pricing.totals.grand_total : null;
}

/**
 * What is said beside Pay Online of what it charges (the thank-you, the e-mails): the balance due
 * once part of the order is paid (issue 44: the pay link charges the balance), else the total with
 * tax where the prices were shown before tax; null where the total shown is what is charged.
 */
export function payOnlineWords(pricing: Pricing, balanceDueCents: number | null, currency: string): string | null {
  if (balanceDueCents !== null && balanceDueCents > 0 && balanceDueCents !== pricing.totals.grand_total)
    return DISPLAY_WORDS.balanceCharged(formatMoney(balanceDueCents, currency));
  const charge = chargeBeyondShownTotal(pricing);
  return charge === null ? null : DISPLAY_WORDS.chargedWithTax(formatMoney(charge, currency));
}

/** A line's amount as shown: "- $40.00" for what is taken off, "$150.00" otherwise, "" when hidden. */
export function formatLineAmount(amount: number | null, currency: string): string {
  if (amount === null) return '';
  return amount < 0 ? `- ${formatMoney(-amount, currency)}` : formatMoney(amount, currency);
}

// ---- The packages step (spec 2.9): list prices, before tax ----

/** Spec 3.10 (DECISIONS: the first reading): what an included service costs on its own, its gross fees included. */
export function grossSubtotal(service: Pick<ServiceResponse, 'base' | 'fees'>): number {
  let sum = service.base;
  for (const fee of service.fees) sum += fee.gross;
  return sum;
}

export interface PackageCardLines {
  /** The package's price before tax. */
  price: number;
  /** Its services, each at what it costs on its own; amounts null when they would not add up to the price. */
  includes: Array<{ id: string; label: string; amount: number | null }>;
  /** "{amount} in savings"; 0 when it saves nothing (or the includes show no amounts). */
  savings: number;
}

/**
 * Spec 2.9's package card, before tax like every price of the step: the price, the included
 * services at their own prices and the savings, so that the includes less the savings are the
 * price to the cent. A package dearer than its services (no savings to show) lists them by name only.
 */
export function packageCardLines(pkg: Pick<PackageResponse, 'amount' | 'savings' | 'services'>): PackageCardLines {
  const own = pkg.services.map((service) => ({ id: service.id, label: service.name, amount: grossSubtotal(service) }));
  let sum = 0;
  for (const line of own) sum += line.amount;
  if (sum - pkg.savings === pkg.amount) return { price: pkg.amount, includes: own, savings: pkg.savings };
  return { price: pkg.amount, includes: own.map((line) => ({ ...line, amount: null })), savings: 0 };
}

/** Some price the step lists carries a tax that the listed (before-tax) price leaves out. */
export function listingsTaxed(items: Iterable<Pick<ServiceResponse, 'amount' | 'total'>>): boolean {
  for (const item of items) if (item.total > item.amount) return true;
  return false;
}
