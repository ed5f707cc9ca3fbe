import { describe, expect, it } from 'vitest';
import { couponBoxShown } from './coupon-box.ts';

describe('couponBoxShown', () => {
  it('shows the coupon box by the 9.5 rules', () => {
    const base = {
      couponLimit: 1,
      hasServices: true,
      hideAfterPackage: true,
      packageChosen: false,
      packagesVisited: true,
    };
    expect(couponBoxShown(base)).toBe(true);
    expect(couponBoxShown({ ...base, couponLimit: 0 })).toBe(false);
    expect(couponBoxShown({ ...base, hasServices: false })).toBe(false);
    expect(couponBoxShown({ ...base, packagesVisited: false })).toBe(false);
    expect(couponBoxShown({ ...base, packageChosen: true })).toBe(false);
    expect(couponBoxShown({ ...base, packageChosen: true, hideAfterPackage: false })).toBe(true);
  });
});
