import { useQuery } from '@tanstack/react-query';
import type { OfficeContactResponse, OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import { isFailure, UnauthorizedError } from '../shared/api-client.ts';
import {
  currencyQueryOptions,
  officeContactQueryOptions,
  officeQueryOptions,
  orderQueryOptions,
  type SessionScope,
} from '../shared/queries.ts';
import { useSessionEnded } from './query-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SchedulerData {
  /** Public office facts; null when the link names no known office. */
  contact: OfficeContactResponse | null;
  office: OfficeResponse | undefined;
  order: OrderResponse | undefined;
  currency: string;
  loading: boolean;
  /** False once any call of this session answered 401, or when there is no token at all. */
  authorized: boolean;
  /** A failure other than 401 while loading the session. */
  failed: boolean;
  /**
   * The URL's `try=1` holds: the scheduler is disabled and the server says this browser's signed-in
   * console member may try it (issue 39). For anyone else a disabled scheduler shows its page.
   */
  tryWhileDisabled: boolean;
  retry(): void;
}

/** Loads what every screen needs (spec 7.2): the office, the order and the currency. */
export function useSchedulerData(scope: SessionScope): SchedulerData {
  const { companyKey, credentials } = scope;
  const { token, officeUuid } = credentials;
  const tryAsked = credentials.trying === true;
  const sessionEnded = useSessionEnded(token);
  const contactQuery = useQuery({
    ...officeContactQueryOptions(companyKey, officeUuid, tryAsked),
    enabled: UUID.test(officeUuid),
  });
  const tryWhileDisabled = tryAsked && contactQuery.data?.may_try === true;
  const disabledForVisitor = contactQuery.data?.enabled === false && !tryWhileDisabled;
  const sessionEnabled = token !== '' && !disabledForVisitor && !sessionEnded;
  const officeQuery = useQuery({ ...officeQueryOptions(scope), enabled: sessionEnabled });
  const orderQuery = useQuery({ ...orderQueryOptions(scope), enabled: sessionEnabled });
  const currencyQuery = useQuery({ ...currencyQueryOptions(companyKey), enabled: sessionEnabled });

  const sessionErrors = [officeQuery.error, orderQuery.error];
  const authorized = token !== '' && !sessionEnded && !sessionErrors.some((e) => e instanceof UnauthorizedError);
  const contactPending = UUID.test(officeUuid) && contactQuery.isPending;
  const sessionPending = sessionEnabled && authorized && (officeQuery.isPending || orderQuery.isPending);
  return {
    contact: contactQuery.data ?? null,
    office: officeQuery.data,
    order: orderQuery.data,
    currency: currencyQuery.data?.currency_code ?? officeQuery.data?.currency_code ?? 'USD',
    loading: contactPending || sessionPending,
    authorized,
    failed: authorized && sessionErrors.some(isFailure),
    tryWhileDisabled,
    retry: () => {
      void officeQuery.refetch();
      void orderQuery.refetch();
    },
  };
}
