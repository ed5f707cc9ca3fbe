import { consoleOrdersQuerySchema } from '@scheduler/contracts/console';
import type { OrdersFilters } from '../../../shared/queries.ts';

const FILTER_NAMES = ['from', 'to', 'status', 'inspector_id', 'q', 'agreement', 'cursor', 'per_page'] as const;

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
    // The cursor stays the string the API gave (the schema reads what it holds).
    if (parsed.success) filters[name] = name === 'cursor' ? raw : parsed.data[name];
  }
  return filters as OrdersFilters;
}

/**
 * The URL's query after a change of filters. Any filter but the cursor itself sends the list back
 * to its first page: a place in another search's list means nothing. (A `page` number of an older
 * link goes too: the list pages by cursor, decision 0071.)
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
  if (!('cursor' in changes)) next.delete('cursor');
  next.delete('page');
  return next;
}
