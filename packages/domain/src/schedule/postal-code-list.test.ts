import { describe, expect, it } from 'vitest';
import { formatPostalCodeList, MAX_POSTAL_CODES, parsePostalCodeList } from './postal-code-list.ts';

describe('parsePostalCodeList', () => {
  it('reads codes separated by commas, spaces, semicolons and lines, each once, in order', () => {
    expect(parsePostalCodeList('43017, 43016\n43026;43017  43065')).toEqual({
      ok: true,
      codes: ['43017', '43016', '43026', '43065'],
    });
    expect(parsePostalCodeList('')).toEqual({ ok: true, codes: [] });
  });

  it('expands ranges, with or without spaces around the dash, keeping leading zeros', () => {
    expect(parsePostalCodeList('02101-02103, 43001 - 43002')).toEqual({
      ok: true,
      codes: ['02101', '02102', '02103', '43001', '43002'],
    });
    expect(parsePostalCodeList('43001–43001')).toEqual({ ok: true, codes: ['43001'] });
  });

  it('takes codes with letters, as other countries write them, in capitals', () => {
    expect(parsePostalCodeList('k1a0b1 SW1A1AA')).toEqual({ ok: true, codes: ['K1A0B1', 'SW1A1AA'] });
  });

  it.each([
    ['43005-43001', 'ends before it starts'],
    ['4301-43010', 'codes of different lengths'],
    ['4', 'is not a postal code'],
    ['43017!', 'is not a postal code'],
    ['12345678901', 'is not a postal code'],
  ])('refuses %j, saying why', (text, message) => {
    const result = parsePostalCodeList(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });

  it(`takes ${MAX_POSTAL_CODES} codes and refuses one more, in a range or one by one`, () => {
    const last = String(10000 + MAX_POSTAL_CODES - 1);
    const most = parsePostalCodeList(`10000-${last}`);
    expect(most.ok && most.codes.length).toBe(MAX_POSTAL_CODES);
    expect(parsePostalCodeList(`10000-${Number(last) + 1}`)).toEqual({
      ok: false,
      message: `At most ${MAX_POSTAL_CODES} postal codes.`,
    });
    expect(parsePostalCodeList(`10000-${last} 99999`)).toEqual({
      ok: false,
      message: `At most ${MAX_POSTAL_CODES} postal codes.`,
    });
    expect(parsePostalCodeList(`10000-${last} 10000`).ok).toBe(true);
    expect(parsePostalCodeList(`10000-${last}, 09999-10000`)).toEqual({
      ok: false,
      message: `At most ${MAX_POSTAL_CODES} postal codes.`,
    });
  });
});

describe('formatPostalCodeList', () => {
  it('sorts, and writes runs of three or more consecutive codes as ranges', () => {
    expect(formatPostalCodeList(['43017', '43016', '43015', '43020', '43021', '02101'])).toBe(
      '02101, 43015-43017, 43020, 43021',
    );
    expect(formatPostalCodeList([])).toBe('');
    expect(formatPostalCodeList(['K1A0B1', '43001', '43002', '43003'])).toBe('43001-43003, K1A0B1');
  });

  it('round-trips through the parser to the same codes', () => {
    const codes = ['43001', '43002', '43003', '43005', '43100', 'SW1A1AA'];
    const parsed = parsePostalCodeList(formatPostalCodeList(codes));
    expect(parsed.ok && [...parsed.codes].sort()).toEqual([...codes].sort());
  });
});
