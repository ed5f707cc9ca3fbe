import type { Service, Package } from '@scheduler/contracts/company-document';
import type { Pricing, PricingCart, PricingCoupon } from '@scheduler/contracts/pricing';
import { priceOrder, type CouponUse, type PricingInput, type PricingResult } from '../pricing/engine.ts';
import type { PricingCatalogue } from '../pricing/pricing-catalogue.ts';

/**
 * Repricing an order the office edits (issue 41 item 1, decision 0063). A confirmed order's price
 * is its snapshot; an edit prices the new cart with the pricing engine, so the lines, fees, coupons
 * and taxes add up exactly as the wizard's do, but over a catalogue in which:
 * - every package and service the order kept costs what the snapshot says it cost (a catalogue
 *   change since the booking never silently reprices a line nobody touched);
 * - a line the office priced by hand costs that price;
 * - the office's discount is one more coupon, so it lands before the taxes like any coupon.
 * Lines added are priced from the current catalogue, like a visitor's.
 */

/** The code of the office's discount among the order's coupons (coupon codes are 2–40 of [A-Za-z0-9_-]). */
export const OFFICE_DISCOUNT_CODE = 'OFFICE-DISCOUNT';
/** What the discount's line says on every screen and e-mail. */
export const OFFICE_DISCOUNT_NAME = 'Discount';

/** A line's price set by the office: the package's or service's own price before its fees, in cents. */
export interface LinePrice {
  kind: 'package' | 'service';
  /** The package's id in decimal, or the service's uuid. */
  id: string;
  priceCents: number;
}

export interface OrderEdit {
  cart: PricingCart;
  /** The visitor's coupons the order carries (the office's discount is not one of them). */
  couponCodes: readonly string[];
  prices: readonly LinePrice[];
  /** The office's discount in cents; 0 or less: none. */
  discountCents: number;
}

/** The base prices of the lines the confirmed order was priced with, by line ("package:1", "service:<uuid>"). */
export function confirmedBasePrices(confirmed: Pricing | null): Map<string, number> {
  const prices = new Map<string, number>();
  if (!confirmed) return prices;
  if (confirmed.package) prices.set(lineKey('package', String(confirmed.package.id)), confirmed.package.base);
  for (const service of confirmed.services) prices.set(lineKey('service', service.id), service.base);
  return prices;
}

/** The office's discount the confirmed order carries, in cents (0: none). */
export function confirmedDiscount(confirmed: Pricing | null): number {
  return confirmed?.coupons.find((coupon) => coupon.code === OFFICE_DISCOUNT_CODE)?.amount ?? 0;
}

export function lineKey(kind: LinePrice['kind'], id: string): string {
  return `${kind}:${id}`;
}

function withPrice<T extends Service | Package>(item: T, priceCents: number | undefined): T {
  return priceCents === undefined || priceCents === item.price_cents ? item : { ...item, price_cents: priceCents };
}

/**
 * The services the confirmed order was priced with, still in `cart`, that the catalogue no longer
 * has (the company deleted them since): rebuilt from the snapshot's line, so an edit keeps pricing
 * them at what the order booked them at, like any kept line, until the office takes them off.
 * Nothing else of theirs is known any more: no fee of the catalogue names them, and they add no
 * minutes to a length the edit re-plans. Pay-at-close is the office's setting, never one of these.
 */
export function retiredServices(
  catalogue: PricingCatalogue,
  confirmed: Pricing | null,
  cart: readonly string[],
): Service[] {
  return (confirmed?.services ?? [])
    .filter((line) => !line.is_pac && cart.includes(line.id) && !catalogue.services.has(line.id))
    .map((line) => ({
      uuid: line.id,
      name: line.name,
      description: '',
      ancillary: line.ancillary,
      is_pac: false,
      label: false,
      rer: line.rer,
      price_cents: line.base,
      duration_minutes: 0,
      sort: 0,
      prepare: '',
    }));
}

/** The catalogue the edit is priced over: kept lines at their snapshot price, the office's prices, its discount. */
export function editCatalogue(
  catalogue: PricingCatalogue,
  confirmed: Pricing | null,
  edit: OrderEdit,
): PricingCatalogue {
  const prices = confirmedBasePrices(confirmed);
  for (const price of edit.prices) prices.set(lineKey(price.kind, price.id), price.priceCents);
  const services = new Map(catalogue.services);
  for (const service of retiredServices(catalogue, confirmed, edit.cart.services)) services.set(service.uuid, service);
  for (const [id, service] of services) services.set(id, withPrice(service, prices.get(lineKey('service', id))));
  const packages = new Map(catalogue.packages);
  for (const [id, pkg] of packages) packages.set(id, withPrice(pkg, prices.get(lineKey('package', String(id)))));
  const coupons = new Map(catalogue.coupons);
  if (edit.discountCents > 0) coupons.set(OFFICE_DISCOUNT_CODE, officeDiscountCoupon(edit.discountCents));
  return { ...catalogue, services, packages, coupons };
}

function officeDiscountCoupon(amountCents: number): PricingCoupon {
  return {
    code: OFFICE_DISCOUNT_CODE,
    name: OFFICE_DISCOUNT_NAME,
    discount: { kind: 'amount', amount_cents: amountCents },
    valid_from: null,
    valid_until: null,
    max_redemptions: null,
    min_order_cents: 0,
    services: [],
    active: true,
  };
}

/**
 * The edited order priced: the engine over `editCatalogue`, with the order's coupons and the
 * office's discount last (it takes off what is left after the visitor's coupons). The company's
 * coupon limit binds visitors' coupons, not the office's discount.
 */
export function priceEdit(
  input: Omit<PricingInput, 'cart' | 'coupons'>,
  confirmed: Pricing | null,
  edit: OrderEdit,
): PricingResult {
  const coupons: CouponUse[] = edit.couponCodes
    .filter((code) => code.toUpperCase() !== OFFICE_DISCOUNT_CODE)
    .map((code) => ({ code, redemptions: 0 }));
  const discount = edit.discountCents > 0;
  if (discount) coupons.push({ code: OFFICE_DISCOUNT_CODE, redemptions: 0 });
  return priceOrder({
    ...input,
    catalogue: editCatalogue(input.catalogue, confirmed, edit),
    cart: edit.cart,
    coupons,
    settings: discount ? { ...input.settings, couponLimit: input.settings.couponLimit + 1 } : input.settings,
  });
}

/**
 * Whether the edit changes a price by hand: a line priced other than the catalogue (for a line
 * added) or the snapshot (for a line kept) would charge it, or a discount other than the one the
 * order carries. Such an edit needs a reason.
 */
export function changesPriceByHand(catalogue: PricingCatalogue, confirmed: Pricing | null, edit: OrderEdit): boolean {
  const kept = confirmedBasePrices(confirmed);
  const byHand = edit.prices.some((price) => {
    const before =
      kept.get(lineKey(price.kind, price.id)) ??
      (price.kind === 'service'
        ? catalogue.services.get(price.id)?.price_cents
        : catalogue.packages.get(Number(price.id))?.price_cents);
    return before !== price.priceCents;
  });
  return byHand || Math.max(0, edit.discountCents) !== confirmedDiscount(confirmed);
}
