/**
 * Spec 9.5 and its decision: the coupon box shows when coupons are on (COUPON_LIMIT > 0), the
 * order has services, the packages step has been visited, and the company does not hide it once a
 * package is chosen. The packages step and the review-order panel both ask this.
 */
export function couponBoxShown(input: {
  couponLimit: number;
  hasServices: boolean;
  hideAfterPackage: boolean;
  packageChosen: boolean;
  packagesVisited: boolean;
}): boolean {
  return (
    input.couponLimit > 0 &&
    input.hasServices &&
    input.packagesVisited &&
    !(input.hideAfterPackage && input.packageChosen)
  );
}
