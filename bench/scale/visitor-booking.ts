/**
 * A whole booking through the visitor's API, as bench/confirm.ts makes one: the session from the
 * office's link, the order, the steps before the review (written as the steps save them, as
 * confirm.ts and the server's DemoOrder do), the calendar's availability, the hold, the funnel
 * events the wizard sends, and the confirm. The generator books its template orders so; the reads
 * time it.
 */
import { and, eq } from 'drizzle-orm';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import type { Database } from '../../apps/server/src/db/connection.ts';
import * as t from '../../apps/server/src/db/schema.ts';
import { jsonHeaders, timedRequest, type StatusTally } from './http.ts';

/** The demo catalogue's single-family inspection, in every demo inspector's services. */
export const BOOKED_SERVICE = 'a1c0ffee-0000-4000-8000-000000000001';
const OHIO = 36;

/** Who and where a booking is for. */
export interface BookingPeople {
  client: { first: string; last: string; email: string; phone: string };
  agent: { first: string; last: string; email: string; phone: string };
  address: { address1: string; city: string; postalCode: string };
}

/** The wizard's funnel events of a visit that reached the review, in the order it sends them. */
export const FUNNEL_OF_A_BOOKING = [
  { name: 'step_viewed', step: 'postal-code' },
  { name: 'step_viewed', step: 'calendar' },
  { name: 'time_held', step: 'calendar' },
  { name: 'step_viewed', step: 'address' },
  { name: 'step_viewed', step: 'contacts' },
  { name: 'step_viewed', step: 'property-info' },
  { name: 'step_viewed', step: 'packages' },
  { name: 'cart_changed', step: 'packages', item_count: 1, total_cents: 42_500, currency: 'USD' },
  { name: 'step_viewed', step: 'review' },
] as const;

/** The steps before the review, written on the order as they save it: cart, address, role, property answers, client and agent. */
async function fillIn(db: Database, companyId: string, orderId: string, people: BookingPeople): Promise<void> {
  await db
    .update(t.orders)
    .set({
      serviceIds: [BOOKED_SERVICE],
      address1: people.address.address1,
      city: people.address.city,
      stateId: OHIO,
      postalCode: people.address.postalCode,
      userType: { type: 'CLIENT_BUYER', text: 'Home Buyer', other: '' },
      sqft: 1800,
      yearBuilt: 1995,
      foundationTypeId: 1,
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  // The demo's required questions kept as answer rows: Occupancy (5) and "utilities on" (6).
  await db.insert(t.orderAnswers).values([
    { companyId, orderId, controlId: 5, value: '1', checked: false },
    { companyId, orderId, controlId: 6, value: null, checked: true },
  ]);
  await db.insert(t.orderParties).values([
    {
      companyId,
      orderId,
      role: 'client',
      position: 0,
      person: {
        first: people.client.first,
        last: people.client.last,
        email: people.client.email,
        mobile_phone: people.client.phone,
      },
    },
    {
      companyId,
      orderId,
      role: 'buyers_agent',
      position: 0,
      person: {
        first: people.agent.first,
        last: people.agent.last,
        email: people.agent.email,
        mobile_phone: people.agent.phone,
      },
    },
  ]);
}

export interface Booking {
  orderId: string;
  token: string;
  /** 'ok', or what failed ("availability 503", "no slot", "confirm unavailable"). */
  outcome: string;
}

/**
 * A visitor's session and its order, with the steps before the calendar's filled in: the order
 * id and session token, or what failed.
 */
export async function startFilledOrder(options: {
  base: string;
  db: Database;
  tally: StatusTally;
  read: string;
  companyKey: string;
  office: string;
  people: BookingPeople;
}): Promise<{ token: string; orderId: string } | string> {
  const { base, db, tally, read, companyKey, office } = options;
  const redirect = await timedRequest(tally, read, `${base}/${companyKey}/online-scheduler/${office}`);
  if (!redirect.location) return `session ${redirect.status}`;
  const token = new URL(redirect.location, base).searchParams.get('t')!;
  const headers = { 'x-auth-token': token };
  const order = await timedRequest(tally, read, `${base}/${companyKey}/online-scheduler/order`, { headers });
  if (order.status !== 200) return `order ${order.status}`;
  const orderId = (JSON.parse(order.text) as { id: string }).id;
  const [row] = await db.select({ companyId: t.orders.companyId }).from(t.orders).where(eq(t.orders.id, orderId));
  await fillIn(db, row!.companyId, orderId, options.people);
  return { token, orderId };
}

/**
 * Books one inspection through the visitor's API. `pick` chooses among the slots offered (the
 * template picks the first; timed bookings spread out so that they do not race each other).
 */
export async function bookThroughVisitorApi(options: {
  base: string;
  db: Database;
  tally: StatusTally;
  read: string;
  companyKey: string;
  office: string;
  people: BookingPeople;
  pick: (slots: AppointmentSlot[]) => AppointmentSlot | undefined;
  firstDay?: string;
}): Promise<Booking> {
  const { base, tally, read, companyKey } = options;
  const api = `${base}/${companyKey}/json/online_scheduler`;
  const started = await startFilledOrder(options);
  if (typeof started === 'string') return { orderId: '', token: '', outcome: started };
  const { token, orderId } = started;
  const headers = { 'x-auth-token': token };
  const from = options.firstDay ?? addDays(new Date().toISOString().slice(0, 10), 2);
  const availability = await timedRequest(
    tally,
    read,
    `${api}/availability?from=${from}&to=${addDays(from, 13)}&limit=8`,
    {
      headers,
    },
  );
  if (availability.status !== 200) return { orderId, token, outcome: `availability ${availability.status}` };
  const slot = options.pick(JSON.parse(availability.text) as AppointmentSlot[]);
  if (!slot) return { orderId, token, outcome: 'no slot' };
  const hold = await timedRequest(tally, read, `${api}/set_datetime`, {
    method: 'POST',
    headers: jsonHeaders(headers),
    body: JSON.stringify({ datetime: new Date(slot.timestamp * 1000).toISOString(), inspectors: slot.users }),
  });
  const held = hold.status === 200 ? (JSON.parse(hold.text) as { status: string }).status : `${hold.status}`;
  if (held !== 'ok') return { orderId, token, outcome: `hold ${held}` };
  const events = await timedRequest(tally, read, `${api}/events`, {
    method: 'POST',
    headers: jsonHeaders(headers),
    body: JSON.stringify({ events: FUNNEL_OF_A_BOOKING }),
  });
  if (events.status !== 204) return { orderId, token, outcome: `events ${events.status}` };
  const confirm = await timedRequest(tally, read, `${api}/confirm`, {
    method: 'POST',
    headers: jsonHeaders({ ...headers, 'idempotency-key': `scale-${orderId}` }),
    body: JSON.stringify({ special_note: '' }),
  });
  const confirmed =
    confirm.status === 200 ? (JSON.parse(confirm.text) as { status: string }).status : `${confirm.status}`;
  if (confirmed !== 'ok') return { orderId, token, outcome: `confirm ${confirmed}` };
  // The thank-you page's event, sent after the confirm as the wizard sends it.
  await timedRequest(tally, read, `${api}/events`, {
    method: 'POST',
    headers: jsonHeaders(headers),
    body: JSON.stringify({ events: [{ name: 'order_confirmed', step: null, total_cents: 42_500, currency: 'USD' }] }),
  });
  return { orderId, token, outcome: 'ok' };
}
