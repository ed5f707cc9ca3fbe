import { consoleOrdersQuerySchema } from '@scheduler/contracts/console';
import type { OrdersFilters } from '../../../shared/queries.ts';

const FILTER_NAMES = ['from', 'to', 'status', 'inspector_id', 'q', 'page', 'per_page'] as const;

/**
 * The list's filters as the URL holds them (so a view can be shared and reloaded), each read by
 * the API's own query schema: a value the API would refuse is dropped rather than sent.
 */
export function readOrdersFilters(params: URLSearchParams): OrdersFilters {
  const filters: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') continue;
    const parsed = consoleOrdersQuerySchema.safeParse({ [name]: raw });
    if (parsed.success) filters[name] = parsed.data[name];
  }
  return filters as OrdersFilters;
}

/**
 * The URL's query after a change of filters. Any filter but the page itself sends the list back
 * to its first page: page 7 of another search means nothing.
 */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<(typeof FILTER_NAMES)[number], string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
