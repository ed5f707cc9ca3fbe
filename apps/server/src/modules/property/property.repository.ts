import { and, eq } from 'drizzle-orm';
import type { PropertyAnswers } from '@scheduler/domain/property/property-answers';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The property step's answers: the order's own fields, and its answer rows replaced. */
export async function saveOrderProperty(
  db: Executor,
  companyId: string,
  orderId: string,
  property: PropertyAnswers,
): Promise<void> {
  await db
    .update(t.orders)
    .set({
      sqft: property.sqft,
      yearBuilt: property.yearBuilt,
      salesPrice: property.salesPrice,
      foundationTypeId: property.foundationTypeId,
      referReason: property.referReason,
      referReasonOther: property.referReasonOther,
      updatedAt: new Date(),
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  await db
    .delete(t.orderAnswers)
    .where(and(eq(t.orderAnswers.companyId, companyId), eq(t.orderAnswers.orderId, orderId)));
  if (property.answers.length) {
    await db
      .insert(t.orderAnswers)
      .values(
        property.answers.map((a) => ({ companyId, orderId, controlId: a.id, value: a.value, checked: a.checked })),
      );
  }
}
