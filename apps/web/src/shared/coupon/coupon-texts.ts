/**
 * Spec 2.10, 4.9, 8.4: the coupon box's words, the same wherever it sits (the packages step on a
 * phone, the review-order panel): one name for one box (issue 20 item 6).
 */
export const couponTexts = {
  heading: 'Have a coupon?',
  label: 'Add coupon',
  apply: 'APPLY',
  applied: 'Coupon applied correctly',
  failed: 'There was a problem applying this coupon',
  /** Under the box on the packages step: what each coupon of the order takes off. */
  inOrder: (name: string, amount: string) => `${name}: ${amount}`,
  inOrderTitle: 'Coupons in your order',
} as const;
