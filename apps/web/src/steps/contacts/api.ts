import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentSavedResponseSchema,
  personSavedResponseSchema,
  removeContactResponseSchema,
  SEARCH_QUERY_MIN,
  searchResultsSchema,
  setClientsResponseSchema,
  type AgentParty,
  type ContactInput,
} from '@scheduler/contracts/people';
import { userTypeSchema } from '@scheduler/contracts/person';
import type { AnswerSchema } from '@scheduler/ui/api-error';
import type { Role } from '@scheduler/domain/people/contacts-step';
import { callApi } from '../../shared/api-client.ts';
import { answerBy } from '../../shared/answer-by.ts';
import { invalidateOrder, queryKeys, type SessionScope } from '../../shared/queries.ts';

const base = (scope: SessionScope) => `/${scope.companyKey}/json/online_scheduler`;

function post<T>(scope: SessionScope, call: string, body: unknown, answer: AnswerSchema<T>): Promise<T> {
  return callApi(`${base(scope)}/${call}`, {
    session: scope.credentials,
    method: 'POST',
    body,
    parse: answerBy(answer),
  });
}

/** POST /set_user_type (spec 3.7). */
export function setUserType(scope: SessionScope, body: { type: Role; text: string; other?: string }) {
  return post(scope, 'set_user_type', body, userTypeSchema);
}

const AGENT_CALL: Readonly<Record<AgentParty, string>> = {
  buyers_agent: 'set_buyers_agent',
  sellers_agent: 'set_sellers_agent',
  insurance_agent: 'set_insurance_agent',
};

/** POST /set_{party}: the agent (its id, or `add_new`), or `{none: true}`; answers the agent's id. */
export function setAgent(scope: SessionScope, party: AgentParty, body: Record<string, unknown>) {
  return post(scope, AGENT_CALL[party], body, agentSavedResponseSchema);
}

/** POST /set_clients: the whole list, non-empty fields only. */
export function setClients(scope: SessionScope, clients: ReadonlyArray<Record<string, unknown>>) {
  return post(scope, 'set_clients', { clients }, setClientsResponseSchema);
}

/** One agent panel's write (pick, none, save): the order is read again after it. */
export function useSaveAgent(scope: SessionScope, party: AgentParty) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => setAgent(scope, party, body),
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}

/** POST /add_contact and /remove_contact: the contacts area saves each change at once. */
export function useAddContact(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactInput) => post(scope, 'add_contact', contact, personSavedResponseSchema),
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}
export function useRemoveContact(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: { id: number }) => post(scope, 'remove_contact', contact, removeContactResponseSchema),
    onSuccess: () => invalidateOrder(queryClient, scope),
  });
}

/** What a search looks in: an agent party, or the contacts of one type. */
export type SearchKind = { party: AgentParty } | { contactType: number };

function searchPath(scope: SessionScope, kind: SearchKind, query: string): string {
  const q = encodeURIComponent(query);
  if ('contactType' in kind) return `${base(scope)}/search_contacts?query=${q}&type=${kind.contactType}`;
  if (kind.party === 'insurance_agent') return `${base(scope)}/search_insurance_agents?query=${q}`;
  return `${base(scope)}/search_agents?query=${q}&type=${kind.party}`;
}

/** Search as you type (issue 10): `query` is what the visitor typed once they paused; from 2 characters on, never retried. */
export function usePeopleSearch(scope: SessionScope, kind: SearchKind, query: string) {
  const kindKey = 'contactType' in kind ? `contact-${kind.contactType}` : kind.party;
  return useQuery({
    queryKey: queryKeys.peopleSearch(scope, kindKey, query),
    queryFn: ({ signal }) =>
      callApi(searchPath(scope, kind, query), {
        session: scope.credentials,
        signal,
        parse: answerBy(searchResultsSchema),
      }),
    enabled: query.length >= SEARCH_QUERY_MIN,
    retry: false,
    staleTime: 30_000,
  });
}

/** One search, not as the visitor types: a signed-in agent's own directory record, found by their address (issue 47). */
export function searchPeople(scope: SessionScope, kind: SearchKind, query: string) {
  return callApi(searchPath(scope, kind, query), { session: scope.credentials, parse: answerBy(searchResultsSchema) });
}
