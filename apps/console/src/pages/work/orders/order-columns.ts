import type { AdminOrder } from '@scheduler/contracts/confirm';
import { formatMoney } from '@scheduler/domain/money-format';
import { orderReference } from '@scheduler/domain/order-reference';
import { addressText, clientOf } from '../../../shared/order-text.ts';
import { clockText, shortDateText } from '../../../shared/time-text.ts';

/**
 * The orders list's columns (issue 41: "columns chosen by the user"): each one's heading and
 * cell text. "When" is always shown: it holds the link to the order. The others are the person's
 * choice in this browser, the first eight by default.
 */
export interface OrderColumn {
  key: string;
  title: string;
  align?: 'right';
  /** Kept on one line (dates, money). */
  nowrap?: boolean;
  text: (order: AdminOrder) => string;
}

/** "Tue 12/1/2026 9:30 AM EST": each order's own zone, as offices may sit in different ones. */
export function whenText(order: AdminOrder): string {
  if (!order.local_date || !order.local_time) return 'No time';
  return `${shortDateText(order.local_date)} ${clockText(order.local_time)} ${order.zone_abbreviation ?? ''}`.trim();
}

const statusText = (order: AdminOrder) =>
  order.cancelled
    ? 'Cancelled'
    : order.status === 'confirmed'
      ? 'Booked'
      : order.status.charAt(0).toUpperCase() + order.status.slice(1);

const firstOf = (order: AdminOrder, role: string) => order.people.find((person) => person.role === role);

/** The client's phones as entered, mobile first. */
function clientPhones(order: AdminOrder): string {
  const client = firstOf(order, 'client');
  if (!client) return '—';
  return [client.mobile_phone, client.work_phone, client.home_phone].filter(Boolean).join(', ') || '—';
}

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  { key: 'when', title: 'When', nowrap: true, text: whenText },
  { key: 'number', title: 'Order number', nowrap: true, text: (order) => orderReference(order.id) },
  { key: 'client', title: 'Client', text: clientOf },
  { key: 'client_phone', title: "Client's phone", nowrap: true, text: clientPhones },
  { key: 'client_email', title: "Client's e-mail", text: (order) => firstOf(order, 'client')?.email || '—' },
  { key: 'buyers_agent', title: "Buyer's agent", text: (order) => firstOf(order, 'buyers_agent')?.name || '—' },
  { key: 'address', title: 'Address', text: (order) => addressText(order.address) },
  {
    key: 'inspectors',
    title: 'Inspectors',
    text: (order) => order.inspectors.map((inspector) => inspector.name).join(', ') || '—',
  },
  { key: 'services', title: 'Services', text: (order) => order.services.map((service) => service.name).join(', ') },
  {
    key: 'total',
    title: 'Total',
    align: 'right',
    nowrap: true,
    text: (order) => (order.total_cents === null ? '—' : formatMoney(order.total_cents, order.currency)),
  },
  { key: 'paid', title: 'Paid', text: (order) => (order.paid ? 'Paid' : 'Not paid') },
  { key: 'status', title: 'Status', text: statusText },
];

export const DEFAULT_COLUMN_KEYS: readonly string[] = [
  'when',
  'client',
  'address',
  'inspectors',
  'services',
  'total',
  'paid',
  'status',
];

const STORAGE_KEY = 'console.orders.columns';

/** The columns chosen in this browser, in the table's order; the default when none were, or what was kept is unreadable. */
export function readChosenColumns(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  let kept: unknown = null;
  try {
    kept = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    kept = null;
  }
  if (!Array.isArray(kept)) return [...DEFAULT_COLUMN_KEYS];
  const chosen = new Set(kept.filter((key): key is string => typeof key === 'string'));
  chosen.add('when');
  return ORDER_COLUMNS.map((column) => column.key).filter((key) => chosen.has(key));
}

/** Keeps the choice for the next visit; a browser that refuses storage keeps it for this page only. */
export function keepChosenColumns(storage: Pick<Storage, 'setItem'> | undefined, keys: readonly string[]): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage full or refused: the choice holds until the page is left.
  }
}

/** The choice with `key` turned on or off; "When" cannot be turned off. */
export function toggledColumn(chosen: readonly string[], key: string): string[] {
  if (key === 'when') return [...chosen];
  const next = new Set(chosen);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return ORDER_COLUMNS.map((column) => column.key).filter((column) => next.has(column));
}
