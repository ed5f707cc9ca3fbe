import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './formatting.ts';

describe('formatPhone (spec 5.5)', () => {
  it('formats ten digits, stripping everything else', () => {
    expect(formatPhone('614.555.0142')).toBe('(614) 555-0142');
    expect(formatPhone('(614) 555 0142')).toBe('(614) 555-0142');
  });
  it('formats short numbers as far as they go', () => {
    expect(formatPhone('614555')).toBe('(614) 555');
  });
  it('formats eleven and more digits with a leading 1 and the rest', () => {
    expect(formatPhone('1-614-555-0142')).toBe('1(614) 555-0142');
    expect(formatPhone('16145550142 ext 12')).toBe('1(614) 555-0142-12');
  });
  it('gives nothing for no digits', () => {
    expect(formatPhone('n/a')).toBe('');
  });
  it('builds a dialable href', () => {
    expect(phoneHref('(614) 555-0142')).toBe('tel:6145550142');
  });
});
