import { ORDER_REFERENCE_PATTERN } from '@scheduler/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { orderReference } from './order-reference.ts';

describe('orderReference', () => {
  it("is the id's first eight hex digits, upper case, whatever the hyphens", () => {
    expect(orderReference('3f1c2b4a-9d0e-4c1b-8a2f-0123456789ab')).toBe('3F1C2B4A');
    expect(orderReference('3f1c-2b4a9d0e')).toBe('3F1C2B4A');
  });

  it("is what the funnel's order_confirmed event accepts", () => {
    expect(ORDER_REFERENCE_PATTERN.test(orderReference('00000000-0000-4000-8000-000000000000'))).toBe(true);
  });
});
