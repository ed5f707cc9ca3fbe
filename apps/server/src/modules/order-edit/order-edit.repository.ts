import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The order an edit reads and writes, locked for the edit's transaction (its row alone: an edit moves no time). */
export async function lockOrderForEdit(tx: Executor, companyId: string, orderId: string, lock: boolean) {
  const query = tx
    .select({
      status: t.orders.status,
      officeId: t.orders.officeId,
      changeSequence: t.orders.changeSequence,
      packageIds: t.orders.packageIds,
      serviceIds: t.orders.serviceIds,
      couponCodes: t.orders.couponCodes,
      specialNote: t.orders.specialNote,
      pricingSnapshot: t.orders.pricingSnapshot,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
export type OrderForEdit = NonNullable<Awaited<ReturnType<typeof lockOrderForEdit>>>;

/** Saves the edited cart, note and priced snapshot, the invitation's SEQUENCE one higher. */
export async function saveOrderEdit(
  tx: Executor,
  companyId: string,
  orderId: string,
  edit: {
    packageIds: number[];
    serviceIds: string[];
    specialNote: string;
    pricingSnapshot: Record<string, unknown>;
    changeSequence: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(t.orders)
    .set({
      packageIds: edit.packageIds,
      serviceIds: edit.serviceIds,
      specialNote: edit.specialNote,
      pricingSnapshot: edit.pricingSnapshot,
      changeSequence: edit.changeSequence,
      updatedAt: edit.at,
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** The edit's audit event, in the edit's transaction, at the app's clock. */
export async function recordOrderEdited(
  tx: Executor,
  companyId: string,
  orderId: string,
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.insert(t.orderEvents).values({ companyId, orderId, type: 'edited', data, createdAt: at });
}

/** The order's clients and additional contacts, in the order the order page lists them. */
export async function orderPeopleForEdit(db: Executor, companyId: string, orderId: string) {
  return db
    .select({
      id: t.orderParties.id,
      role: t.orderParties.role,
      contactTypeId: t.orderParties.contactTypeId,
      person: t.orderParties.person,
    })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.orderId, orderId),
        inArray(t.orderParties.role, ['client', 'contact']),
      ),
    )
    .orderBy(asc(t.orderParties.role), asc(t.orderParties.position));
}

/** A person's corrected fields written over their copy on the order (the other fields kept). */
export async function savePersonFields(
  tx: Executor,
  companyId: string,
  orderId: string,
  partyId: string,
  fields: Record<string, string>,
): Promise<void> {
  await tx
    .update(t.orderParties)
    .set({ person: sql`${t.orderParties.person} || ${JSON.stringify(fields)}::jsonb` })
    .where(
      and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId), eq(t.orderParties.id, partyId)),
    );
}

/** The order's property answers as it stores them: its own fields and its answer rows. */
export async function orderPropertyForEdit(db: Executor, companyId: string, orderId: string) {
  const [row] = await db
    .select({
      sqft: t.orders.sqft,
      yearBuilt: t.orders.yearBuilt,
      salesPrice: t.orders.salesPrice,
      foundationTypeId: t.orders.foundationTypeId,
      referReason: t.orders.referReason,
      referReasonOther: t.orders.referReasonOther,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  const answers = await db
    .select({ controlId: t.orderAnswers.controlId, value: t.orderAnswers.value, checked: t.orderAnswers.checked })
    .from(t.orderAnswers)
    .where(and(eq(t.orderAnswers.companyId, companyId), eq(t.orderAnswers.orderId, orderId)))
    .orderBy(asc(t.orderAnswers.controlId));
  return row ? { ...row, answers } : null;
}

/**
 * The inspection's new length (decision 0068, part 3): the order's and its booked appointments'
 * end moves with it, from the same start. The database refuses an end that overlaps the
 * inspector's next booking (their appointments never overlap).
 */
export async function saveInspectionLength(
  tx: Executor,
  companyId: string,
  orderId: string,
  minutes: number,
): Promise<void> {
  await tx
    .update(t.orders)
    .set({ durationMinutes: minutes })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  await tx
    .update(t.appointments)
    .set({
      during: sql`tstzrange(lower(${t.appointments.during}), lower(${t.appointments.during}) + make_interval(mins => ${minutes}::int))`,
    })
    .where(
      and(
        eq(t.appointments.companyId, companyId),
        eq(t.appointments.orderId, orderId),
        eq(t.appointments.kind, 'appointment'),
      ),
    );
}
