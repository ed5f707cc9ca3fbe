import type { Pricing } from '@scheduler/contracts/pricing';
import { sidebarTexts as t } from './sidebar-texts.ts';

/** One line of the panel's Services section; `amount` is null where the company hides amounts. */
export type ServiceLine =
  | { kind: 'package' | 'service'; key: string; html: string; amount: number | null }
  | { kind: 'bundle-savings' | 'savings' | 'fee' | 'tax'; key: string; label: string; amount: number | null; negative: boolean }
  | { kind: 'coupon'; key: string; name: string; amount: number | null }
  | { kind: 'total'; key: string; amount: number };

/**
 * Spec 2.10 Services, 9.4, 9.6: the package (subtotal before discounts, bundle savings), the
 * services outside it other than pay-at-close (subtotal, modifier savings), the non-zero
 * additional fees, the taxes, the coupons and the total. Hidden fees (HIDE_ALL_FEES, or a
 * pay-at-close submission fee) hide every amount, the fees, the taxes and the total; hidden taxes
 * leave out the tax lines and the total is then the server's `display_total` (without taxes).
 */
export function serviceLines(pricing: Pricing): ServiceLine[] {
  // An empty cart has nothing to sum: no "Total: $0.00" before anything is chosen.
  if (!pricing.package && !pricing.services.some((service) => !service.is_pac)) return [];
  const hidden = pricing.fees_hidden;
  const shown = (cents: number) => (hidden ? null : cents);
  const lines: ServiceLine[] = [];
  if (pricing.package) {
    const pkg = pricing.package;
    lines.push({ kind: 'package', key: `package-${pkg.id}`, html: pkg.name, amount: shown(pkg.subtotal) });
    if (pkg.savings > 0) lines.push({ kind: 'bundle-savings', key: 'bundle-savings', label: t.bundleSavings, amount: shown(pkg.savings), negative: true });
  }
  for (const service of pricing.services) {
    if (service.is_pac) continue;
    lines.push({ kind: 'service', key: `service-${service.id}`, html: service.name, amount: shown(service.subtotal) });
    if (service.modifier_savings > 0) lines.push({ kind: 'savings', key: `savings-${service.id}`, label: t.savings, amount: shown(service.modifier_savings), negative: true });
  }
  if (hidden) {
    for (const coupon of pricing.coupons) lines.push({ kind: 'coupon', key: `coupon-${coupon.code}`, name: coupon.name, amount: null });
    return lines;
  }
  for (const fee of pricing.additional.fees) {
    if (fee.value !== 0) lines.push({ kind: 'fee', key: `fee-${fee.code}`, label: fee.description, amount: fee.value, negative: false });
  }
  if (!pricing.taxes_hidden) {
    for (const tax of pricing.taxes) lines.push({ kind: 'tax', key: `tax-${tax.code}`, label: t.tax(tax.name), amount: tax.total, negative: false });
  }
  for (const coupon of pricing.coupons) lines.push({ kind: 'coupon', key: `coupon-${coupon.code}`, name: coupon.name, amount: coupon.amount });
  lines.push({ kind: 'total', key: 'total', amount: pricing.totals.display_total });
  return lines;
}

/** Spec 2.10: the convenience-fee message shows while pay-at-close is not among the services. */
export function convenienceMessage(pricing: Pricing): string | null {
  const message = pricing.convenience_fee_message.trim();
  return message && !payAtCloseActive(pricing) && serviceLines(pricing).length > 0 ? message : null;
}

/** Spec 2.10: "Pay at Close is currently activated." when a pay-at-close service is in the pricing. */
export function payAtCloseActive(pricing: Pricing): boolean {
  return pricing.services.some((service) => service.is_pac);
}
