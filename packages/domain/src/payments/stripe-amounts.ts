/**
 * Amounts as Stripe takes them (issue 44). The product keeps money in the currency's minor units
 * as the world writes them (Intl's fraction digits: cents for USD, yen for JPY, fils for KWD).
 * Stripe mostly agrees, with its own rules: a list of zero-decimal currencies, three-decimal
 * currencies whose last digit must be 0, and ISK, which it writes with two decimals though the
 * króna has none. These functions are the one place that knows it.
 */

/** Stripe's zero-decimal currencies: the amount is whole units. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Stripe's three-decimal currencies: the amount is thousandths, and must be a multiple of 10. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many fraction digits the product's minor units carry for a currency (as formatMoney writes it). */
export function productDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** How many fraction digits Stripe's amounts carry for a currency. */
export function stripeDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/**
 * The step, in the product's minor units, that Stripe can charge exactly: 1 for most currencies,
 * 10 for the three-decimal ones (their last digit must be 0), and more where the product writes
 * more digits than Stripe takes.
 */
export function chargeableStep(currency: string): number {
  const extra = productDigits(currency) - stripeDigits(currency);
  const step = extra > 0 ? 10 ** extra : 1;
  return THREE_DECIMAL.has(currency.toUpperCase()) ? Math.max(step, 10) : step;
}

/** An amount rounded down to what Stripe can charge exactly: never more than asked. */
export function chargeableMinor(minor: number, currency: string): number {
  const step = chargeableStep(currency);
  return Math.floor(minor / step) * step;
}

/** The product's minor units as Stripe's `amount` (call `chargeableMinor` first: an uneven amount throws). */
export function toStripeAmount(minor: number, currency: string): number {
  const shift = stripeDigits(currency) - productDigits(currency);
  if (shift >= 0) return minor * 10 ** shift;
  const amount = minor / 10 ** -shift;
  if (!Number.isInteger(amount)) throw new RangeError(`${minor} is not an amount Stripe can charge in ${currency}`);
  return amount;
}

/** Stripe's `amount` in the product's minor units. */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = productDigits(currency) - stripeDigits(currency);
  return shift >= 0 ? amount * 10 ** shift : Math.round(amount / 10 ** -shift);
}
