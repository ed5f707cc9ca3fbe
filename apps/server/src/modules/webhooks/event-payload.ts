import { WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT, type WebhookOrder } from '@scheduler/contracts/webhooks';
import { CONSOLE_BASE_PATH } from '@scheduler/contracts/console-paths';
import type { Database } from '../../db/connection.ts';
import { listOrders } from '../order-list/admin-orders.service.ts';
import { manageView, orderScopeOf } from '../booking-changes/manage.service.ts';
import { directoryPersonOrNull } from '../people/directory-api.service.ts';
import { loadCompany, loadOrderEventData } from './webhooks.repository.ts';

/** Keys never copied from the audit trail into a payload, at any depth (a link's token, a provider's key). */
const SECRET_KEY = /token|secret|key|password|signature/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, item]) => [key, withoutSecrets(item, depth + 1)]),
    );
  return value;
}

/**
 * The order as the console's order page shows it (the order list's reader, the order's price
 * lines from the booking's own view), with the link to its page: never a visitor's session or
 * manage token, nor anything of the company's payment keys. Null when the order is gone.
 */
export async function webhookOrder(
  db: Database,
  company: { key: string },
  orderId: string,
  now: Date,
  publicBaseUrl: string,
): Promise<WebhookOrder | null> {
  const listing = await listOrders(db, company.key, { status: 'all', orderId, page: 1, per_page: 1 });
  const order = listing.orders[0];
  if (!order) return null;
  const scope = await orderScopeOf(db, company.key, orderId);
  const view = await manageView(db, scope, now, 'office');
  const { history: _history, ...listed } = order;
  return {
    ...listed,
    reference: view.order.reference,
    price: view.order.price ? { lines: view.order.price.lines, total: view.order.price.total } : null,
    console_url: `${publicBaseUrl}${CONSOLE_BASE_PATH}/${encodeURIComponent(company.key)}/orders/${orderId}`,
  };
}

/** The body of an event, as first sent (then kept and sent again as it is); null when its order or person is gone. */
export async function eventBody(
  db: Database,
  delivery: {
    companyId: string;
    eventId: string;
    eventType: string;
    orderId: string | null;
    orderEventId: number | null;
    personKind: 'agent' | 'contact' | null;
    personId: number | null;
    occurredAt: Date;
  },
  now: Date,
  publicBaseUrl: string,
): Promise<string | null> {
  const company = await loadCompany(db, delivery.companyId);
  if (!company) return null;
  const envelope = {
    id: delivery.eventId,
    type: delivery.eventType,
    version: WEBHOOK_PAYLOAD_VERSION,
    created_at: delivery.occurredAt.toISOString(),
    company: { key: company.key, name: company.name },
  };
  if (delivery.personKind !== null && delivery.personId !== null) {
    // The person as the public API answers them (decision 0091); one merged away since is gone.
    const person = await directoryPersonOrNull(db, delivery.companyId, delivery.personKind, delivery.personId);
    return person ? JSON.stringify({ ...envelope, data: { person } }) : null;
  }
  if (delivery.orderId === null) return null;
  const [order, change] = await Promise.all([
    webhookOrder(db, company, delivery.orderId, now, publicBaseUrl),
    delivery.orderEventId === null
      ? Promise.resolve({})
      : loadOrderEventData(db, delivery.companyId, delivery.orderEventId),
  ]);
  if (!order) return null;
  return JSON.stringify({ ...envelope, data: { order, change: withoutSecrets(change ?? {}) } });
}

/** The "Send test event" body. */
export function testEventBody(
  company: { key: string; name: string },
  eventId: string,
  endpointId: string,
  at: Date,
): string {
  return JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT,
    version: WEBHOOK_PAYLOAD_VERSION,
    created_at: at.toISOString(),
    company: { key: company.key, name: company.name },
    data: { message: 'A test event sent from the console.', endpoint_id: endpointId },
  });
}
