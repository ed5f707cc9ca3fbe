import { describe, expect, it } from 'vitest';
import { orderIdRangeOf, orderReference } from './order-reference.ts';

const ID = 'f80adf62-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('order numbers', () => {
  it("are the id's first eight hex digits, upper case", () => {
    expect(orderReference(ID)).toBe('F80ADF62');
  });

  it('read back, typed in any case and with a #, as the range of ids that start with them', () => {
    for (const typed of ['F80ADF62', 'f80adf62', '#F80ADF62', ' F80adf62 ']) {
      const range = orderIdRangeOf(typed)!;
      expect(range).toEqual({
        first: 'f80adf62-0000-0000-0000-000000000000',
        last: 'f80adf62-ffff-ffff-ffff-ffffffffffff',
      });
      expect(ID >= range.first && ID <= range.last).toBe(true);
    }
  });

  it('are eight hex digits exactly: seven, nine or a letter past f are a word like any other', () => {
    for (const typed of ['F80ADF6', 'F80ADF621', 'G80ADF62', 'Zabriskie', '']) expect(orderIdRangeOf(typed)).toBeNull();
  });
});
