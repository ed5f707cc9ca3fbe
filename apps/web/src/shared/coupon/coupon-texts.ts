/** Spec 8.4: what applying a coupon answers, wherever the coupon box sits (packages step, review-order panel). */
export const couponTexts = {
  applied: 'Coupon applied correctly',
  failed: 'There was a problem applying this coupon',
} as const;
