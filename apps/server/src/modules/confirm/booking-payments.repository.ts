import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The SQL of payments taken before booking (decision 0085): the table `booking_payments`. */

export type BookingPaymentRow = typeof t.bookingPayments.$inferSelect;
export type BookingPaymentState = BookingPaymentRow['state'];

export async function insertBookingPayment(
  db: Executor,
  row: Omit<typeof t.bookingPayments.$inferInsert, 'createdAt'>,
  at: Date,
): Promise<void> {
  await db.insert(t.bookingPayments).values({ ...row, createdAt: at });
}

/** The order's latest payment at booking; null when it never began one. */
export async function latestBookingPayment(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<BookingPaymentRow | null> {
  const [row] = await db
    .select()
    .from(t.bookingPayments)
    .where(and(eq(t.bookingPayments.companyId, companyId), eq(t.bookingPayments.orderId, orderId)))
    .orderBy(desc(t.bookingPayments.createdAt), desc(t.bookingPayments.checkoutSessionId))
    .limit(1);
  return row ?? null;
}

/** How many payments at booking the order began: the next one's attempt number. */
export async function countBookingPayments(db: Executor, companyId: string, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.bookingPayments)
    .where(and(eq(t.bookingPayments.companyId, companyId), eq(t.bookingPayments.orderId, orderId)));
  return Number(row?.n ?? 0);
}

/** A payment at booking by its Checkout Session, of this company only; `lock` holds its row to the transaction's end. */
export async function findBookingPayment(
  db: Executor,
  companyId: string,
  sessionId: string,
  lock = false,
): Promise<BookingPaymentRow | null> {
  const query = db
    .select()
    .from(t.bookingPayments)
    .where(and(eq(t.bookingPayments.companyId, companyId), eq(t.bookingPayments.checkoutSessionId, sessionId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Moves an open payment to its end state; false when it was no longer open (another path settled it first). */
export async function settleBookingPayment(
  db: Executor,
  companyId: string,
  sessionId: string,
  state: Exclude<BookingPaymentState, 'open'>,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(t.bookingPayments)
    .set({ state, settledAt: at })
    .where(
      and(
        eq(t.bookingPayments.companyId, companyId),
        eq(t.bookingPayments.checkoutSessionId, sessionId),
        eq(t.bookingPayments.state, 'open'),
      ),
    )
    .returning({ orderId: t.bookingPayments.orderId });
  return updated.length > 0;
}
