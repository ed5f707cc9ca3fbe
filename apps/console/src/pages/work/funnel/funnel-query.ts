import { queryOptions } from '@tanstack/react-query';
import { funnelResponseSchema } from '@scheduler/contracts/analytics';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

export interface FunnelRequest {
  from: string;
  to: string;
  /** Null: every office of the company. */
  office: string | null;
}

export function funnelQueryOptions(companyKey: string, request: FunnelRequest) {
  const query = new URLSearchParams({ from: request.from, to: request.to });
  if (request.office) query.set('office', request.office);
  return queryOptions({
    queryKey: [...consoleKeys.company(companyKey), 'funnel', request.from, request.to, request.office] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, `/funnel?${query.toString()}`), funnelResponseSchema, { signal }),
    // Another span or office keeps the figures on screen until the new ones arrive, rather than a blank page.
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
