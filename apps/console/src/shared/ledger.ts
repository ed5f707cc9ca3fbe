import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderLedgerSchema,
  paymentsPageSchema,
  type LedgerEntryView,
  type PaymentLineKind,
  type PaymentLineStatus,
  type RecordPaymentBody,
  type RefundPaymentBody,
} from '@scheduler/contracts/ledger';
import { callApi, companyApi } from './api.ts';
import { consoleKeys } from './queries.ts';

/**
 * The payment ledger (decision 0064): an order's entries and balance on its page, the office's
 * recording and voiding, and the company's payments page (decision 0083). The ledger's key sits under the
 * order's, so that a payment reads the order again too (its "paid" state follows the balance).
 */
const orderPath = (orderId: string, rest = '') => `/orders/${encodeURIComponent(orderId)}/payments${rest}`;

export function orderLedgerQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: [...consoleKeys.order(companyKey, orderId), 'ledger'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, orderPath(orderId)), orderLedgerSchema, { signal }),
  });
}

/** The payments page's query as the API takes it: its filters, the cursor and the page size (values left out are not sent). */
export type PaymentsPageQuery = Partial<
  Record<'from' | 'to' | 'kind' | 'method' | 'status' | 'q' | 'cursor' | 'per_page', string>
>;

function paymentsQueryString(query: PaymentsPageQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return params.toString();
}

const PAYMENTS_PAGE_KEY = 'payments-page';

export function paymentsPageQueryOptions(companyKey: string, query: PaymentsPageQuery) {
  const search = paymentsQueryString(query);
  return queryOptions({
    queryKey: [...consoleKeys.company(companyKey), PAYMENTS_PAGE_KEY, search] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, `/payments?${search}`), paymentsPageSchema, { signal }),
  });
}

/** The CSV of every line the filters match (the cursor and page size say nothing), as a link downloads it. */
export function paymentsCsvUrl(companyKey: string, query: PaymentsPageQuery): string {
  const { cursor: _cursor, per_page: _perPage, ...filters } = query;
  return companyApi(companyKey, `/payments?${paymentsQueryString({ ...filters })}&format=csv`);
}

/** GET …/payments/{id}/receipt: one entry's PDF receipt, as a link downloads it (decision 0082). */
export const receiptPdfUrl = (companyKey: string, orderId: string, entryId: string): string =>
  companyApi(companyKey, orderPath(orderId, `/${encodeURIComponent(entryId)}/receipt`));

function useLedgerChange<T, R>(companyKey: string, orderId: string, change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.order(companyKey, orderId) }),
        queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), PAYMENTS_PAGE_KEY] }),
      ]),
  });
}

export const useRecordPayment = (companyKey: string, orderId: string) =>
  useLedgerChange(companyKey, orderId, (body: RecordPaymentBody) =>
    callApi(companyApi(companyKey, orderPath(orderId)), orderLedgerSchema, {
      method: 'POST',
      body,
      answers: [201],
    }),
  );

export const useVoidPayment = (companyKey: string, orderId: string) =>
  useLedgerChange(companyKey, orderId, ({ entryId, reason }: { entryId: string; reason: string }) =>
    callApi(companyApi(companyKey, orderPath(orderId, `/${encodeURIComponent(entryId)}/void`)), orderLedgerSchema, {
      method: 'POST',
      body: { reason },
    }),
  );

/** A refund of an online payment through Stripe (decision 0067); the body's request id makes a retry refund nothing more. */
export const useRefundPayment = (companyKey: string, orderId: string) =>
  useLedgerChange(companyKey, orderId, ({ entryId, body }: { entryId: string; body: RefundPaymentBody }) =>
    callApi(companyApi(companyKey, orderPath(orderId, `/${encodeURIComponent(entryId)}/refund`)), orderLedgerSchema, {
      method: 'POST',
      body,
      answers: [201],
    }),
  );

/** How a payment came in, as the office says it. */
export const METHOD_WORDS: Record<LedgerEntryView['method'], string> = {
  online: 'Online (Stripe)',
  check: 'Check',
  cash: 'Cash',
  card: 'Card at the inspection',
  other: 'Other',
};

/** What a line of the payments page is, as the office says it. */
export const KIND_WORDS: Record<PaymentLineKind, string> = {
  payment: 'Payment',
  fee: 'Fee',
  refund: 'Refund',
  dispute: 'Dispute',
};

/**
 * Where a line stands, as the office says it: the one place these words live (a dispute's outcome,
 * once recorded, adds its words here beside PAYMENT_LINE_STATUSES).
 */
export const STATUS_WORDS: Record<PaymentLineStatus, string> = {
  received: 'Received',
  refunded_in_part: 'Refunded in part',
  refunded_in_full: 'Refunded in full',
  given_back: 'Refund given',
  voided: 'Voided',
  disputed: 'Disputed',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
};
