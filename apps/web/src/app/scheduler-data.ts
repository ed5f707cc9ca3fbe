import { useQuery } from '@tanstack/react-query';
import type { OfficeContactResponse, OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import { callApi, UnauthorizedError, type SessionCredentials } from '../shared/api-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SchedulerData {
  /** Public office facts; null when the link names no known office. */
  contact: OfficeContactResponse | null;
  office: OfficeResponse | undefined;
  order: OrderResponse | undefined;
  currency: string;
  loading: boolean;
  /** False once any call answered 401, or when there is no token at all. */
  authorized: boolean;
  /** A failure other than 401 while loading the session. */
  failed: boolean;
  retry(): void;
}

/** Loads what every screen needs (spec 7.2): the office, the order and the currency. */
export function useSchedulerData(companyKey: string, credentials: SessionCredentials, tryWhileDisabled: boolean, unauthorizedSignal: boolean): SchedulerData {
  const { token, officeUuid } = credentials;
  const contactQuery = useQuery({
    queryKey: ['office-contact', companyKey, officeUuid],
    queryFn: () => callApi<OfficeContactResponse>(`/${companyKey}/json/online_scheduler/office_contact/${officeUuid}`),
    enabled: UUID.test(officeUuid),
    retry: false,
  });
  const disabledForVisitor = contactQuery.data?.enabled === false && !tryWhileDisabled;
  const sessionEnabled = token !== '' && !disabledForVisitor && !unauthorizedSignal;
  const officeQuery = useQuery({
    queryKey: ['office', companyKey, token],
    queryFn: () => callApi<OfficeResponse>(`/${companyKey}/online-scheduler/office`, { session: credentials }),
    enabled: sessionEnabled,
  });
  const orderQuery = useQuery({
    queryKey: ['order', companyKey, token],
    queryFn: () => callApi<OrderResponse>(`/${companyKey}/online-scheduler/order`, { session: credentials }),
    enabled: sessionEnabled,
  });
  const currencyQuery = useQuery({
    queryKey: ['currency', companyKey],
    queryFn: () => callApi<{ currency_code: string }>(`/${companyKey}/json/currency_code`),
    enabled: sessionEnabled,
    retry: false,
  });

  const sessionErrors = [officeQuery.error, orderQuery.error];
  const authorized = token !== '' && !unauthorizedSignal && !sessionErrors.some((e) => e instanceof UnauthorizedError);
  const contactPending = UUID.test(officeUuid) && contactQuery.isPending;
  const sessionPending = sessionEnabled && authorized && (officeQuery.isPending || orderQuery.isPending);
  return {
    contact: contactQuery.data ?? null,
    office: officeQuery.data,
    order: orderQuery.data,
    currency: currencyQuery.data?.currency_code ?? officeQuery.data?.currency_code ?? 'USD',
    loading: contactPending || sessionPending,
    authorized,
    failed: authorized && sessionErrors.some((e) => e !== null && !(e instanceof UnauthorizedError)),
    retry: () => {
      void officeQuery.refetch();
      void orderQuery.refetch();
    },
  };
}
