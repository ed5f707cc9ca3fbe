import { describe, expect, it } from 'vitest';
import { chargeableMinor, fromStripeAmount, toStripeAmount } from './stripe-amounts.ts';

describe('amounts as Stripe takes them', () => {
  it('two-decimal and zero-decimal currencies are the same number', () => {
    expect(toStripeAmount(45_688, 'USD')).toBe(45_688);
    expect(toStripeAmount(45_688, 'jpy')).toBe(45_688);
    expect(fromStripeAmount(45_688, 'JPY')).toBe(45_688);
  });

  it('three-decimal currencies: the last digit must be 0, so an amount rounds down to it', () => {
    expect(chargeableMinor(12_345, 'KWD')).toBe(12_340);
    expect(chargeableMinor(12_340, 'KWD')).toBe(12_340);
    expect(toStripeAmount(12_340, 'KWD')).toBe(12_340);
  });

  it('ISK and HUF: whole units in the product, two decimals at Stripe', () => {
    expect(toStripeAmount(5_000, 'ISK')).toBe(500_000);
    expect(fromStripeAmount(500_000, 'ISK')).toBe(5_000);
    expect(toStripeAmount(5_000, 'HUF')).toBe(500_000);
  });

  it('a currency the product writes with more digits than Stripe (LYD) steps by 10, and refuses an uneven amount', () => {
    expect(chargeableMinor(1_005, 'LYD')).toBe(1_000);
    expect(toStripeAmount(1_000, 'LYD')).toBe(100);
    expect(fromStripeAmount(100, 'LYD')).toBe(1_000);
    expect(() => toStripeAmount(1_005, 'LYD')).toThrow(RangeError);
  });
});
