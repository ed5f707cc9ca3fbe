import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../../shared/api.ts';
import { authCall, authClient } from '../../../shared/auth-client.ts';
import { consoleKeys } from '../../../shared/queries.ts';

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

/**
 * A first password for a person who has only signed in by a link (the owner's printed link, an
 * invitation's): POST /api/console/me/password, which needs no current password and refuses a
 * person who already has one or a passkey. After it, /me says there is a password to change.
 */
export function useChooseFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPassword: string) =>
      callApi('/api/console/me/password', z.null(), {
        method: 'POST',
        body: { new_password: newPassword },
        answers: [204],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.me }),
  });
}
