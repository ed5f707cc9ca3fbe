import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './money-amount.ts';

describe('parseAmount', () => {
  it.each([
    ['75', 7500],
    ['75.5', 7550],
    ['75.50', 7550],
    ['0.10', 10],
    ['0.29', 29],
    ['1,234.00', 123_400],
    ['1234', 123_400],
    [' 12.30 ', 1230],
    ['0', 0],
    ['1,000,000', 100_000_000],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parseAmount(text, 'USD')).toBe(cents);
  });

  it.each(['', 'abc', '$75', '-5', '75.555', '75.', '.5', '1,23', '12,34.00', '7 5', '1e3', '75,50'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text, 'USD')).toBeNull();
    },
  );

  it('takes no decimals in a currency without minor units', () => {
    expect(parseAmount('7550', 'JPY')).toBe(7550);
    expect(parseAmount('75.5', 'JPY')).toBeNull();
  });
});

describe('amountText', () => {
  it.each([
    [7500, '75.00'],
    [7550, '75.50'],
    [10, '0.10'],
    [5, '0.05'],
    [0, '0.00'],
    [123_400, '1234.00'],
  ])('writes %d cents as %j, which reads back as the same cents', (cents, text) => {
    expect(amountText(cents, 'USD')).toBe(text);
    expect(parseAmount(text, 'USD')).toBe(cents);
  });
});
