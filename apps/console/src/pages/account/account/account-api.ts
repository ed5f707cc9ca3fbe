import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall, authClient } from '../../../shared/auth-client.ts';

/** The signed-in person's own passkeys and sessions, through Better Auth's client. */
const accountKey = ['console', 'account'] as const;

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: [...accountKey, 'passkeys'] as const,
    queryFn: () => authCall(authClient.passkey.listUserPasskeys()),
    retry: false,
  });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [...accountKey, 'sessions'] as const,
    queryFn: () => authCall(authClient.listSessions()),
    retry: false,
  });

/** A change to the account, after which its passkeys and sessions are read again. */
export function useAccountChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKey }) });
}

export const addPasskey = (name: string) => authCall(authClient.passkey.addPasskey({ name }));
export const deletePasskey = (id: string) => authCall(authClient.passkey.deletePasskey({ id }));
export const revokeOtherSessions = () => authCall(authClient.revokeOtherSessions());
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  authCall(authClient.changePassword({ ...input, revokeOtherSessions: true }));
