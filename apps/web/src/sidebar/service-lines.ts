import type { Pricing } from '@scheduler/contracts/pricing';
import { displayLines } from '@scheduler/domain/pricing/display-lines';

/** Spec 2.10: the convenience-fee message shows while pay-at-close is not among the services. */
export function convenienceMessage(pricing: Pricing): string | null {
  const message = pricing.convenience_fee_message.trim();
  return message && !payAtCloseActive(pricing) && displayLines(pricing).lines.length > 0 ? message : null;
}

/** Spec 2.10: "Pay at Close is currently activated." when a pay-at-close service is in the pricing. */
export function payAtCloseActive(pricing: Pricing): boolean {
  return pricing.services.some((service) => service.is_pac);
}
