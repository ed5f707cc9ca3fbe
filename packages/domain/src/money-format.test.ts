import { describe, expect, it } from 'vitest';
import { enteredAmountCents, enteredAmountText, formatMoney } from './money-format.ts';

describe('formatMoney', () => {
  it('formats cents in the company currency', () => {
    expect(formatMoney(42500, 'USD')).toBe('$425.00');
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
    expect(formatMoney(1000, 'EUR', 'en-US')).toBe('€10.00');
  });
  it('respects currencies without minor units', () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });
  it('shows n/a when the amount cannot be formatted', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('n/a');
    expect(formatMoney(null, 'USD')).toBe('n/a');
    expect(formatMoney(100, 'NOT-A-CURRENCY')).toBe('n/a');
  });
});

describe('an amount a visitor typed (the sales price), as the wizard shows it (issue 41: "300000")', () => {
  it('reads digits with or without thousands commas and decimals as an amount', () => {
    expect(enteredAmountCents('300000')).toBe(30_000_000);
    expect(enteredAmountCents(' 300,000.5 ')).toBe(30_000_050);
    expect(enteredAmountText('300000', 'USD')).toBe('$300,000.00');
    expect(enteredAmountText('1', 'USD')).toBe('$1.00');
  });

  it('keeps any other entry as typed, and says nothing of an empty one', () => {
    expect(enteredAmountCents('$325,000')).toBeNull();
    expect(enteredAmountText('$325,000', 'USD')).toBe('$325,000');
    expect(enteredAmountText('about 300k ', 'USD')).toBe('about 300k');
    for (const nothing of ['', '   ', '0', '-5']) expect(enteredAmountCents(nothing)).toBeNull();
    expect(enteredAmountText('  ', 'USD')).toBe('');
    expect(enteredAmountText('0', 'USD')).toBe('0');
  });
});
