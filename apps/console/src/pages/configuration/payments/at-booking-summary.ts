import type { BookingPaymentRule } from '@scheduler/contracts/company-document';
import { formatMoney } from '@scheduler/domain/money-format';
import type { AtBookingSettings } from './payments-form.ts';

/**
 * What a client is asked to pay when they book, in the words a client would understand, for the
 * page's live summary (issue 44, decision 0085). It says what the domain's bookingPaymentOf takes:
 * each booked service or package follows its own rule or the company's, and the order pays the
 * most any of them asks, on its total with tax.
 */

const NOTHING = 'nothing';
const WHOLE = 'the whole total';

/** "a deposit of $100.00", "a deposit of 25% of the total", "the whole total", or "nothing" (a deposit of 0 asks nothing). */
export function ruleText(rule: BookingPaymentRule, currency: string): string {
  switch (rule.kind) {
    case 'later':
      return NOTHING;
    case 'full':
      return WHOLE;
    case 'deposit_amount':
      return rule.amount_cents === 0 ? NOTHING : `a deposit of ${formatMoney(rule.amount_cents, currency)}`;
    case 'deposit_percent':
      if (rule.percent === 0) return NOTHING;
      return rule.percent === 100 ? WHOLE : `a deposit of ${rule.percent}% of the total`;
  }
}
/** The company's rule as one sentence. */
function companySentence(rule: BookingPaymentRule, currency: string): string {
  const asked = ruleText(rule, currency);
  if (asked === NOTHING) return 'Clients pay nothing when they book; they pay after booking.';
  if (asked === WHOLE) return 'Clients pay the whole total, tax included, when they book.';
  return `Clients pay ${asked} when they book; the rest is due at the inspection.`;
}

export interface CatalogueNames {
  service: (uuid: string) => string;
  package: (id: number) => string;
}

/**
 * "Clients pay a deposit of $100.00 when they book; the rest is due at the inspection. Radon
 * Testing: the whole total at booking. An order pays the most any of its services or packages
 * asks." Without Stripe, that nothing is taken.
 */
export function atBookingSummary(
  settings: AtBookingSettings,
  stripe: boolean,
  names: CatalogueNames,
  currency: string,
): string {
  if (!stripe) return 'Clients pay nothing when they book: taking a payment at booking needs Stripe.';
  const own = [
    ...settings.services.map((entry) => ({ name: names.service(entry.service), rule: entry.at_booking })),
    ...settings.packages.map((entry) => ({ name: names.package(entry.package), rule: entry.at_booking })),
  ];
  const sentences = [
    companySentence(settings.at_booking, currency),
    ...own.map(({ name, rule }) => `${name}: ${ruleText(rule, currency)} at booking.`),
  ];
  if (own.length > 0)
    sentences.push('An order pays the most that any of its services or packages asks, on its total with tax.');
  if (settings.save_card)
    sentences.push("The client's card is saved with Stripe, for the fees of your booking-change policy.");
  return sentences.join(' ');
}
