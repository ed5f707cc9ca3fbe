import type { PartyRole, PrivacyOrder } from '@scheduler/contracts/privacy';
import { formatListDate, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { momentText } from '../../../shared/time-text.ts';

/** The words of the Privacy page's list of a person's orders: pure, so the page only lays them out. */

export const ROLE_WORDS: Record<PartyRole, string> = {
  client: 'Client',
  buyers_agent: "Buyer's agent",
  sellers_agent: "Seller's agent",
  insurance_agent: 'Insurance agent',
  contact: 'Contact',
};

export const rolesText = (order: PrivacyOrder) => order.roles.map((role) => ROLE_WORDS[role]).join(', ');

export function statusText(order: PrivacyOrder): string {
  if (order.status === 'confirmed') return 'Booked';
  return order.status === 'cancelled' ? 'Cancelled' : 'Draft';
}

/** The inspection on the office's clock with its zone named (house rule 6), or that it has no time yet. */
export const inspectionText = (order: PrivacyOrder) =>
  order.datetime === null ? 'No time yet' : momentText(order.datetime, order.time_zone);

/** What became of the person's data on the order, or what an erasure would leave. */
export function dataText(order: PrivacyOrder): string {
  if (order.erased_at !== null)
    return `Erased on ${formatListDate(wallTimeIn(order.erased_at, order.time_zone).slice(0, 10))}`;
  if (order.kept === 'upcoming') return 'Kept: inspection still to come';
  return 'On file';
}

/** "1 order", "2 orders". */
export const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** What an erasure would do now: the orders it takes, and those it leaves because their inspection is to come. */
export function erasureCounts(orders: readonly PrivacyOrder[]): { erasable: number; kept: number } {
  return {
    erasable: orders.filter((order) => order.erased_at === null && order.kept === null).length,
    kept: orders.filter((order) => order.erased_at === null && order.kept === 'upcoming').length,
  };
}
