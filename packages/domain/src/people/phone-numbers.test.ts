import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, isPhoneNumber } from './phone-numbers.ts';

describe('phone numbers for the company country (decision 0027)', () => {
  it.each([
    ['614-555-0142', true],
    ['(614) 555-0142', true],
    ['614.555.0100', true],
    ['1 614 555 0199', true],
    ['+44 20 7946 0958', true],
    ['123', false],
    ['555-1234', false],
    ['614555018', false],
    ['61455501422', false],
    ['(614) 555-0142 call me', false],
  ])('for a US company %s is a whole number: %s', (text, whole) => {
    expect(isPhoneNumber(text, 'US')).toBe(whole);
  });

  it("judges a number by the company's own country, given in any case", () => {
    expect(isPhoneNumber('020 7946 0958', 'GB')).toBe(true);
    expect(isPhoneNumber('020 7946 0958', 'us')).toBe(false);
    expect(isPhoneNumber('(614) 555-0142', 'us')).toBe(true);
  });

  it('takes any filled-in number for a country the library does not know, and never an empty one', () => {
    expect(isPhoneNumber('123', 'XX')).toBe(true);
    expect(isPhoneNumber('  ', 'XX')).toBe(false);
    expect(isPhoneNumber('', 'US')).toBe(false);
  });

  it("writes a whole number the country's way and leaves anything else as typed", () => {
    expect(formatPhoneNumber('6145550142', 'US')).toBe('(614) 555-0142');
    expect(formatPhoneNumber(' 614.555.0142 ', 'US')).toBe('(614) 555-0142');
    expect(formatPhoneNumber('+44 20 7946 0958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('123', 'US')).toBe('123');
    expect(formatPhoneNumber('6145550142', 'XX')).toBe('6145550142');
  });
});
