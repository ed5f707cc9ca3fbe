import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated } from '../shared/api.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { consoleKeys } from '../shared/queries.ts';

/**
 * One client for the console, with one 401 path: any call refused as signed out marks "who am I"
 * stale, and the signed-in gate (SignedIn.tsx), reading it again, sends the person to sign in and
 * back to where they were.
 */
const ME_HASH = JSON.stringify(consoleKeys.me);

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // "Who am I" refused is itself the answer the gate reads; asking it again would loop.
    queryCache: new QueryCache({ onError: (error, query) => query.queryHash !== ME_HASH && onFailure(error) }),
    mutationCache: new MutationCache({ onError: (error) => onFailure(error) }),
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change by asking again; a 503 or a dropped call may.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // A write is sent once: a retry could move or cancel something twice.
      mutations: { retry: false },
    },
  });
  function onFailure(error: unknown) {
    if (isUnauthenticated(error)) void client.invalidateQueries({ queryKey: consoleKeys.me, refetchType: 'all' });
  }
  return client;
}
