import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { ORDER_HISTORY_EVENT_TYPES } from '@scheduler/contracts/confirm';

/** A manage link found by its token's hash, with the order it opens and that order's company. */
export interface ManageLinkRecord {
  linkId: string;
  companyId: string;
  companyKey: string;
  officeId: string;
  orderId: string;
  role: 'client' | 'agent' | 'contact' | 'visitor';
  /** The address (lower case) or number the link was sent to; for the thank-you page's, what it says of itself. */
  recipient: string;
  revokedAt: Date | null;
  orderStatus: 'draft' | 'confirmed' | 'cancelled';
  start: Date | null;
  durationMinutes: number;
}

export async function findManageLink(db: Executor, tokenHash: string): Promise<ManageLinkRecord | null> {
  const [row] = await db
    .select({
      linkId: t.orderManageLinks.id,
      companyId: t.orderManageLinks.companyId,
      companyKey: t.companies.key,
      officeId: t.orders.officeId,
      orderId: t.orderManageLinks.orderId,
      role: t.orderManageLinks.role,
      recipient: t.orderManageLinks.recipient,
      revokedAt: t.orderManageLinks.revokedAt,
      orderStatus: t.orders.status,
      start: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
    })
    .from(t.orderManageLinks)
    .innerJoin(
      t.orders,
      and(eq(t.orders.companyId, t.orderManageLinks.companyId), eq(t.orders.id, t.orderManageLinks.orderId)),
    )
    .innerJoin(t.companies, eq(t.companies.id, t.orderManageLinks.companyId))
    .where(eq(t.orderManageLinks.tokenHash, tokenHash));
  return row ?? null;
}

export async function insertManageLinks(
  tx: Executor,
  links: ReadonlyArray<{
    companyId: string;
    orderId: string;
    tokenHash: string;
    role: ManageLinkRecord['role'];
    recipient: string;
  }>,
): Promise<void> {
  if (links.length > 0) await tx.insert(t.orderManageLinks).values([...links]);
}

/** Revokes every live manage link of one order of one company; answers how many. */
export async function revokeOrderManageLinks(
  tx: Executor,
  companyId: string,
  orderId: string,
  now: Date,
): Promise<number> {
  const revoked = await tx
    .update(t.orderManageLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.orderManageLinks.companyId, companyId),
        eq(t.orderManageLinks.orderId, orderId),
        isNull(t.orderManageLinks.revokedAt),
      ),
    )
    .returning({ id: t.orderManageLinks.id });
  return revoked.length;
}

/** Who one manage link of an order was sent to (its role and address or number), as issued; null when the order has no such link. */
export async function findManageLinkRecipient(
  db: Executor,
  companyId: string,
  orderId: string,
  linkId: string,
): Promise<{ role: ManageLinkRecord['role']; recipient: string } | null> {
  const [row] = await db
    .select({ role: t.orderManageLinks.role, recipient: t.orderManageLinks.recipient })
    .from(t.orderManageLinks)
    .where(
      and(
        eq(t.orderManageLinks.companyId, companyId),
        eq(t.orderManageLinks.orderId, orderId),
        eq(t.orderManageLinks.id, linkId),
      ),
    );
  return row ?? null;
}

/** The order's manage links as the office reads them (never a token: only who it was sent to). */
export async function listOrderManageLinks(db: Executor, companyId: string, orderId: string) {
  return db
    .select({
      id: t.orderManageLinks.id,
      role: t.orderManageLinks.role,
      recipient: t.orderManageLinks.recipient,
      createdAt: t.orderManageLinks.createdAt,
      revokedAt: t.orderManageLinks.revokedAt,
    })
    .from(t.orderManageLinks)
    .where(and(eq(t.orderManageLinks.companyId, companyId), eq(t.orderManageLinks.orderId, orderId)))
    .orderBy(asc(t.orderManageLinks.createdAt));
}

/** The booking's state as a change reads it, its row locked until the transaction ends: two changes of one order run one after the other. */
export async function lockBooking(tx: Executor, companyId: string, orderId: string) {
  const [row] = await tx
    .select({
      status: t.orders.status,
      start: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
      inspectors: t.orders.inspectors,
      rescheduleCount: t.orders.rescheduleCount,
      onlineRescheduleCount: t.orders.onlineRescheduleCount,
      changeSequence: t.orders.changeSequence,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)))
    .for('update');
  return row ?? null;
}
export type LockedBooking = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

export async function saveMove(
  tx: Executor,
  companyId: string,
  orderId: string,
  move: {
    start: Date;
    inspectorIds: number[];
    rescheduleCount: number;
    onlineRescheduleCount: number;
    changeSequence: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(t.orders)
    .set({
      datetime: move.start,
      inspectors: move.inspectorIds.map((id) => ({ id, requested: false })),
      rescheduleCount: move.rescheduleCount,
      onlineRescheduleCount: move.onlineRescheduleCount,
      changeSequence: move.changeSequence,
      updatedAt: move.at,
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

export async function saveCancellation(
  tx: Executor,
  companyId: string,
  orderId: string,
  cancellation: { at: Date; reason: string; feeCents: number; changeSequence: number },
): Promise<void> {
  await tx
    .update(t.orders)
    .set({
      status: 'cancelled',
      cancelledAt: cancellation.at,
      cancelReason: cancellation.reason,
      cancelFeeCents: cancellation.feeCents,
      changeSequence: cancellation.changeSequence,
      updatedAt: cancellation.at,
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** What the policy and the page read of a booked order besides its messages' facts. */
export async function loadChangeContext(db: Executor, companyId: string, orderId: string) {
  const [row] = await db
    .select({
      bookingChanges: t.companies.bookingChanges,
      onlineRescheduleCount: t.orders.onlineRescheduleCount,
      pricingSnapshot: t.orders.pricingSnapshot,
      packageIds: t.orders.packageIds,
      serviceIds: t.orders.serviceIds,
      cancelledAt: t.orders.cancelledAt,
      cancelFeeCents: t.orders.cancelFeeCents,
    })
    .from(t.orders)
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  if (!row) return null;
  const packageServices = row.packageIds.length
    ? await db
        .select({ serviceId: t.packageServices.serviceId })
        .from(t.packageServices)
        .where(and(eq(t.packageServices.companyId, companyId), inArray(t.packageServices.packageId, row.packageIds)))
    : [];
  return { ...row, bookedServiceIds: [...new Set([...packageServices.map((ps) => ps.serviceId), ...row.serviceIds])] };
}

/** The order's changes after its booking, oldest first: what the manage page and the office's listing show. */
export const CHANGE_EVENT_TYPES = ORDER_HISTORY_EVENT_TYPES;

export async function loadChangeHistory(db: Executor, companyId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: t.orderEvents.orderId,
      type: t.orderEvents.type,
      data: t.orderEvents.data,
      at: t.orderEvents.createdAt,
    })
    .from(t.orderEvents)
    .where(
      and(
        eq(t.orderEvents.companyId, companyId),
        inArray(t.orderEvents.orderId, [...orderIds]),
        inArray(t.orderEvents.type, [...CHANGE_EVENT_TYPES]),
      ),
    )
    .orderBy(asc(t.orderEvents.id));
}

/** Records one change on the order's audit trail at the change's own instant (the app's clock, not the database's). */
export async function recordChangeEvent(
  tx: Executor,
  companyId: string,
  orderId: string,
  type: (typeof CHANGE_EVENT_TYPES)[number],
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.insert(t.orderEvents).values({ companyId, orderId, type, data, createdAt: at });
}

/** Whether any two rows of different orders of one inspector overlap (the tests' check after races). */
export async function countCrossOrderOverlaps(db: Executor, companyId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from ${t.appointments} a join ${t.appointments} b
      on a.company_id = b.company_id and a.inspector_id = b.inspector_id and a.id < b.id and a.during && b.during and a.order_id <> b.order_id
    where a.company_id = ${companyId}`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** The display names of some inspectors of a company, in the order of `ids`. */
export async function loadInspectorNames(db: Executor, companyId: string, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: t.inspectors.id, display: t.inspectors.display })
    .from(t.inspectors)
    .where(and(eq(t.inspectors.companyId, companyId), inArray(t.inspectors.id, [...ids])));
  const names = new Map(rows.map((row) => [row.id, row.display]));
  return ids.map((id) => names.get(id) ?? `#${id}`);
}

/** A booked or cancelled order of the company the key names: its scope for a change; null otherwise. */
export async function findOrderScope(
  db: Executor,
  companyKey: string,
  orderId: string,
): Promise<{ companyId: string; officeId: string; orderId: string } | null> {
  const [row] = await db
    .select({ companyId: t.orders.companyId, officeId: t.orders.officeId, orderId: t.orders.id })
    .from(t.orders)
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .where(
      and(
        eq(t.companies.key, companyKey),
        eq(t.orders.id, orderId),
        inArray(t.orders.status, ['confirmed', 'cancelled']),
      ),
    );
  return row ?? null;
}

/** A company by its key, with its active offices' names and phones in the document's order; null when no company has the key. */
export async function findCompanyContact(
  db: Executor,
  companyKey: string,
): Promise<{ companyName: string; offices: Array<{ name: string; phone: string }> } | null> {
  const rows = await db
    .select({ companyName: t.companies.name, officeName: t.offices.name, phone: t.offices.phone })
    .from(t.companies)
    .leftJoin(t.offices, and(eq(t.offices.companyId, t.companies.id), eq(t.offices.active, true)))
    .where(eq(t.companies.key, companyKey))
    .orderBy(asc(t.offices.position), asc(t.offices.id));
  if (rows.length === 0) return null;
  return {
    companyName: rows[0]!.companyName,
    offices: rows.flatMap((row) => (row.officeName === null ? [] : [{ name: row.officeName, phone: row.phone ?? '' }])),
  };
}

/** The status of one order of one company; null when it has no such order. */
export async function orderStatusOf(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<ManageLinkRecord['orderStatus'] | null> {
  const [row] = await db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row?.status ?? null;
}
