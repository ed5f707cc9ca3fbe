import { queryOptions } from '@tanstack/react-query';
import { referralResponseSchema, type ReferralTable } from '@scheduler/contracts/referrals';
import { reportResponseSchema, type ReportTable } from '@scheduler/contracts/reports';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

export interface ReportSpan {
  from: string;
  to: string;
}

export function reportQueryOptions(companyKey: string, span: ReportSpan) {
  const query = new URLSearchParams({ from: span.from, to: span.to });
  return queryOptions({
    queryKey: [...consoleKeys.company(companyKey), 'reports', span.from, span.to] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, `/reports?${query.toString()}`), reportResponseSchema, { signal }),
    // Another span keeps the figures on screen until the new ones arrive, rather than a blank page.
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** The download of one table of the same span. */
export function reportCsvHref(companyKey: string, span: ReportSpan, table: ReportTable): string {
  const query = new URLSearchParams({ from: span.from, to: span.to, format: 'csv', table });
  return companyApi(companyKey, `/reports?${query.toString()}`);
}

export function referralQueryOptions(companyKey: string, span: ReportSpan) {
  const query = new URLSearchParams({ from: span.from, to: span.to });
  return queryOptions({
    queryKey: [...consoleKeys.company(companyKey), 'reports', 'referrals', span.from, span.to] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, `/reports/referrals?${query.toString()}`), referralResponseSchema, { signal }),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** The download of one table of the referral report. */
export function referralCsvHref(companyKey: string, span: ReportSpan, table: ReferralTable): string {
  const query = new URLSearchParams({ from: span.from, to: span.to, format: 'csv', table });
  return companyApi(companyKey, `/reports/referrals?${query.toString()}`);
}
