import { describe, expect, it } from 'vitest';
import { ORDER_REFERENCE_PATTERN } from '@scheduler/contracts/analytics';
import { orderIdRangeOf, orderReference } from './order-reference.ts';

const ID = 'f80adf62-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('order numbers', () => {
  it("are the id's first eight hex digits, upper case, whatever the hyphens", () => {
    expect(orderReference(ID)).toBe('F80ADF62');
    expect(orderReference('3f1c-2b4a9d0e')).toBe('3F1C2B4A');
  });

  it("are what the funnel's order_confirmed event accepts", () => {
    expect(ORDER_REFERENCE_PATTERN.test(orderReference('00000000-0000-4000-8000-000000000000'))).toBe(true);
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
