/**
 * A dispute (chargeback) of an online payment from opened to decided (issue 44, decisions 0067 and
 * 0082): `charge.dispute.created` flags the order, `charge.dispute.updated` and
 * `charge.dispute.closed` keep Stripe's status on the dispute's row, `charge.dispute.funds_withdrawn`
 * and `charge.dispute.funds_reinstated` note Stripe's balance moving, and a lost dispute gives its
 * money back to the client in the ledger (a refund of the payment) so the balance due is true.
 *
 * Every event carries the whole Dispute, so each writes the row if it is missing (an event lost or
 * come out of order), and each effect is written once: a status only moves forward (a closed dispute
 * never opens again; an older event changes nothing), the funds are noted once each, and the loss is
 * one ledger row per dispute.
 */
import type { WebhookResponse } from '@scheduler/contracts/payments';
import { disputeClosed, disputeStatusChanges, lostDisputeCents } from '@scheduler/domain/payments/disputes';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { refundableCents } from '@scheduler/domain/payments/refunds';
import type { Executor } from '../../db/connection.ts';
import {
  insertDispute,
  insertDisputeLoss,
  loadDisputeLocked,
  loadLedgerEntries,
  markDisputeFunds,
  setDisputeStatus,
  type DisputeRow,
} from './ledger.repository.ts';
import { bookedOrder, chargeOf, followBalance, ledgerTotalsOf, refundableEntries } from './ledger.service.ts';
import type { PaymentsDeps, VerifiedWebhook } from './payments.service.ts';
import { paymentNamed } from './refunds.service.ts';
import { disputeSchema, type StripeDispute } from './stripe-gateway.ts';

/** The dispute events a company's webhook routes here. */
export const DISPUTE_EVENTS: ReadonlySet<string> = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

type OrderKey = { companyId: string; orderId: string };

/** One `charge.dispute.*` event of a company's payment; a dispute of no order of the company is ignored. */
export async function recordDisputeEvent(
  deps: PaymentsDeps,
  event: VerifiedWebhook,
): Promise<WebhookResponse['outcome']> {
  const parsed = disputeSchema.safeParse(event.object);
  if (!parsed.success) return 'ignored';
  const dispute = parsed.data;
  const payment = await paymentNamed(deps, event.companyId, dispute.payment_intent);
  if (!payment) return 'ignored';
  const key: OrderKey = { companyId: event.companyId, orderId: payment.orderId };
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    // The order's row first, as every ledger write takes it: a refund at the same moment waits.
    const order = await bookedOrder(tx, key.companyId, key.orderId, true);
    // The `created` event's status opens the row; another event's is applied below as a change, with its words.
    const opening = event.type === 'charge.dispute.created' ? (dispute.status ?? null) : null;
    let wrote = await insertDispute(
      tx,
      key,
      {
        disputeId: dispute.id,
        paymentIntentId: dispute.payment_intent ?? null,
        amountCents: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        reason: dispute.reason,
        disputedAt: event.at,
        status: opening,
        statusAt: opening === null ? null : event.at,
      },
      now,
    );
    const held = await loadDisputeLocked(tx, key.companyId, dispute.id);
    if (!held) return wrote;
    wrote = (await applyStatus(tx, key, held, dispute, event.at, now)) || wrote;
    if (event.type === 'charge.dispute.funds_withdrawn' || event.type === 'charge.dispute.funds_reinstated') {
      const movement = event.type === 'charge.dispute.funds_withdrawn' ? 'withdrawn' : 'reinstated';
      wrote = (await markDisputeFunds(tx, key, held, movement, event.at, now)) || wrote;
    }
    const status = (await loadDisputeLocked(tx, key.companyId, dispute.id))?.status ?? null;
    if (status !== 'lost') return wrote;
    // Lost: the money is the client's again. The ledger gives it back as a refund of the payment, once.
    const rows = await loadLedgerEntries(tx, key);
    const { currency } = chargeOf(order.pricingSnapshot);
    const before = ledgerTotalsOf(order, rows);
    const amountCents = lostDisputeCents(
      held.amountCents,
      refundableCents(before, refundableEntries(rows), payment.id),
    );
    if (amountCents === 0 || rows.some((row) => row.disputeId === dispute.id)) return wrote;
    const receivedOn = officeClockAt(order.timeZone, event.at.getTime()).date;
    const loss = await insertDisputeLoss(
      tx,
      key,
      { disputeId: dispute.id, paymentId: payment.id, amountCents, currency, receivedOn },
      now,
    );
    if (!loss) return wrote;
    const after = ledgerTotalsOf(order, await loadLedgerEntries(tx, key));
    await followBalance(tx, key, order.paid, after.paid, now);
    return true;
  });
  if (changed) deps.onOrderChanged?.(key.orderId);
  return 'disputed';
}

/** The event's status on the row when it moves the dispute forward (decision 0082); true when it did. */
async function applyStatus(
  tx: Executor,
  key: OrderKey,
  held: DisputeRow,
  dispute: StripeDispute,
  at: Date,
  now: Date,
): Promise<boolean> {
  if (!dispute.status) return false;
  if (!disputeStatusChanges(held, { status: dispute.status, at })) return false;
  await setDisputeStatus(
    tx,
    key,
    held,
    { status: dispute.status, statusAt: at, closed: disputeClosed(dispute.status) },
    now,
  );
  return true;
}
