import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** What saving an address is checked against: the company's country and states, and the office's state and phone. */
export async function loadAddressContext(db: Executor, companyId: string, officeId: string) {
  const [[office], states] = await Promise.all([
    db
      .select({ country: t.companies.country, officeState: t.offices.state, officePhone: t.offices.phone })
      .from(t.offices)
      .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
      .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId))),
    db
      .select({ id: t.states.id, abbreviation: t.states.abbreviation })
      .from(t.states)
      .where(eq(t.states.companyId, companyId))
      .orderBy(asc(t.states.id)),
  ]);
  return office ? { ...office, states } : null;
}

export interface OrderAddress {
  address1: string;
  address2: string;
  city: string;
  stateId: number | null;
  postalCode: string;
  /** 0,0 when the visitor kept an address the geocoder did not verify. */
  latitude: number;
  longitude: number;
  county: string;
}

export async function saveOrderAddress(
  db: Executor,
  companyId: string,
  orderId: string,
  address: OrderAddress,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ ...address, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** The order's address as it stands (coordinates null before any address was saved). */
export type StoredOrderAddress = Omit<OrderAddress, 'latitude' | 'longitude'> & {
  latitude: number | null;
  longitude: number | null;
};

export async function loadOrderAddress(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<StoredOrderAddress | null> {
  const [row] = await db
    .select({
      address1: t.orders.address1,
      address2: t.orders.address2,
      city: t.orders.city,
      stateId: t.orders.stateId,
      postalCode: t.orders.postalCode,
      latitude: t.orders.latitude,
      longitude: t.orders.longitude,
      county: t.orders.county,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ?? null;
}

/** Puts back an address read with `loadOrderAddress`. */
export async function restoreOrderAddress(
  db: Executor,
  companyId: string,
  orderId: string,
  address: StoredOrderAddress,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ ...address, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}
