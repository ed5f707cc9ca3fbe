import { queryOptions } from '@tanstack/react-query';
import { authCall, authClient } from './auth-client.ts';
import { consoleKeys } from './queries.ts';

/** The team's queries live under one key: a change to the team reads them all again. */
export const teamKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'team'] as const;

/**
 * The company's members with their names (Better Auth's list, open to every member): the team
 * page lists them, and a follow-up's owner is chosen from them.
 */
export function membersQueryOptions(companyKey: string, organizationId: string) {
  return queryOptions({
    queryKey: [...teamKey(companyKey), 'members', organizationId] as const,
    queryFn: () => authCall(authClient.organization.listMembers({ query: { organizationId } })),
    retry: false,
  });
}
