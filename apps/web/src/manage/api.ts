import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  manageChangeResponseSchema,
  manageContactResponseSchema,
  manageHoldResponseSchema,
  manageOrderViewSchema,
  type ManageHoldResponse,
} from '@scheduler/contracts/manage';
import { availabilityResponseSchema, type AppointmentSlot } from '@scheduler/contracts/scheduling';
import { callApi } from '../shared/api-client.ts';
import { answerBy } from '../shared/answer-by.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { needsFreshView } from './manage-errors.ts';
import { slotInstant } from './manage-view.ts';

/**
 * The manage page's calls (issue 24). The link's token is the credential, and it travels only in
 * the API path: no header, no storage, no other URL.
 */
export interface ManageLink {
  companyKey: string;
  token: string;
}

const baseOf = ({ companyKey, token }: ManageLink) =>
  `/${encodeURIComponent(companyKey)}/json/manage/${encodeURIComponent(token)}`;

/**
 * The page's query keys. They sit here rather than in shared/queries.ts, which every visitor's
 * first download carries; like the wizard's, the keys of one link share a prefix.
 */
export const manageKeys = {
  link: ({ companyKey, token }: ManageLink) => ['manage', companyKey, token] as const,
  view: (link: ManageLink) => [...manageKeys.link(link), 'view'] as const,
  /** Every availability answer of the link, whatever its window. */
  availability: (link: ManageLink) => [...manageKeys.link(link), 'availability'] as const,
  availabilityWindow: (link: ManageLink, window: { from: string; to: string }) =>
    [...manageKeys.availability(link), window.from, window.to] as const,
};

/** A refusal of the request itself (4xx) will not change by asking again; a 503 or a dropped call may. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

/** GET …/manage/{token}: the booking and what the policy allows now. */
export function manageViewQueryOptions(link: ManageLink) {
  return queryOptions({
    queryKey: manageKeys.view(link),
    queryFn: ({ signal }) => callApi(baseOf(link), { signal, parse: answerBy(manageOrderViewSchema) }),
    retry: retryUnlessRefused,
  });
}

/**
 * GET /{company_key}/json/manage_contact: the company the link's URL names and its offices'
 * phones, for the invalid link's page. No token goes with it.
 */
export function manageContactQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: ['manage-contact', companyKey] as const,
    queryFn: ({ signal }) =>
      callApi(`/${encodeURIComponent(companyKey)}/json/manage_contact`, {
        signal,
        parse: answerBy(manageContactResponseSchema),
      }),
    retry: retryUnlessRefused,
  });
}

/**
 * Who to call about an invalid link (the manage link's, the signing link's): the company its URL
 * names, asked only once the link is known to be invalid; null before, or when none answers.
 */
export function useInvalidLinkContact(companyKey: string, invalid: boolean) {
  const contact = useQuery({ ...manageContactQueryOptions(companyKey), enabled: invalid && companyKey !== '' });
  return invalid ? (contact.data ?? null) : null;
}

/** GET …/availability for one month's window: the wizard's slots, for the order's own cart, address and rules. */
export function manageAvailabilityQueryOptions(link: ManageLink, window: { from: string; to: string }) {
  return queryOptions({
    queryKey: manageKeys.availabilityWindow(link, window),
    queryFn: ({ signal }) =>
      callApi(`${baseOf(link)}/availability?${new URLSearchParams(window).toString()}`, {
        signal,
        parse: answerBy(availabilityResponseSchema),
      }),
    retry: retryUnlessRefused,
    // Another visitor may take a time at any moment: each visit to a month asks again.
    staleTime: 0,
  });
}

/** The booking is read again (what the page showed is out of date); resolves once it is. */
function rereadView(queryClient: QueryClient, link: ManageLink): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: manageKeys.view(link) });
}

function resetAvailability(queryClient: QueryClient, link: ManageLink): Promise<void> {
  return queryClient.resetQueries({ queryKey: manageKeys.availability(link) });
}

/**
 * A refusal that says the page is out of date (the policy refuses now, the booking moved, the
 * fee changed, the link ended) reads the booking again before the mutation settles, so that
 * what shows next to the refusal is already the booking as it is now.
 */
async function onRefusal(queryClient: QueryClient, link: ManageLink, error: unknown): Promise<void> {
  if (needsFreshView(error)) await rereadView(queryClient, link);
}

export interface HoldOutcome {
  slot: AppointmentSlot;
  result: ManageHoldResponse;
}

/** POST …/hold: holds the picked time while the visitor confirms the move; a 409 brings alternatives. */
export function useHoldTime(link: ManageLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (slot: AppointmentSlot): Promise<HoldOutcome> => ({
      slot,
      result: await callApi(`${baseOf(link)}/hold`, {
        method: 'POST',
        body: { start: slotInstant(slot) },
        answers: [200, 409],
        parse: answerBy(manageHoldResponseSchema),
      }),
    }),
    onSuccess: ({ result }) => {
      // The calendar behind the alternatives is out of date.
      if (result.status === 'unavailable') void resetAvailability(queryClient, link);
    },
    onError: (error) => onRefusal(queryClient, link, error),
  });
}

/**
 * POST …/reschedule: moves the booking to the held time; `from_start` is the start the page showed,
 * `fee_cents` the late-reschedule fee it showed (another fee now is refused: fee_changed).
 */
export function useReschedule(link: ManageLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { start: string; from_start: string; fee_cents: number }) =>
      callApi(`${baseOf(link)}/reschedule`, {
        method: 'POST',
        body,
        answers: [200, 409],
        parse: answerBy(manageChangeResponseSchema),
      }),
    onSuccess: (result) => {
      if (result.status === 'ok') queryClient.setQueryData(manageKeys.view(link), result.view);
      void resetAvailability(queryClient, link);
    },
    onError: (error) => onRefusal(queryClient, link, error),
  });
}

/** POST …/cancel: `fee_cents` is the fee the page showed; another fee now is refused (fee_changed). */
export function useCancelBooking(link: ManageLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; fee_cents: number }) =>
      callApi(`${baseOf(link)}/cancel`, { method: 'POST', body, parse: answerBy(manageChangeResponseSchema) }),
    onSuccess: (result) => {
      if (result.status === 'ok') queryClient.setQueryData(manageKeys.view(link), result.view);
    },
    onError: (error) => onRefusal(queryClient, link, error),
  });
}
