import { describe, expect, it } from 'vitest';
import { centsText, codeFromText, parseCents, parsePercent, parseWhole } from './amounts.ts';

/** Numbers as a person types them on the fees page, read exactly. */
describe('amounts', () => {
  it('reads money digit by digit into cents, within the bound, a "$" allowed', () => {
    expect(parseCents('0.10', 'USD', 1000)).toBe(10);
    expect(parseCents('$1,234.5', 'USD', 1_000_000)).toBe(123_450);
    expect(parseCents('75', 'USD', 7500)).toBe(7500);
    expect(parseCents('75.01', 'USD', 7500)).toBeNull();
    expect(parseCents('7550', 'JPY', 10_000)).toBe(7550);
    expect(parseCents('75.5', 'JPY', 10_000)).toBeNull();
    for (const text of ['', '-5', '1.234', 'ten', '1,23']) expect(parseCents(text, 'USD', 1_000_000)).toBeNull();
  });

  it('writes cents back as they would be typed', () => {
    expect(centsText(7500, 'USD')).toBe('75.00');
    expect(centsText(5, 'USD')).toBe('0.05');
    expect(centsText(7550, 'JPY')).toBe('7550');
  });

  it('reads a whole number within bounds, thousands separated by commas', () => {
    expect(parseWhole('2,500', 0, 100_000)).toBe(2500);
    expect(parseWhole(' 0 ', 0, 10)).toBe(0);
    expect(parseWhole('11', 0, 10)).toBeNull();
    expect(parseWhole('0', 1, 10)).toBeNull();
    for (const text of ['', '1.5', '-1', '25,00', '1e3']) expect(parseWhole(text, 0, 100_000)).toBeNull();
  });

  it('reads a percentage to four decimals exactly, up to 100, a "%" allowed', () => {
    expect(parsePercent('6.0625')).toBe(6.0625);
    expect(parsePercent('7.5%')).toBe(7.5);
    expect(parsePercent(' 100 ')).toBe(100);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100.0001')).toBeNull();
    expect(parsePercent('1.23456')).toBeNull();
    for (const text of ['', '-1', 'ten', '1000', '.5']) expect(parsePercent(text)).toBeNull();
  });

  it('makes a code from a description as fee codes are written', () => {
    expect(codeFromText('Crawlspace access')).toBe('crawlspace-access');
    expect(codeFromText('  Pool & Spa — Inspection!  ')).toBe('pool-spa-inspection');
    expect(codeFromText('Crème brûlée fee')).toBe('creme-brulee-fee');
    expect(codeFromText('A very long description of a fee', 12)).toBe('a-very-long');
    expect(codeFromText('!!!')).toBe('');
  });
});
