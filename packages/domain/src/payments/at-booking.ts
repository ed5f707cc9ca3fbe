import type { BookingPaymentRule, PaymentSettings } from '@scheduler/contracts/company-document';
import { chargeableMinor } from './stripe-amounts.ts';

/**
 * What a booking pays when it is made (issue 44, decision 0085). Each thing the order books (a
 * package, or a service outside a package) has its rule: its own, or the company's. The order
 * pays the most any of them asks, on its total with tax, so that adding a service that asks a
 * deposit to a cart never lowers what is taken. The amount is rounded down to what Stripe can
 * charge exactly (three-decimal currencies): never more than the rule asks.
 */

export interface BookedItems {
  /** The standalone services the order books (uuids). */
  serviceIds: readonly string[];
  /** The packages it books (ids). */
  packageIds: readonly number[];
}

export interface BookingPayment {
  /** `deposit` when less than the total is taken, `full` when all of it is. */
  kind: 'deposit' | 'full';
  /** What is taken now, in the currency's minor units, tax included. */
  amountCents: number;
  /** What stays due at the inspection. */
  dueLaterCents: number;
}

/** What one rule asks of a total, in minor units (before Stripe's rounding). */
export function ruleAmount(rule: BookingPaymentRule, totalCents: number): number {
  switch (rule.kind) {
    case 'later':
      return 0;
    case 'full':
      return totalCents;
    case 'deposit_amount':
      return Math.min(rule.amount_cents, totalCents);
    case 'deposit_percent':
      // Half up, as the policy's percent fees are.
      return Math.min(totalCents, Math.floor((totalCents * rule.percent + 50) / 100));
  }
}

/** The rules that apply to an order: each booked item's own, or the company's where it has none. */
export function rulesFor(settings: Pick<PaymentSettings, 'at_booking' | 'services' | 'packages'>, items: BookedItems) {
  const own = (found: { at_booking: BookingPaymentRule } | undefined) => found?.at_booking ?? settings.at_booking;
  const rules = [
    ...items.serviceIds.map((id) => own(settings.services.find((entry) => entry.service === id))),
    ...items.packageIds.map((id) => own(settings.packages.find((entry) => entry.package === id))),
  ];
  return rules.length > 0 ? rules : [settings.at_booking];
}

/**
 * What the order pays at booking, or null when it pays nothing then (every rule says later, a
 * deposit of 0, a total of 0, or a company not paid through Stripe).
 */
export function bookingPaymentOf(
  settings: PaymentSettings,
  items: BookedItems,
  total: { cents: number; currency: string },
): BookingPayment | null {
  if (settings.provider !== 'stripe' || total.cents <= 0) return null;
  const asked = Math.max(0, ...rulesFor(settings, items).map((rule) => ruleAmount(rule, total.cents)));
  const amountCents = chargeableMinor(asked, total.currency);
  if (amountCents <= 0) return null;
  return {
    kind: amountCents >= total.cents ? 'full' : 'deposit',
    amountCents,
    dueLaterCents: total.cents - amountCents,
  };
}

/** Whether the client saves a card at booking: the company asks it, and pays through Stripe. */
export function savesCardAtBooking(settings: PaymentSettings): boolean {
  return settings.provider === 'stripe' && settings.save_card;
}
