/**
 * The PDF receipt of one ledger entry (issue 44, decision 0082): attached to the payment's or the
 * refund's receipt e-mail, and downloaded by the office from the order's ledger and by the client
 * from the manage page. Written from the ledger when asked, never stored: the entry, the order's
 * frozen price and the company's details make the same bytes each time.
 */
import { orderReference } from '@scheduler/domain/order-reference';
import {
  balanceAfterEntry,
  receiptDateText,
  receiptLineLabel,
  receiptLines,
  receiptLinkText,
  receiptNumber,
} from '@scheduler/domain/payments/receipt';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { joinNames } from '@scheduler/domain/scheduling-text';
import type { Executor } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import { companyLicenceNumber } from '../agreements/templates.service.ts';
import { addressLine, appointmentWithZone } from '../notifications/mail-content.ts';
import { loadMessageFacts } from '../notifications/notifications.service.ts';
import { loadLedgerEntries, loadLedgerOrder, loadOfficeAddress, type LedgerRow } from './ledger.repository.ts';
import { chargeOf, refundableEntries } from './ledger.service.ts';

/**
 * The PDF libraries (pdf-lib and fontkit) load with the first PDF made, not with
 * the server: about 37 MB of resident memory a server that makes no PDF never needs (issue 48).
 */
const loadPdfRenderer = () => import('./receipt-pdf.ts');

type OrderKey = { companyId: string; orderId: string };

/** Which entry: by its id, or (an online payment's receipt e-mail) by the Checkout Session it was paid through. */
export type ReceiptEntry = { entryId: string } | { checkoutSessionId: string };

export interface ReceiptDocument {
  fileName: string;
  content: Uint8Array;
}

/** How the money moved, as the receipt says it. */
function methodWords(row: LedgerRow): string {
  const reference = row.reference ? ` ${row.reference}` : '';
  if (row.method === 'online') {
    if (row.disputeId) return `Given back to the card by the client's bank (dispute ${row.disputeId})`;
    return row.kind === 'refund'
      ? `Refunded to the card through Stripe (${row.stripeRefundId ?? row.reference ?? 'refund'})`
      : `Card, paid online through Stripe (${row.reference ?? row.checkoutSessionId ?? 'payment'})`;
  }
  const names = { check: 'Check', cash: 'Cash', card: 'Card', other: 'Other' } as const;
  return `${names[row.method]}${reference}`;
}

/**
 * The receipt of one entry of one order of the company; null when there is none to give: no such
 * order or entry of this company, or the entry was voided (it counts for nothing, so it receipts
 * nothing: decision 0082).
 */
export async function receiptPdf(db: Executor, key: OrderKey, which: ReceiptEntry): Promise<ReceiptDocument | null> {
  const order = await loadLedgerOrder(db, key);
  if (!order || order.status === 'draft') return null;
  const rows = await loadLedgerEntries(db, key);
  const entry = rows.find((row) =>
    'entryId' in which ? row.id === which.entryId : row.checkoutSessionId === which.checkoutSessionId,
  );
  if (!entry || entry.voidedAt !== null) return null;
  const facts = await loadMessageFacts(db, key.companyId, key.orderId, { cancelled: true });
  if (!facts) return null;
  const [office, licence] = await Promise.all([
    loadOfficeAddress(db, key.companyId, facts.officeId),
    companyLicenceNumber(db, key.companyId),
  ]);
  const { totalCents, currency } = chargeOf(order.pricingSnapshot);
  const priced = receiptLines(facts.pricing ?? null);
  const number = receiptNumber(key.orderId, entry.id);
  const content = await (
    await loadPdfRenderer()
  ).renderReceiptPdf({
    kind: entry.kind,
    company: {
      name: facts.companyName,
      address: office ? addressLine(office) : '',
      phone: facts.office.phone,
      email: facts.office.email,
      licenceNumber: licence,
    },
    receiptNumber: number,
    date: receiptDateText(entry.receivedOn),
    recordedAt: appointmentWithZone({ start: entry.recordedAt, office: facts.office }),
    createdAt: entry.recordedAt,
    orderReference: orderReference(key.orderId),
    clients: joinNames(facts.clientNames),
    propertyAddress: addressLine(facts.address),
    appointment: appointmentWithZone(facts),
    currency,
    lines: priced
      ? priced.lines.map((line) => ({ label: htmlToPlainText(receiptLineLabel(line)), amountCents: line.amount ?? 0 }))
      : [],
    totalCents,
    amountCents: entry.amountCents,
    method: methodWords(entry),
    note: entry.note ?? '',
    balanceDueCents:
      balanceAfterEntry(
        totalCents,
        rows.map((row) => ({ ...refundableEntries([row])[0]!, at: row.recordedAt.getTime() })),
        entry.id,
      ) ?? totalCents,
  });
  return { fileName: `receipt-${number}.pdf`, content };
}

/** The receipt for a download: 404 (the same for another company's order, an unknown entry and a voided one). */
export async function receiptPdfOrNotFound(db: Executor, key: OrderKey, entryId: string): Promise<ReceiptDocument> {
  const receipt = await receiptPdf(db, key, { entryId });
  if (!receipt) throw new NotFoundError('The receipt');
  return receipt;
}

/** What a client's manage page lists to download: each entry not voided, oldest first, in words (decision 0082). */
export async function receiptsOfOrder(db: Executor, key: OrderKey): Promise<Array<{ id: string; text: string }>> {
  const rows = await loadLedgerEntries(db, key);
  return rows
    .filter((row) => row.voidedAt === null)
    .map((row) => ({ id: row.id, text: receiptLinkText(row.kind, row.amountCents, row.currency, row.receivedOn) }));
}
