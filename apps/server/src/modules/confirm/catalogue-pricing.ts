import type { Executor } from '../../db/connection.ts';
import type { ConfirmableOrder } from '../notifications/notifications.service.ts';
import { loadCataloguePrices, loadPackageServiceIds } from './confirm.repository.ts';
import type { PricingSnapshot } from './confirm.service.ts';

/**
 * The order priced from the catalogue's list prices: each package, and each extra service not
 * already in a package. Fees, taxes and coupons belong to the pricing engine, which replaces
 * this function when it is merged; the snapshot's shape (`lines`, `total_cents`, `currency`) stays.
 */
export async function priceFromCatalogue(tx: Executor, order: ConfirmableOrder['order'], currency: string): Promise<PricingSnapshot> {
  const [{ packages, services }, inPackages] = await Promise.all([
    loadCataloguePrices(tx, order.companyId, order.packageIds, order.serviceIds),
    loadPackageServiceIds(tx, order.companyId, order.packageIds),
  ]);
  const lines = [
    ...packages.map((p) => ({ kind: 'package', id: String(p.id), name: p.name, amount_cents: p.priceCents })),
    ...services.filter((s) => !inPackages.includes(s.id)).map((s) => ({ kind: 'service', id: s.id, name: s.name, amount_cents: s.priceCents })),
  ];
  return { source: 'catalogue', currency, lines, total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0) };
}
