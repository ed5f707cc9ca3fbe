import { queryOptions } from '@tanstack/react-query';
import type { ConsoleOrdersQuery } from '@scheduler/contracts/console';
import { callApi, companyApi } from './api.ts';
import { later } from './later-schema.ts';

/**
 * Every query of the console, its key and its call, in one place: the live-update stream
 * (app/) invalidates by these keys, and the pages read through these options.
 */
export const consoleKeys = {
  me: ['console', 'me'] as const,
  company: (companyKey: string) => ['console', 'company', companyKey] as const,
  schedule: (companyKey: string) => [...consoleKeys.company(companyKey), 'schedule'] as const,
  orders: (companyKey: string) => [...consoleKeys.company(companyKey), 'orders'] as const,
  inspectors: (companyKey: string) => [...consoleKeys.company(companyKey), 'inspectors'] as const,
  order: (companyKey: string, orderId: string) => [...consoleKeys.company(companyKey), 'order', orderId] as const,
  moveTimes: (companyKey: string, orderId: string) =>
    [...consoleKeys.order(companyKey, orderId), 'move-times'] as const,
};

export function meQueryOptions() {
  return queryOptions({
    queryKey: consoleKeys.me,
    queryFn: ({ signal }) =>
      callApi(
        '/api/console/me',
        later((schemas) => schemas.consoleMeSchema),
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

export interface ScheduleRequest {
  from: string;
  days: number;
  officeUuid: string | null;
}

export function scheduleQueryOptions(companyKey: string, request: ScheduleRequest) {
  const query = new URLSearchParams({ from: request.from, days: String(request.days) });
  if (request.officeUuid) query.set('office_uuid', request.officeUuid);
  return queryOptions({
    queryKey: [...consoleKeys.schedule(companyKey), request.from, request.days, request.officeUuid] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/schedule?${query.toString()}`),
        later((schemas) => schemas.consoleScheduleSchema),
        { signal },
      ),
    // A new day or week keeps the last one on screen until it arrives, rather than a blank grid.
    placeholderData: (previous) => previous,
  });
}

/** The company's working inspectors with their offices (an inspector member: only themself), for filters and forms. */
export function inspectorsQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: consoleKeys.inspectors(companyKey),
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, '/inspectors'),
        later((schemas) => schemas.consoleInspectorsSchema),
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

/** The orders list's filters as the URL and the API both write them (absent: the API's default). */
export type OrdersFilters = Partial<
  Pick<ConsoleOrdersQuery, 'from' | 'to' | 'status' | 'inspector_id' | 'q' | 'per_page' | 'agreement'>
> & {
  /** Where the page starts: a `next_cursor` or `previous_cursor` the API gave, as it gave it. */
  cursor?: string;
};

/** The query string of the list and of its CSV: the same filters, so the download is what is shown. */
export function ordersQueryString(filters: OrdersFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(name, String(value));
  return query.toString();
}

export function ordersQueryOptions(companyKey: string, filters: OrdersFilters) {
  return queryOptions({
    queryKey: [...consoleKeys.orders(companyKey), filters] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/orders?${ordersQueryString(filters)}`),
        later((schemas) => schemas.consoleOrdersResponseSchema),
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

export function orderQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: consoleKeys.order(companyKey, orderId),
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}`),
        later((schemas) => schemas.consoleOrderDetailSchema),
        { signal },
      ),
  });
}

/**
 * The times a booking could move to, `from` to `to` (office dates), for exactly the team named
 * (the booking's own inspectors, or the ones the office picked; none: anyone).
 */
export function moveTimesQueryOptions(
  companyKey: string,
  orderId: string,
  window: { from: string; to: string },
  inspectorIds: readonly number[] = [],
) {
  const query = new URLSearchParams(window);
  if (inspectorIds.length > 0) query.set('inspectors', inspectorIds.join(','));
  return queryOptions({
    queryKey: [...consoleKeys.moveTimes(companyKey, orderId), window.from, window.to, inspectorIds.join(',')] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/orders/${encodeURIComponent(orderId)}/availability?${query.toString()}`),
        later((schemas) => schemas.moveTimesSchema),
        { signal },
      ),
    // Any visitor may take a time at any moment: each opening asks again.
    staleTime: 0,
  });
}
