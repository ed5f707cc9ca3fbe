import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@scheduler/ui/api-error';
import type { Role } from '@scheduler/domain/people/contacts-step';
import { fetchMe, portalKeys, recentClientsQueryOptions } from '../agent-portal/api.ts';

/** The roles of a company's real-estate agents: those its agent portal knows (issue 47). */
export function isPortalAgentRole(role: Role | null): boolean {
  return role === 'BUYERS_AGENT' || role === 'SELLERS_AGENT';
}

/**
 * The agent signed in to the company's portal in this browser (its httpOnly cookie, on the
 * company's paths), or null. While `waiting` for an e-mailed link to be opened, asked again every
 * few seconds and whenever the page comes back into view.
 */
export function useSignedInAgent(companyKey: string, enabled: boolean, waiting = false) {
  return useQuery({
    queryKey: portalKeys.signedIn(companyKey),
    queryFn: async ({ signal }) => {
      try {
        return await fetchMe(companyKey, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: waiting ? 4000 : false,
  });
}

/** The signed-in agent's recent clients, to pick as the client (at most 10). */
export function useRecentClients(companyKey: string, enabled: boolean) {
  return useQuery({ ...recentClientsQueryOptions(companyKey, enabled), retry: false });
}
