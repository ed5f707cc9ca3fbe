import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderLedgerSchema,
  reconcileResponseSchema,
  type LedgerEntryView,
  type RecordPaymentBody,
  type RefundPaymentBody,
} from '@scheduler/contracts/ledger';
import { callApi, companyApi } from './api.ts';
import { consoleKeys } from './queries.ts';

/**
 * The payment ledger (decision 0064): an order's entries and balance on its page, the office's
 * recording and voiding, and the payments received over a span. The ledger's key sits under the
 * order's, so that a payment reads the order again too (its "paid" state follows the balance).
 */
const orderPath = (orderId: string, rest = '') => `/orders/${encodeURIComponent(orderId)}/payments${rest}`;

export function orderLedgerQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: [...consoleKeys.order(companyKey, orderId), 'ledger'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, orderPath(orderId)), orderLedgerSchema, { signal }),
  });
}

export function reconcileQueryOptions(companyKey: string, span: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...consoleKeys.company(companyKey), 'payments-received', span.from, span.to] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, `/payments?${new URLSearchParams(span).toString()}`), reconcileResponseSchema, {
        signal,
      }),
  });
}

/** The CSV of the payments received over a span, as a link downloads it. */
export function reconcileCsvUrl(companyKey: string, span: { from: string; to: string }): string {
  return companyApi(companyKey, `/payments?${new URLSearchParams({ ...span, format: 'csv' }).toString()}`);
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
        queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), 'payments-received'] }),
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
