import type { AdminOrder } from '@scheduler/contracts/confirm';
import { formatMoney } from '@scheduler/domain/money-format';
import { editChangeText, type EditChange } from '@scheduler/domain/order-edit/edit-changes';
import { officeDueBackEventText, policyRefundEventText } from '@scheduler/domain/payments/cancel-refunds';
import { disputeFundsText, disputeOutcomeText, disputeStatusWords } from '@scheduler/domain/payments/disputes';
import { feeChargedEventText, feeLinkEventText, type FeeLinkReason } from '@scheduler/domain/payments/change-fees';
import { joinNames } from '@scheduler/domain/scheduling-text';
import { momentText, shortDateText } from '../../../shared/time-text.ts';

type HistoryEvent = AdminOrder['history'][number];

/** A record's field as an object (audit data is stored as JSON: read it without trusting its shape). */
const objectAt = (data: Record<string, unknown>, key: string): Record<string, unknown> => {
  const value = data[key];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};
const stringAt = (data: Record<string, unknown>, key: string): string | null =>
  typeof data[key] === 'string' ? (data[key] as string) : null;

/** Who made a change: the office member by name, or which visitor's link. */
export function actorText(by: Record<string, unknown>): string {
  if (by.kind === 'office') return stringAt(by, 'name') ?? 'the office';
  switch (by.role) {
    case 'agent':
      return 'an agent (manage link)';
    case 'contact':
      return 'a contact (manage link)';
    case 'client':
      return 'the client (manage link)';
    case 'visitor':
      return 'the person who booked it';
  }
  return 'the client';
}

/** Whether the change went past the policy on the office's say-so (recorded as `overridden` or the actor's `override`). */
function overridden(data: Record<string, unknown>): boolean {
  const flag = data.overridden;
  if (Array.isArray(flag)) return flag.length > 0;
  return flag === true || objectAt(data, 'by').override === true;
}

const numbersAt = (data: Record<string, unknown>, key: string): number[] =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter((id): id is number => typeof id === 'number') : [];
const stringsAt = (data: Record<string, unknown>, key: string): string[] =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter((name): name is string => typeof name === 'string') : [];

/**
 * "; inspector changed from Mike Alvarez to Sarah Chen" when a move changed who inspects (issue
 * 41), "" when it kept them; a record from before the names were kept says only that they changed.
 */
function inspectorChange(from: Record<string, unknown>, to: Record<string, unknown>): string {
  const before = numbersAt(from, 'inspectors');
  const after = numbersAt(to, 'inspectors');
  const same = before.length === after.length && before.every((id) => after.includes(id));
  if (same) return '';
  const word = Math.max(before.length, after.length) > 1 ? 'inspectors' : 'inspector';
  const [beforeNames, afterNames] = [stringsAt(from, 'inspector_names'), stringsAt(to, 'inspector_names')];
  if (beforeNames.length === 0 || afterNames.length === 0) return `; ${word} changed`;
  return `; ${word} changed from ${joinNames(beforeNames)} to ${joinNames(afterNames)}`;
}

/** A dispute's later events (decision 0082): its status, its outcome, Stripe's balance moved. */
function disputeLaterText(
  type: 'dispute_status_changed' | 'dispute_closed' | 'dispute_funds_withdrawn' | 'dispute_funds_reinstated',
  data: Record<string, unknown>,
  currency: string,
): string {
  const amount = typeof data.amount_cents === 'number' ? data.amount_cents : 0;
  const money = typeof data.currency === 'string' ? data.currency : currency;
  const status = stringAt(data, 'status') ?? '';
  if (type === 'dispute_funds_withdrawn' || type === 'dispute_funds_reinstated')
    return disputeFundsText(type === 'dispute_funds_withdrawn' ? 'withdrawn' : 'reinstated', amount, money);
  if (type === 'dispute_closed')
    return disputeOutcomeText(status, amount, money) ?? `The dispute of ${formatMoney(amount, money)} was closed`;
  return `The client's bank's dispute of ${formatMoney(amount, money)} is now ${disputeStatusWords(status)}`;
}

/**
 * One line of the order's audit trail, in the office's clock with its zone: what happened, who
 * did it, from what to what, and any policy overridden or fee waived.
 */
export function historyText(event: HistoryEvent, timeZone: string, currency: string): string {
  const data = event.data;
  const by = objectAt(data, 'by');
  const at = (instant: string | null) => (instant ? momentText(instant, timeZone) : 'an unknown time');
  const override = overridden(data) ? ' (policy overridden)' : '';
  switch (event.type) {
    case 'confirmed': {
      const who = by.kind === 'office' ? ` by ${actorText(by)}` : '';
      const start = stringAt(data, 'start');
      return `Booked${start ? ` for ${at(start)}` : ''}${who}`;
    }
    case 'rescheduled': {
      const [from, to] = [objectAt(data, 'from'), objectAt(data, 'to')];
      const fee = typeof data.fee_cents === 'number' && data.fee_cents > 0 ? data.fee_cents : 0;
      const feeText = fee > 0 ? `, with a late-reschedule fee of ${formatMoney(fee, currency)}` : '';
      return `Moved from ${at(stringAt(from, 'start'))} to ${at(stringAt(to, 'start'))} by ${actorText(by)}${feeText}${override}${inspectorChange(from, to)}`;
    }
    case 'cancelled': {
      const fee = typeof data.fee_cents === 'number' ? data.fee_cents : 0;
      const policyFee = typeof data.policy_fee_cents === 'number' ? data.policy_fee_cents : fee;
      const feeText =
        fee > 0
          ? `, with a late-cancellation fee of ${formatMoney(fee, currency)}`
          : policyFee > 0
            ? `, late-cancellation fee of ${formatMoney(policyFee, currency)} waived`
            : '';
      const reason = stringAt(data, 'reason');
      return `Cancelled by ${actorText(by)}${feeText}${override}${reason ? `. Reason: ${reason}` : ''}`;
    }
    case 'manage_links_revoked':
      return 'The manage links sent were revoked';
    case 'edited':
      return editedText(data, by);
    case 'payment_recorded':
    case 'payment_voided':
      return paymentText(event.type, data, by, currency);
    case 'refunded':
      return refundText(data, by, currency);
    case 'refund_due_by_office':
      return officeDueBackText(data, currency);
    case 'fee_charged':
    case 'fee_link_sent':
      return feeText(event.type, data, currency);
    case 'payment_disputed':
      return disputeText(data, currency);
    case 'dispute_status_changed':
    case 'dispute_closed':
    case 'dispute_funds_withdrawn':
    case 'dispute_funds_reinstated':
      return disputeLaterText(event.type, data, currency);
    case 'message_bounced':
      return bouncedText(data);
    case 'agreement_sent':
    case 'agreement_resent':
    case 'agreement_opened':
    case 'agreement_signed':
    case 'agreement_sealed':
    case 'agreement_voided':
      return agreementText(event.type, data, by);
  }
}

/**
 * An agreement's step (issue 43). The events name signers by id only (the order page's Agreements
 * section names them), so that the audit trail holds no one's name or address twice.
 */
function agreementText(type: HistoryEvent['type'], data: Record<string, unknown>, by: Record<string, unknown>): string {
  const from = stringAt(data, 'ip');
  const where = from ? ` from ${from}` : '';
  switch (type) {
    case 'agreement_sent': {
      const count = typeof data.signers === 'number' ? data.signers : 0;
      const version = typeof data.version === 'number' ? ` (version ${data.version})` : '';
      const to = count === 0 ? 'no client: none has an e-mail address' : count === 1 ? '1 client' : `${count} clients`;
      return `Agreement "${stringAt(data, 'title') ?? ''}"${version} sent to ${to}`;
    }
    case 'agreement_resent':
      return stringAt(data, 'reason') === 'rescheduled'
        ? `A new signing link was e-mailed, with reminders for the new time: the inspection was moved by ${actorText(by)}`
        : `A new signing link was e-mailed by ${actorText(by)}`;
    case 'agreement_opened':
      return `A signer opened the agreement${where}`;
    case 'agreement_voided':
      return stringAt(data, 'reason') === 'clients_changed'
        ? 'The agreement was voided: the clients changed; its signing links open nothing now'
        : 'The agreement was voided: the services changed; its signing links open nothing now';
    case 'agreement_signed':
      return `A signer signed the agreement${stringAt(data, 'method') === 'drawn' ? ' (drawn signature)' : ' (typed signature)'}${where}`;
    default:
      return `The agreement is complete; its PDF was sealed (SHA-256 ${(stringAt(data, 'pdf_sha256') ?? '').slice(0, 12)}…)`;
  }
}

const KIND_WORDS: Record<string, string> = {
  confirmation_email: 'confirmation',
  reminder_email: 'reminder',
  payment_receipt_email: 'receipt',
};

/** "The confirmation to dana@example.org bounced: 550 5.1.1 User unknown" (decision 0070). */
function bouncedText(data: Record<string, unknown>): string {
  const kind = stringAt(data, 'kind') ?? '';
  const change = stringAt(data, 'change');
  const what = change === 'cancelled' ? 'cancellation' : change === 'rescheduled' ? 'change' : KIND_WORDS[kind];
  const to = stringAt(data, 'to');
  const reason = stringAt(data, 'reason');
  return `${what ? `The ${what} e-mail` : 'An e-mail'}${to ? ` to ${to}` : ''} bounced${reason ? `: ${reason}` : ''}`;
}

const isChange = (change: unknown): change is EditChange => {
  const item = change as Partial<EditChange> | null;
  const side = (value: unknown) => value === null || typeof value === 'string';
  return typeof item?.label === 'string' && side(item.before) && side(item.after);
};

/**
 * An office's edit (decision 0063): "Edited by Olive Office: Radon Testing added ($150.00);
 * Total: $456.88 → $618.13. Reason: … E-mailed dana@example.com."
 */
function editedText(data: Record<string, unknown>, by: Record<string, unknown>): string {
  const changes = Array.isArray(data.changes) ? data.changes.filter(isChange).map(editChangeText) : [];
  const reason = stringAt(data, 'reason');
  const emailed = stringsAt(data, 'emailed');
  return [
    `Edited by ${actorText(by)}${changes.length > 0 ? `: ${changes.join('; ')}.` : '.'}`,
    reason ? `Reason: ${reason}.` : '',
    emailed.length > 0 ? `E-mailed ${emailed.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const amountOf = (data: Record<string, unknown>, currency: string) =>
  typeof data.amount_cents === 'number' ? formatMoney(data.amount_cents, currency) : 'an amount';

const METHOD_WORDS: Record<string, string> = { check: 'check', cash: 'cash', card: 'card', other: 'other means' };

/** "Payment of $100.00 by check 1042, received Tue 12/1/2026, recorded by Ollie Office" and its void, with the reason. */
function paymentText(
  type: 'payment_recorded' | 'payment_voided',
  data: Record<string, unknown>,
  by: Record<string, unknown>,
  currency: string,
): string {
  const what = `${data.kind === 'refund' ? 'Refund' : 'Payment'} of ${amountOf(data, currency)}`;
  const method = METHOD_WORDS[stringAt(data, 'method') ?? ''] ?? 'other means';
  const reference = stringAt(data, 'reference');
  if (type === 'payment_voided') {
    const reason = stringAt(data, 'reason');
    return `${what} (${method}) voided by ${actorText(by)}${reason ? `. Reason: ${reason}` : ''}`;
  }
  const received = stringAt(data, 'received_on');
  return `${what} by ${method}${reference ? ` ${reference}` : ''}${received ? `, received ${shortDateText(received)}` : ''}, recorded by ${actorText(by)}`;
}

/**
 * A refund through Stripe (decision 0067): "Refund of $50.00 through Stripe by Olive Owner. Reason:
 * Radon test not done", or "Refund of $50.00 made in Stripe" for one made in Stripe's dashboard.
 */
function refundText(data: Record<string, unknown>, by: Record<string, unknown>, currency: string): string {
  const what = `Refund of ${amountOf(data, currency)}`;
  if (by.kind === 'policy') return policyRefundText(data, by, currency);
  if (by.kind !== 'office') return `${what} made in Stripe`;
  const reason = stringAt(data, 'reason');
  return `${what} through Stripe by ${actorText(by)}${reason ? `. Reason: ${reason}` : ''}`;
}

/**
 * A refund the cancellation policy made (decision 0076): "Refund of $325.00 through Stripe:
 * cancelled by the client, less the late-cancellation fee of $75.00", or of a payment that
 * arrived after the cancel.
 */
function policyRefundText(data: Record<string, unknown>, by: Record<string, unknown>, currency: string): string {
  const amount = typeof data.amount_cents === 'number' ? data.amount_cents : 0;
  if (by.paid_after_cancel === true)
    return `Refund of ${amountOf(data, currency)} through Stripe: paid after the order was cancelled`;
  const fee = typeof by.fee_cents === 'number' ? by.fee_cents : 0;
  return policyRefundEventText(amount, currency, stringAt(by, 'cancelled_by') ?? 'the client', fee);
}

/** What a cancel leaves the office to return itself (decision 0076): paid by check or cash. */
function officeDueBackText(data: Record<string, unknown>, currency: string): string {
  const amount = typeof data.amount_cents === 'number' ? data.amount_cents : 0;
  const fee = typeof data.fee_cents === 'number' ? data.fee_cents : 0;
  return officeDueBackEventText(amount, currency, stringAt(data, 'cancelled_by') ?? 'the client', fee);
}

const FEE_LINK_REASONS: readonly FeeLinkReason[] = ['no_card', 'authentication_required', 'declined'];

/**
 * A late fee collected (decision 0081): "Late-cancellation fee of $75.00 charged to the Visa ending
 * 4242", or "…: the card was declined; a link to pay it was e-mailed to the client".
 */
function feeText(type: 'fee_charged' | 'fee_link_sent', data: Record<string, unknown>, currency: string): string {
  const change = data.change === 'reschedule' ? 'reschedule' : 'cancel';
  const amount = typeof data.amount_cents === 'number' ? data.amount_cents : 0;
  if (type === 'fee_charged')
    return feeChargedEventText(change, amount, currency, {
      brand: stringAt(data, 'brand'),
      last4: stringAt(data, 'last4'),
    });
  const reason = FEE_LINK_REASONS.find((known) => known === data.reason) ?? 'declined';
  return feeLinkEventText(change, amount, currency, reason);
}

/** "Payment of $456.88 disputed by the client's bank (fraudulent)": Stripe's `charge.dispute.created`. */
function disputeText(data: Record<string, unknown>, currency: string): string {
  const reason = stringAt(data, 'reason');
  return `Payment of ${amountOf(data, currency)} disputed by the client's bank${reason ? ` (${reason.replaceAll('_', ' ')})` : ''}`;
}
