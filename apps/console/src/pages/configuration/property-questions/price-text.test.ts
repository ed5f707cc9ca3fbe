import { describe, expect, it } from 'vitest';
import { PRICE_PROBLEM, parsePrice, priceText, shownPrice } from './price-text.ts';

describe('what a question adds to the price', () => {
  it('reads an empty field as no amount, an amount as cents, anything else as invalid', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('   ')).toBeNull();
    expect(parsePrice('35')).toBe(3500);
    expect(parsePrice('$35.50')).toBe(3550);
    expect(parsePrice('1,000,000')).toBe(100_000_000);
    expect(parsePrice('1,000,000.01')).toBe('invalid');
    expect(parsePrice('-5')).toBe('invalid');
    expect(parsePrice('abc')).toBe('invalid');
  });

  it('writes cents back as typed, and as a visitor reads them in the currency', () => {
    expect(priceText(3500)).toBe('35.00');
    expect(shownPrice(3500, 'USD')).toBe('$35.00');
    expect(shownPrice(3500, 'CAD')).toBe('CA$35.00');
  });

  it('says the bound in the problem', () => {
    expect(PRICE_PROBLEM).toBe('Enter an amount like 35 or 35.00, up to 1,000,000, or leave it empty.');
  });
});
