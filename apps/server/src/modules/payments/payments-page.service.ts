/**
 * The console's payments page (issue 44's ledger, decision 0083): every payment, fee, refund and
 * dispute of the company over a span of office dates, filtered, one page at a time by keyset, the
 * totals per day, month and method of every line the filters match, and the same as a streamed
 * CSV for the accountant. Every read is by the member's company's immutable id.
 */
import { Readable } from 'node:stream';
import {
  encodePaymentsCursor,
  type PaymentLine,
  type PaymentTotal,
  type PaymentsCursor,
  type PaymentsPage,
  type PaymentsQuery,
} from '@scheduler/contracts/ledger';
import { orderReference } from '@scheduler/domain/order-reference';
import type { Executor } from '../../db/connection.ts';
import { csvText } from '../../http/csv-text.ts';
import {
  loadPaymentLines,
  loadPaymentSums,
  type PaymentLineRow,
  type PaymentSumRow,
  type PaymentsFilter,
} from './payments-page.repository.ts';

/** How many lines a CSV reads and writes at a time. */
export const PAYMENTS_CSV_BATCH = 500;

/** A refund and a dispute take money out: their amounts are negative on the page and in the CSV. */
function signedCents(row: Pick<PaymentLineRow, 'kind' | 'amountCents'>): number {
  return row.kind === 'refund' || row.kind === 'dispute' ? -row.amountCents : row.amountCents;
}

function lineOut(row: PaymentLineRow): PaymentLine {
  return {
    id: row.id,
    on: row.on,
    at: row.at,
    order_id: row.orderId,
    order_reference: orderReference(row.orderId),
    client: row.client,
    kind: row.kind,
    method: row.method as PaymentLine['method'],
    amount_cents: signedCents(row),
    currency: row.currency,
    reference: row.reference,
    status: row.status,
    recorded_by: row.recordedBy,
  };
}

function totalOut(sum: PaymentSumRow): PaymentTotal {
  return {
    key: sum.key,
    currency: sum.currency,
    payments_cents: sum.paymentsCents,
    fees_cents: sum.feesCents,
    refunds_cents: sum.refundsCents,
    net_cents: sum.paymentsCents + sum.feesCents - sum.refundsCents,
    disputed_cents: sum.disputedCents,
    lines: sum.lines,
  };
}

function totalsOut(sums: readonly PaymentSumRow[]): PaymentsPage['totals'] {
  const of = (by: PaymentSumRow['by']) =>
    sums
      .filter((sum) => sum.by === by)
      .map(totalOut)
      .sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency));
  return { by_day: of('day'), by_month: of('month'), by_method: of('method'), all: of('all') };
}

function filterOf(query: PaymentsQuery): PaymentsFilter {
  return { from: query.from, to: query.to, kind: query.kind, method: query.method, status: query.status, q: query.q };
}

const keyOf = (row: PaymentLineRow, direction: PaymentsCursor['direction']): string =>
  encodePaymentsCursor({ direction, on: row.on, at: row.at, id: row.id });

/** One page of lines and the totals of all of them. */
export async function paymentsPage(db: Executor, companyId: string, query: PaymentsQuery): Promise<PaymentsPage> {
  const filter = filterOf(query);
  const cursor = query.cursor ?? null;
  const [page, sums] = await Promise.all([
    loadPaymentLines(db, companyId, filter, cursor, query.per_page),
    loadPaymentSums(db, companyId, filter),
  ]);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  // Forward, there is a page before whenever a cursor led here; backward, a page after.
  const backward = cursor?.direction === 'before';
  const hasNext = backward ? true : page.more;
  const hasPrevious = backward ? page.more : cursor !== null;
  const totals = totalsOut(sums);
  return {
    from: query.from,
    to: query.to,
    lines: page.rows.map(lineOut),
    total_lines: totals.all.reduce((count, total) => count + total.lines, 0),
    next_cursor: hasNext && last ? keyOf(last, 'after') : null,
    previous_cursor: hasPrevious && first ? keyOf(first, 'before') : null,
    totals,
  };
}

/** Cents as a CSV's accountant reads them: 425.00, -12.50 (the currency in its own column). */
function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const CSV_COLUMNS = [
  'Date',
  'Order',
  'Client',
  'Kind',
  'Method',
  'Reference',
  'Status',
  'Amount',
  'Currency',
  'Recorded by',
];

function csvLine(row: PaymentLineRow): string[] {
  const line = lineOut(row);
  return [
    line.on,
    line.order_reference,
    line.client,
    line.kind,
    line.method,
    line.reference ?? '',
    line.status,
    // A voided line is listed as it was entered, and counts for nothing in the totals below.
    decimal(line.amount_cents),
    line.currency,
    line.recorded_by ?? 'Stripe',
  ];
}

/** The totals after the lines: per day, per month, per method, then in all, each per currency (net, and disputed apart). */
function csvTotals(totals: PaymentsPage['totals'], span: string): string[][] {
  const rows = (label: string, list: readonly PaymentTotal[]) =>
    list.flatMap((total) => [
      [label, 'Total', '', 'net', total.key, `${total.lines} lines`, '', decimal(total.net_cents), total.currency, ''],
      ...(total.disputed_cents > 0
        ? [[label, 'Total', '', 'disputed', total.key, '', '', decimal(-total.disputed_cents), total.currency, '']]
        : []),
    ]);
  return [
    ...rows('Day', totals.by_day),
    ...rows('Month', totals.by_month),
    ...rows('Method', totals.by_method),
    ...rows(span, totals.all),
  ];
}

/**
 * Every line the filters match as CSV, the header first, then the lines in the page's order read
 * PAYMENTS_CSV_BATCH at a time by keyset (decision 0071: the server holds one batch, and the next
 * is read when the response asks for more), then the totals, read before the first line.
 */
async function* wholeCsv(
  db: Executor,
  companyId: string,
  filter: PaymentsFilter,
  totals: PaymentsPage['totals'],
): AsyncGenerator<string> {
  yield csvText([CSV_COLUMNS]);
  let cursor: PaymentsCursor | null = null;
  for (;;) {
    const { rows, more } = await loadPaymentLines(db, companyId, filter, cursor, PAYMENTS_CSV_BATCH);
    if (rows.length > 0) yield csvText(rows.map(csvLine));
    const last = rows.at(-1);
    if (!more || !last) break;
    cursor = { direction: 'after', on: last.on, at: last.at, id: last.id };
  }
  yield csvText(csvTotals(totals, `${filter.from} to ${filter.to}`));
}

/** The CSV download of the page's filters: every line, streamed, and the count of lines (X-Total-Count). */
export async function paymentsCsv(
  db: Executor,
  companyId: string,
  query: PaymentsQuery,
): Promise<{ total: number; csv: Readable }> {
  const filter = filterOf(query);
  const totals = totalsOut(await loadPaymentSums(db, companyId, filter));
  const total = totals.all.reduce((count, sum) => count + sum.lines, 0);
  return { total, csv: Readable.from(wholeCsv(db, companyId, filter, totals)) };
}
