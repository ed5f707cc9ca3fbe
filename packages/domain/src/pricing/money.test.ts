import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, mulDivHalfUp, percentOf, salesPriceCents, settingAmountCents } from './money.ts';

describe('whole-cent arithmetic', () => {
  it('rounds half up, once', () => {
    expect(percentOf(1010, 7.5)).toBe(76); // 75.75
    expect(percentOf(1001, 7.5)).toBe(75); // 75.075
    expect(percentOf(42500, 7.5)).toBe(3188); // 3187.5
    expect(percentOf(1, 50)).toBe(1); // 0.5
    expect(percentOf(3, 6.0625)).toBe(0); // 0.181875
    expect(percentOf(0, 7.5)).toBe(0);
  });

  it('is exact beyond 2^53 as below', () => {
    expect(mulDivHalfUp(10_000_000_000, 1_000_000, 3_000_000)).toBe(3_333_333_333);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (a, b, c) => {
          const exact = (BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c));
          expect(mulDivHalfUp(a, b, c)).toBe(Number(exact));
        },
      ),
      { seed: 11 },
    );
  });

  it('splits an amount into shares that add up to it, each within one cent of its exact part', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(84500, [62500, 15000, 9500, 22500])).toEqual([48231, 11575, 7331, 17363]);
    expect(apportion(10, [0, 0])).toEqual([5, 5]);
    expect(apportion(10, [])).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const shares = apportion(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          const total = weights.reduce((a, b) => a + b, 0);
          shares.forEach((share, i) => {
            const exact = total > 0 ? (amount * weights[i]!) / total : amount / weights.length;
            expect(Math.abs(share - exact)).toBeLessThan(1);
          });
        },
      ),
      { seed: 12 },
    );
  });

  it('reads money settings written in currency units', () => {
    expect(settingAmountCents('25')).toBe(2500);
    expect(settingAmountCents(' $1,250.5 ')).toBe(125050);
    expect(settingAmountCents('0.99')).toBe(99);
    expect(settingAmountCents('')).toBe(0);
    expect(settingAmountCents('-5')).toBe(0);
    expect(settingAmountCents('ten')).toBe(0);
    expect(settingAmountCents('1.999')).toBe(0);
    // Nine whole digits are the most a setting may carry; ten are refused.
    expect(settingAmountCents('999,999,999.99')).toBe(99_999_999_999);
    expect(settingAmountCents('1000000000')).toBe(0);
  });

  it('reads the sale price as typed', () => {
    expect(salesPriceCents('350,000')).toBe(35_000_000);
    expect(salesPriceCents('')).toBeNull();
    expect(salesPriceCents('0')).toBeNull();
    expect(salesPriceCents('12a')).toBeNull();
    // Ten digits are the most a sale price may have; eleven are not read.
    expect(salesPriceCents('9,999,999,999')).toBe(999_999_999_900);
    expect(salesPriceCents('10000000000')).toBeNull();
  });
});
