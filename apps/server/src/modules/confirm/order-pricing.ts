import type { Pricing } from '@scheduler/contracts/pricing';
import { priceStoredOrder, type PricingDeps } from '../pricing/pricing.service.ts';
import type { PriceOrder, PricingSnapshot } from './book-draft.ts';

/** What was booked, as e-mails and the office's order list name it: the package and the services. */
export function snapshotLines(pricing: Pricing): PricingSnapshot['lines'] {
  return [
    ...(pricing.package
      ? [
          {
            kind: 'package',
            id: String(pricing.package.id),
            name: pricing.package.name,
            amount_cents: pricing.package.amount,
          },
        ]
      : []),
    ...pricing.services.map((service) => ({
      kind: 'service',
      id: service.id,
      name: service.name,
      amount_cents: service.amount,
    })),
  ];
}

/**
 * Confirm's price: the pricing engine over the order as it stands, read in the confirm's own
 * transaction, so that the frozen snapshot is exactly what `/pricing` shows for the same cart.
 * The whole pricing object (spec 3.10: charges, taxes, coupons, totals) is kept beside the lines.
 */
export function engineOrderPricing(deps: PricingDeps): PriceOrder {
  return async (tx, order, currency, now) => {
    const { pricing } = await priceStoredOrder(
      deps,
      { companyId: order.companyId, officeId: order.officeId, orderId: order.id },
      now,
      tx,
    );
    return {
      source: 'pricing',
      currency,
      total_cents: pricing.totals.grand_total,
      lines: snapshotLines(pricing),
      pricing,
    };
  };
}
