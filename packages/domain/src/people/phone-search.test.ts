import { describe, expect, it } from 'vitest';
import { phoneQueryDigits } from './phone-search.ts';

describe('a search for a phone number', () => {
  it('reads a number typed in any format as its digits', () => {
    for (const typed of ['(614) 555-0199', '614-555-0199', '614.555.0199', ' 614 555 0199 ', '6145550199'])
      expect(phoneQueryDigits(typed)).toBe('6145550199');
  });

  it('drops the North American country code, and only from eleven digits starting with 1', () => {
    expect(phoneQueryDigits('+1 614 555 0199')).toBe('6145550199');
    expect(phoneQueryDigits('1-614-555-0199')).toBe('6145550199');
    expect(phoneQueryDigits('+44 20 7946 0958')).toBe('442079460958');
  });

  it('takes a part of a number from four digits, not fewer', () => {
    expect(phoneQueryDigits('0199')).toBe('0199');
    expect(phoneQueryDigits('555-0199')).toBe('5550199');
    expect(phoneQueryDigits('199')).toBeNull();
  });

  it('is not a number when words are in it', () => {
    for (const typed of ['7777 Maple', 'Zabriskie', 'F80ADF62', '', 'ext 12345'])
      expect(phoneQueryDigits(typed)).toBeNull();
  });
});
