import type { PricingCoupon } from '@scheduler/contracts/pricing';
import { formatMoney } from '../money-format.ts';
import { apportion, percentOf } from './money.ts';

/** A share of the order's amount that coupons and taxes see: a service's, or its part of the package. */
export interface PricingUnit {
  serviceId: string;
  /** What is left of it after the coupons applied so far. */
  amount: number;
}

/** A coupon the order carries, with how many times other orders have redeemed it. */
export interface CouponUse {
  code: string;
  redemptions: number;
}

export interface CouponRefusal {
  code: string;
  reason:
    'unknown' | 'duplicate' | 'not_started' | 'expired' | 'used_up' | 'minimum_order' | 'not_applicable' | 'limit';
  message: string;
}

export interface AppliedCoupon {
  code: string;
  name: string;
  amount: number;
}

export interface CouponContext {
  coupons: ReadonlyMap<string, PricingCoupon>;
  /** The order's subtotal before discounts, for minimum orders. */
  subtotal: number;
  /** The office's local date, YYYY-MM-DD. */
  today: string;
  limit: number;
  currency: string;
}

/**
 * Minimum-order amounts as text, kept per currency: a coupon's minimum is one of few amounts, and
 * building a currency formatter costs more than pricing a whole cart.
 */
const formattedMinimums = new Map<string, string>();
const MAX_FORMATTED_MINIMUMS = 256;

function formatMinimum(cents: number, currency: string): string {
  const key = `${currency} ${cents}`;
  let text = formattedMinimums.get(key);
  if (text === undefined) {
    text = formatMoney(cents, currency);
    if (formattedMinimums.size >= MAX_FORMATTED_MINIMUMS) formattedMinimums.clear();
    formattedMinimums.set(key, text);
  }
  return text;
}

/** Said when the coupon's last use went to another order, here or when its redemption is taken. */
export const COUPON_USED_UP_MESSAGE = 'This coupon is no longer available.';

function refusal(
  code: string,
  reason: CouponRefusal['reason'],
  context: CouponContext,
  coupon?: PricingCoupon,
): CouponRefusal {
  const messages: Record<CouponRefusal['reason'], () => string> = {
    unknown: () => 'This coupon code is not valid.',
    duplicate: () => 'This coupon has already been applied to your order.',
    not_started: () => 'This coupon is not valid yet.',
    expired: () => 'This coupon has expired.',
    used_up: () => COUPON_USED_UP_MESSAGE,
    minimum_order: () =>
      `This coupon needs an order of at least ${formatMinimum(coupon?.min_order_cents ?? 0, context.currency)}.`,
    not_applicable: () => 'This coupon does not apply to the services in your order.',
    limit: () =>
      context.limit === 0
        ? 'Coupons cannot be used on this order.'
        : context.limit === 1
          ? 'Only one coupon can be used on an order.'
          : `Only ${context.limit} coupons can be used on an order.`,
  };
  return { code, reason, message: messages[reason]() };
}

function refusalOf(
  coupon: PricingCoupon | undefined,
  use: CouponUse,
  key: string,
  applied: readonly AppliedCoupon[],
  context: CouponContext,
): CouponRefusal['reason'] | null {
  if (!coupon || !coupon.active) return 'unknown';
  if (applied.some((a) => a.code.toUpperCase() === key)) return 'duplicate';
  if (coupon.valid_from !== null && context.today < coupon.valid_from) return 'not_started';
  if (coupon.valid_until !== null && context.today > coupon.valid_until) return 'expired';
  if (coupon.max_redemptions !== null && use.redemptions >= coupon.max_redemptions) return 'used_up';
  if (context.subtotal < coupon.min_order_cents) return 'minimum_order';
  if (applied.length >= context.limit) return 'limit';
  return null;
}

/**
 * Applies the order's coupons in turn. Each discounts what is left of the units it covers (a
 * percentage of it, half up, or a fixed amount up to it), so no coupon takes anything below zero;
 * its discount is spread over those units in proportion, for the taxes to see. `units` is updated.
 */
export function applyCoupons(
  uses: readonly CouponUse[],
  units: PricingUnit[],
  context: CouponContext,
): { applied: AppliedCoupon[]; refusals: CouponRefusal[] } {
  const applied: AppliedCoupon[] = [];
  const refusals: CouponRefusal[] = [];
  for (const use of uses) {
    const key = use.code.trim().toUpperCase();
    const coupon = context.coupons.get(key);
    const reason = refusalOf(coupon, use, key, applied, context);
    if (reason !== null || !coupon) {
      refusals.push(refusal(use.code, reason ?? 'unknown', context, coupon));
      continue;
    }
    const covered = coupon.services.length === 0 ? units : units.filter((u) => coupon.services.includes(u.serviceId));
    let base = 0;
    for (const unit of covered) base += unit.amount;
    if (base === 0) {
      refusals.push(refusal(use.code, 'not_applicable', context, coupon));
      continue;
    }
    const amount =
      coupon.discount.kind === 'percent'
        ? Math.min(base, percentOf(base, coupon.discount.percent))
        : Math.min(base, coupon.discount.amount_cents);
    const shares = apportion(
      amount,
      covered.map((u) => u.amount),
    );
    covered.forEach((unit, i) => (unit.amount -= shares[i]!));
    applied.push({ code: coupon.code, name: coupon.name, amount });
  }
  return { applied, refusals };
}
