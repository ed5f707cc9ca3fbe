import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleOrderEditPreviewSchema,
  consoleOrderEditResponseSchema,
  consoleOrderEditStateSchema,
  type ConsoleOrderEditBody,
} from '@scheduler/contracts/order-edit';
import type { EditedAgentRole } from '@scheduler/contracts/order-edit';
import { SEARCH_QUERY_MIN, searchResultsSchema } from '@scheduler/contracts/people';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/** What the edit dialog sends (the server's defaults filled in: the dialog always says them). */
export type OrderEditRequest = ConsoleOrderEditBody;

const editPath = (companyKey: string, orderId: string) =>
  companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}/edit`);

/** GET …/edit: the order's cart, prices, note and version, and what the office offers. */
export function orderEditStateOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: [...consoleKeys.order(companyKey, orderId), 'edit'] as const,
    queryFn: ({ signal }) => callApi(editPath(companyKey, orderId), consoleOrderEditStateSchema, { signal }),
    // The version must be the one the dialog opened on: never refreshed under the person's edits.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST …/edit/preview for the edit as it stands (null: not ready to price), the last answer kept while the next is asked. */
export function useOrderEditPreview(companyKey: string, orderId: string, body: OrderEditRequest | null) {
  return useQuery({
    queryKey: [...consoleKeys.order(companyKey, orderId), 'edit-preview', body] as const,
    queryFn: ({ signal }) =>
      callApi(`${editPath(companyKey, orderId)}/preview`, consoleOrderEditPreviewSchema, {
        method: 'POST',
        body,
        signal,
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
}

/** POST …/edit: saved; the order, its lists and the schedule are read again. */
export function useSaveOrderEdit(companyKey: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditRequest) =>
      callApi(editPath(companyKey, orderId), consoleOrderEditResponseSchema, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.order(companyKey, orderId) }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.orders(companyKey) }),
      ]),
  });
}

/** GET …/agent-search: the company's agents matching what was typed (the contacts step's search), once it is long enough. */
export function useAgentSearch(companyKey: string, type: EditedAgentRole, query: string) {
  const typed = query.trim();
  return useQuery({
    queryKey: [...consoleKeys.company(companyKey), 'agent-search', type, typed] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/agent-search?${new URLSearchParams({ type, query: typed }).toString()}`),
        searchResultsSchema,
        { signal },
      ),
    enabled: typed.length >= SEARCH_QUERY_MIN,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
