import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi, type SessionCredentials } from './api-client.ts';
import { answerLater } from './answer-later.ts';

/** The session a query belongs to: its company and the visitor's credentials. */
export interface SessionScope {
  companyKey: string;
  credentials: SessionCredentials;
}

/**
 * What an availability request asks for besides its dates (spec 7.4); part of its answer's key.
 */
export interface SlotFilter {
  duration?: number;
  limit?: number;
  postalCode?: string;
}

/**
 * Every query key of the wizard, and only here. Keys of one session share a prefix, so a write
 * can invalidate "everything of this session" or one kind of answer without spelling a key.
 */
export const queryKeys = {
  officeContact: (companyKey: string, officeUuid: string) => ['office-contact', companyKey, officeUuid] as const,
  currency: (companyKey: string) => ['currency', companyKey] as const,
  session: ({ companyKey, credentials }: SessionScope) => ['session', companyKey, credentials.token] as const,
  office: (scope: SessionScope) => [...queryKeys.session(scope), 'office'] as const,
  order: (scope: SessionScope) => [...queryKeys.session(scope), 'order'] as const,
  /** Every availability answer of the session, whatever its window or postal code. */
  availability: (scope: SessionScope) => [...queryKeys.session(scope), 'availability'] as const,
  /** The windows of availability loaded from `firstDate` on, for one set of filters. */
  availabilityFrom: (scope: SessionScope, request: { firstDate: string; pageDays: number } & SlotFilter) =>
    [...queryKeys.availability(scope), request] as const,
  /** The geocoder's suggestion for one typed address (the address step's "Verify Address"). */
  geocode: (scope: SessionScope, address: string) => [...queryKeys.session(scope), 'geocode', address] as const,
  /** The catalogue priced for the order's property (spec 7.3). */
  packages: (scope: SessionScope) => [...queryKeys.session(scope), 'packages'] as const,
  services: (scope: SessionScope) => [...queryKeys.session(scope), 'services'] as const,
  /** The order's pricing object (spec 3.10); every cart change invalidates it. */
  pricing: (scope: SessionScope) => [...queryKeys.session(scope), 'pricing'] as const,
  /** One search of the contacts step: the kind of person (an agent party, or a contact type) and what was typed. */
  peopleSearch: (scope: SessionScope, kind: string, query: string) =>
    [...queryKeys.session(scope), 'people-search', kind, query] as const,
};

/** The public office facts of the status pages (decision 0004). */
/** `trying`: the page asks to try a disabled scheduler, and the answer's `may_try` depends on the console's sign-in it sends. */
export function officeContactQueryOptions(companyKey: string, officeUuid: string, trying = false) {
  return queryOptions({
    queryKey: queryKeys.officeContact(companyKey, officeUuid),
    queryFn: () =>
      callApi(`/${companyKey}/json/online_scheduler/office_contact/${officeUuid}`, {
        credentials: trying ? 'same-origin' : 'omit',
        parse: answerLater('officeContact'),
      }),
    retry: false,
  });
}

export function currencyQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: queryKeys.currency(companyKey),
    queryFn: () => callApi(`/${companyKey}/json/currency_code`, { parse: answerLater('currency') }),
    retry: false,
  });
}

/** The office and its settings (spec 7.2). */
export function officeQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: queryKeys.office(scope),
    queryFn: () =>
      callApi(`/${scope.companyKey}/online-scheduler/office`, {
        session: scope.credentials,
        parse: answerLater('office'),
      }),
  });
}

/** The visitor's order (spec 7.2); every write that changes it invalidates this key. */
export function orderQueryOptions(scope: SessionScope) {
  return queryOptions({
    queryKey: queryKeys.order(scope),
    queryFn: () =>
      callApi(`/${scope.companyKey}/online-scheduler/order`, {
        session: scope.credentials,
        parse: answerLater('order'),
      }),
  });
}

/** After a write that changed the order: the order is read again. */
export function invalidateOrder(queryClient: QueryClient, scope: SessionScope): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.order(scope) });
}

/** After a write that changed what can be booked: availability is loaded afresh, from its first window. */
export function resetAvailability(queryClient: QueryClient, scope: SessionScope): Promise<void> {
  return queryClient.resetQueries({ queryKey: queryKeys.availability(scope) });
}
