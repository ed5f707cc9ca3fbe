import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * A card saved with Stripe for an order, as the booking will save it (migration 0035; the code that
 * fills the table at booking is other work): tests of the late fees insert it directly. The
 * PaymentMethod is one of Stripe's test ones, which the stand-in honours: `pm_card_visa` pays,
 * `pm_card_authenticationRequired` asks for the client, `pm_card_chargeDeclined` is declined.
 */
export async function saveCardForTest(
  db: Database,
  order: { companyId: string; orderId: string },
  paymentMethodId = 'pm_card_visa',
  at = new Date(),
): Promise<void> {
  await db.insert(t.savedPaymentMethods).values({
    companyId: order.companyId,
    orderId: order.orderId,
    provider: 'stripe',
    customerId: `cus_test_${order.orderId.slice(0, 8)}`,
    paymentMethodId,
    brand: 'visa',
    last4: paymentMethodId === 'pm_card_visa' ? '4242' : '3184',
    expMonth: 12,
    expYear: 2034,
    savedAt: at,
  });
}
