import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { consolePhoneBookingResponseSchema } from '@scheduler/contracts/console';
import { officeResponseSchema } from '@scheduler/contracts/office';
import { orderResponseSchema } from '@scheduler/contracts/order';
import { packagesResponseSchema, servicesResponseSchema } from '@scheduler/contracts/catalogue';
import { pricingSchema } from '@scheduler/contracts/pricing';
import { callApi, companyApi, type CallOptions } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/**
 * The phone-booking form drives the wizard's own API (decision 0072): an office wizard session,
 * started by the console's POST …/phone-bookings, whose token goes in `x-auth-token` as the
 * wizard's does; the office's own hold adds the member's console cookie (same origin). Every rule
 * of the wizard's steps holds by construction: the form only sends what the steps would.
 */
export interface PhoneSession {
  companyKey: string;
  token: string;
  orderId: string;
  officeUuid: string;
  /** The wizard's page for the same session: "Open the wizard instead". */
  wizardUrl: string;
}

/** One call of the wizard's API for the session: `/{company}/{path}`, the answer read by its contract's schema. */
export function wizardCall<S extends z.ZodType>(
  session: Pick<PhoneSession, 'companyKey' | 'token'>,
  path: string,
  schema: S,
  options: Omit<CallOptions, 'headers' | 'method'> = {},
): Promise<z.infer<S>> {
  return callApi(`/${encodeURIComponent(session.companyKey)}/${path}`, schema, {
    ...options,
    method: options.body === undefined ? 'GET' : 'POST',
    headers: { 'x-auth-token': session.token },
  });
}

const bookKeys = {
  all: (companyKey: string) => [...consoleKeys.company(companyKey), 'phone-booking'] as const,
  /** Apart from the session's reads: invalidating those must never start another session. */
  session: (companyKey: string, officeUuid: string | null) =>
    [...consoleKeys.company(companyKey), 'phone-session', officeUuid] as const,
  ofSession: (session: PhoneSession, part: string) =>
    [...bookKeys.all(session.companyKey), session.token, part] as const,
};
export { bookKeys };

/**
 * The office's wizard session: started once per visit of the form (the same draft while the
 * console stays open, so leaving the page and coming back keeps what was saved), dropped when it
 * is booked.
 */
export function phoneSessionQueryOptions(companyKey: string, officeUuid: string | null) {
  return queryOptions({
    queryKey: bookKeys.session(companyKey, officeUuid),
    queryFn: async (): Promise<PhoneSession> => {
      const started = await callApi(companyApi(companyKey, '/phone-bookings'), consolePhoneBookingResponseSchema, {
        method: 'POST',
        body: officeUuid ? { office_uuid: officeUuid } : {},
        answers: [201],
      });
      return {
        companyKey,
        token: started.token,
        orderId: started.order_id,
        officeUuid: started.office_uuid,
        wizardUrl: started.url,
      };
    },
    // Kept while the form is open; a later visit of the form starts a new booking.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The session's office: its clock, states, inspectors, property questions and settings. */
export const officeQueryOptions = (session: PhoneSession) =>
  queryOptions({
    queryKey: bookKeys.ofSession(session, 'office'),
    queryFn: ({ signal }) => wizardCall(session, 'online-scheduler/office', officeResponseSchema, { signal }),
    staleTime: Infinity,
  });

/** The draft order as the server holds it: the cart, the held time, the revision. */
export const orderQueryOptions = (session: PhoneSession) =>
  queryOptions({
    queryKey: bookKeys.ofSession(session, 'order'),
    queryFn: ({ signal }) => wizardCall(session, 'online-scheduler/order', orderResponseSchema, { signal }),
  });

/** The catalogue priced for the order's property. */
export const catalogueQueryOptions = (session: PhoneSession) =>
  queryOptions({
    queryKey: bookKeys.ofSession(session, 'catalogue'),
    queryFn: async ({ signal }) => {
      const [packages, services] = await Promise.all([
        wizardCall(session, 'json/online_scheduler/packages', packagesResponseSchema, { signal }),
        wizardCall(session, 'json/online_scheduler/services', servicesResponseSchema, { signal }),
      ]);
      return { packages, services };
    },
    placeholderData: (previous) => previous,
  });

/** The pricing engine's lines and totals for the cart. */
export const pricingQueryOptions = (session: PhoneSession) =>
  queryOptions({
    queryKey: bookKeys.ofSession(session, 'pricing'),
    queryFn: ({ signal }) => wizardCall(session, 'json/online_scheduler/pricing', pricingSchema, { signal }),
    placeholderData: (previous) => previous,
  });
