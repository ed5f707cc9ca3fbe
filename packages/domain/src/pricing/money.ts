/**
 * Whole-cent arithmetic for pricing. Every amount is a non-negative integer number of cents;
 * fractions arise only from percentages and shares, and each is rounded once, half up.
 */

/** Percentages carry at most four decimals, so they are whole numbers of these units. */
const PERCENT_UNITS = 10_000;
const PERCENT_SCALE = 100 * PERCENT_UNITS;

/** a * b / c rounded half up, for non-negative integers (c > 0); exact beyond 2^53 too. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const quotient = Math.floor(product / c);
    const remainder = product - quotient * c;
    return remainder * 2 >= c ? quotient + 1 : quotient;
  }
  const big = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = big / divisor;
  return Number((big % divisor) * 2n >= divisor ? quotient + 1n : quotient);
}

/** `percent` % of an amount, half up to the cent: 7.5 % of 1010 cents (75.75) is 76, of 1001 cents (75.075) 75. */
export function percentOf(amountCents: number, percent: number): number {
  return mulDivHalfUp(amountCents, Math.round(percent * PERCENT_UNITS), PERCENT_SCALE);
}

/**
 * Splits a whole amount into whole shares in proportion to the weights (largest remainder, ties
 * to the earlier share), so the shares always add up to the amount exactly. Zero weights
 * everywhere split it evenly.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const count = weights.length;
  if (count === 0) return [];
  let total = 0;
  for (const w of weights) total += w;
  const effective = total > 0 ? weights : weights.map(() => 1);
  const divisor = total > 0 ? total : count;
  const shares = new Array<number>(count);
  const remainders = new Array<number>(count);
  let given = 0;
  for (let i = 0; i < count; i++) {
    const product = amount * effective[i]!;
    if (Number.isSafeInteger(product)) {
      shares[i] = Math.floor(product / divisor);
      remainders[i] = product - shares[i]! * divisor;
    } else {
      const big = BigInt(amount) * BigInt(effective[i]!);
      shares[i] = Number(big / BigInt(divisor));
      remainders[i] = Number(big % BigInt(divisor));
    }
    given += shares[i]!;
  }
  let left = amount - given;
  if (left > 0) {
    const order = [...remainders.keys()].sort((x, y) => remainders[y]! - remainders[x]! || x - y);
    for (let k = 0; left > 0; k++, left--) shares[order[k]!]! += 1;
  }
  return shares;
}

/**
 * A money setting written in whole currency units ("25", "12.50", "$1,000"), in cents; 0 when
 * it is empty, negative or not a number. Whole-cent values keep their cents exactly.
 */
export function settingAmountCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return 0;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The property's sale price as the visitor typed it (digits and commas, whole dollars), in cents. */
export function salesPriceCents(text: string): number | null {
  const digits = text.replace(/,/g, '').trim();
  if (!/^\d{1,10}$/.test(digits)) return null;
  const dollars = Number(digits);
  return dollars > 0 ? dollars * 100 : null;
}
