import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format.ts';

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
