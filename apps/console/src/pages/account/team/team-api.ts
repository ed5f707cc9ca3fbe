import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { consoleTeamMembersSchema, type ConsoleRole } from '@scheduler/contracts/console';
import { callApi, companyApi } from '../../../shared/api.ts';
import { authCall, authClient } from '../../../shared/auth-client.ts';
import { teamKey } from '../../../shared/team-members.ts';

/**
 * The team is the company's organization in Better Auth (its id is in the person's membership):
 * its members, roles and invitations go through Better Auth's own endpoints (its client); which
 * inspector each inspector member is goes through the console API.
 */

/** Each member's inspector (the console API: Better Auth's list does not carry it). */
export function memberInspectorsQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: [...teamKey(companyKey), 'inspector-links'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, '/members'), consoleTeamMembersSchema, { signal }),
    retry: false,
  });
}

/** Names the inspector a member is (null: none). */
export const linkInspector = (companyKey: string) => (input: { userId: string; inspectorId: number | null }) =>
  callApi(companyApi(companyKey, `/members/${encodeURIComponent(input.userId)}/inspector`), z.null(), {
    method: 'PUT',
    body: { inspector_id: input.inspectorId },
    answers: [204],
  });

export function invitationsQueryOptions(companyKey: string, organizationId: string) {
  return queryOptions({
    queryKey: [...teamKey(companyKey), 'invitations', organizationId] as const,
    queryFn: () => authCall(authClient.organization.listInvitations({ query: { organizationId } })),
    retry: false,
  });
}

/** A change to the team, after which the members and invitations are read again. */
export function useTeamChange<T>(companyKey: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(companyKey) }),
  });
}

export const inviteMember = (organizationId: string) => (input: { email: string; role: ConsoleRole }) =>
  authCall(authClient.organization.inviteMember({ ...input, organizationId }));
export const cancelInvitation = (invitationId: string) =>
  authCall(authClient.organization.cancelInvitation({ invitationId }));
export const changeRole = (organizationId: string) => (input: { memberId: string; role: ConsoleRole }) =>
  authCall(authClient.organization.updateMemberRole({ ...input, organizationId }));
export const removeMember = (organizationId: string) => (memberId: string) =>
  authCall(authClient.organization.removeMember({ memberIdOrEmail: memberId, organizationId }));

export const ROLE_WORDS: Record<ConsoleRole, string> = {
  owner: 'Owner',
  admin: 'Administrator',
  office: 'Office staff',
  inspector: 'Inspector',
};
