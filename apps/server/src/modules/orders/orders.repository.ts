import { and, asc, eq, min, sql } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

export type OrderRow = typeof t.orders.$inferSelect;
export type OrderPartyRow = typeof t.orderParties.$inferSelect;
export type OrderAnswerRow = typeof t.orderAnswers.$inferSelect;

export interface OrderAggregate {
  order: OrderRow;
  parties: OrderPartyRow[];
  answers: OrderAnswerRow[];
  foundationOption: { id: number; value: string } | null;
  /** The earliest expiry among the order's holds (a lapsed one included), or null without a hold. */
  holdExpiresAt: Date | null;
  /** A booked order's payment ledger as its balance needs it (decision 0064); none for a draft. */
  ledger: Array<{ kind: 'payment' | 'refund'; amountCents: number; voided: boolean }>;
}

/** One order of one company with its parties and answers, or null. */
export async function loadOrder(db: Executor, companyId: string, orderId: string): Promise<OrderAggregate | null> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  if (!order) return null;
  const [parties, answers, foundationControls, [hold], ledger] = await readTogether(db, [
    () =>
      db
        .select()
        .from(t.orderParties)
        .where(and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId)))
        .orderBy(asc(t.orderParties.role), asc(t.orderParties.position)),
    () =>
      db
        .select()
        .from(t.orderAnswers)
        .where(and(eq(t.orderAnswers.companyId, companyId), eq(t.orderAnswers.orderId, orderId)))
        .orderBy(asc(t.orderAnswers.controlId)),
    () =>
      order.foundationTypeId === null
        ? Promise.resolve([])
        : db
            .select({ options: t.propertyControls.options })
            .from(t.propertyControls)
            .where(and(eq(t.propertyControls.companyId, companyId), eq(t.propertyControls.type, 'FoundationType'))),
    () =>
      db
        .select({ expiresAt: min(t.appointments.holdExpiresAt) })
        .from(t.appointments)
        .where(
          and(
            eq(t.appointments.companyId, companyId),
            eq(t.appointments.orderId, orderId),
            eq(t.appointments.kind, 'hold'),
          ),
        ),
    () =>
      order.status === 'draft'
        ? Promise.resolve([])
        : db
            .select(t.ledgerAmountColumns)
            .from(t.orderLedger)
            .where(and(eq(t.orderLedger.companyId, companyId), eq(t.orderLedger.orderId, orderId))),
  ]);
  const options = foundationControls.flatMap((c): Array<{ id: number; value: string } | string> => c.options);
  const foundationOption =
    options.find((o): o is { id: number; value: string } => typeof o === 'object' && o.id === order.foundationTypeId) ??
    null;
  return { order, parties, answers, foundationOption, holdExpiresAt: hold?.expiresAt ?? null, ledger };
}

export async function recordOrderEvent(
  db: Executor,
  companyId: string,
  orderId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(t.orderEvents).values({ companyId, orderId, type, data });
}

/**
 * A time held anew (its date, time, length and inspectors) and the order's audit event saying so,
 * in one statement: the event is written from the update, for the order it changed. A held time
 * answers any cart change made while the old one was held (decision 0016).
 */
export async function saveHeldSchedule(
  db: Executor,
  companyId: string,
  orderId: string,
  schedule: { datetime: Date; durationMinutes: number; inspectors: Array<{ id: number; requested: boolean }> },
  event: { type: string; data: Record<string, unknown> },
  at = new Date(),
): Promise<void> {
  await db.execute(sql`
    with held as (
      update ${t.orders}
      set datetime = ${schedule.datetime.toISOString()}::timestamptz,
          duration_minutes = ${schedule.durationMinutes},
          inspectors = ${JSON.stringify(schedule.inspectors)}::jsonb,
          services_changed = false,
          updated_at = ${at.toISOString()}::timestamptz
      where company_id = ${companyId} and id = ${orderId}
      returning company_id, id
    )
    insert into ${t.orderEvents} (company_id, order_id, type, data)
    select company_id, id, ${event.type}, ${JSON.stringify(event.data)}::jsonb from held`);
}

/** The order's date, time, length and inspectors. */
export async function saveOrderSchedule(
  db: Executor,
  companyId: string,
  orderId: string,
  schedule: { datetime: Date | null; durationMinutes: number; inspectors: Array<{ id: number; requested: boolean }> },
): Promise<void> {
  await db
    .update(t.orders)
    // A time held anew answers any cart change made while the old one was held; giving the time up
    // does not, so the calendar still says why a time must be picked again (decision 0016).
    .set({
      datetime: schedule.datetime,
      durationMinutes: schedule.durationMinutes,
      inspectors: schedule.inspectors,
      ...(schedule.datetime ? { servicesChanged: false } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

export async function saveOrderInspectors(
  db: Executor,
  companyId: string,
  orderId: string,
  inspectors: Array<{ id: number; requested: boolean }>,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ inspectors, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

export async function saveOrderPostalCode(
  db: Executor,
  companyId: string,
  orderId: string,
  postalCode: string,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ postalCode, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** The embed's starting values and locked fields of a new order (issue 27). */
export async function saveOrderPrefill(
  db: Executor,
  companyId: string,
  orderId: string,
  prefill: Record<string, unknown>,
  lockedFields: Record<string, string>,
): Promise<void> {
  await db
    .update(t.orders)
    .set({ prefill, lockedFields, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** The order's locked fields and their values; none for an order that is not found. */
export async function findLockedFields(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<Record<string, string>> {
  const [row] = await db
    .select({ lockedFields: t.orders.lockedFields })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row?.lockedFields ?? {};
}
