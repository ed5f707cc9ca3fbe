import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentOrdersPageSchema,
  agentProfileSchema,
  agentRecentClientsSchema,
  agentManageLinkSchema,
  agentSignInAnswerSchema,
  agentUsualCartSchema,
  type AgentProfile,
  type AgentProfileUpdate,
} from '@scheduler/contracts/agent-portal';
import { ApiError, apiErrorOf, type AnswerSchema } from '@scheduler/ui/api-error';
import { answerBy } from '../shared/answer-by.ts';

/**
 * The agent portal's calls (issue 47, decision 0092). The session is an httpOnly cookie on the
 * company's paths: the calls send it (same origin) and never see it.
 */
export const portalBase = (companyKey: string) => `/${encodeURIComponent(companyKey)}/json/agents`;

async function portalCall<T>(
  path: string,
  schema: AnswerSchema<T> | null,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, response.statusText, body);
  return schema ? answerBy(schema)(response.status, body) : (body as T);
}

/** A refusal of the request itself (4xx) will not change by asking again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

export const portalKeys = {
  all: (companyKey: string) => ['agent-portal', companyKey] as const,
  me: (companyKey: string) => ['agent-portal', companyKey, 'me'] as const,
  /** The wizard's question: which agent, if any, is signed in here (null: none). */
  signedIn: (companyKey: string) => ['agent-portal', companyKey, 'signed-in'] as const,
  orders: (companyKey: string, when: 'upcoming' | 'past') => ['agent-portal', companyKey, 'orders', when] as const,
  clients: (companyKey: string) => ['agent-portal', companyKey, 'clients'] as const,
  usualCart: (companyKey: string) => ['agent-portal', companyKey, 'usual-cart'] as const,
};

/** GET …/me: the signed-in agent's profile (401 when no agent is signed in to the company here). */
export function fetchMe(companyKey: string, signal?: AbortSignal) {
  return portalCall(`${portalBase(companyKey)}/me`, agentProfileSchema, { signal });
}

export function meQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: portalKeys.me(companyKey),
    queryFn: ({ signal }) => fetchMe(companyKey, signal),
    retry: retryUnlessRefused,
  });
}

export function fetchOrdersPage(
  companyKey: string,
  when: 'upcoming' | 'past',
  after: string | null,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ when, limit: '10', ...(after ? { after } : {}) });
  return portalCall(`${portalBase(companyKey)}/orders?${query.toString()}`, agentOrdersPageSchema, { signal });
}

export function recentClientsQueryOptions(companyKey: string, enabled: boolean) {
  return queryOptions({
    queryKey: portalKeys.clients(companyKey),
    queryFn: ({ signal }) => portalCall(`${portalBase(companyKey)}/clients`, agentRecentClientsSchema, { signal }),
    retry: retryUnlessRefused,
    enabled,
  });
}

/** GET …/usual-cart: the package and services of the agent's latest booking with the company. */
export function usualCartQueryOptions(companyKey: string, enabled: boolean) {
  return queryOptions({
    queryKey: portalKeys.usualCart(companyKey),
    queryFn: ({ signal }) => portalCall(`${portalBase(companyKey)}/usual-cart`, agentUsualCartSchema, { signal }),
    retry: false,
    enabled,
  });
}

/** POST …/sign-in: the one neutral answer, known address or not. */
export function askForSignInLink(companyKey: string, email: string) {
  return portalCall(`${portalBase(companyKey)}/sign-in`, agentSignInAnswerSchema, { method: 'POST', body: { email } });
}

/** POST …/session: the e-mailed link's token for the session's cookie. */
export function openSession(companyKey: string, token: string) {
  return portalCall(`${portalBase(companyKey)}/session`, agentProfileSchema, { method: 'POST', body: { token } });
}

export function useSaveProfile(companyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AgentProfileUpdate) =>
      portalCall(`${portalBase(companyKey)}/me`, agentProfileSchema, { method: 'PATCH', body: update }),
    onSuccess: (profile: AgentProfile) => client.setQueryData(portalKeys.me(companyKey), profile),
  });
}

export function useSignOut(companyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => portalCall<undefined>(`${portalBase(companyKey)}/session`, null, { method: 'DELETE' }),
    onSettled: () => client.removeQueries({ queryKey: portalKeys.all(companyKey) }),
  });
}

/** POST …/orders/{id}/manage-link: a new manage link of one of the agent's upcoming inspections. */
export function manageLinkOf(companyKey: string, orderId: string) {
  return portalCall(
    `${portalBase(companyKey)}/orders/${encodeURIComponent(orderId)}/manage-link`,
    agentManageLinkSchema,
    {
      method: 'POST',
    },
  );
}
