import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { UnauthorizedError } from '../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';

/**
 * The sessions a 401 has ended in this page (spec 4.1, 8.1: a 401 on any call, read or write,
 * leads to the unauthorised page). Kept by token, so a new session in the same page starts clean.
 */
export class UnauthorizedSessions {
  private readonly tokens = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  report(error: unknown): void {
    if (!(error instanceof UnauthorizedError)) return;
    const token = error.token ?? '';
    if (this.tokens.has(token)) return;
    this.tokens.add(token);
    this.version++;
    for (const listener of this.listeners) listener();
  }

  has(token: string): boolean {
    return this.tokens.has(token);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;
}

/**
 * One client for the page: every failed query and mutation passes through the same 401 check. A
 * write refused because the order is confirmed (in another tab, say) reloads the order, and the
 * page shows the thank-you in place of the step (decision 0033); one refused because the scheduler
 * is disabled reloads the office's contact, and the page shows the disabled page (issue 39).
 */
export function createQueryClient(unauthorized: UnauthorizedSessions): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => unauthorized.report(error) }),
    mutationCache: new MutationCache({
      onError: (error) => {
        unauthorized.report(error);
        if (error instanceof ApiError && error.code === 'order_confirmed')
          void client.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) === 'order' });
        // The scheduler was disabled (or this browser may no longer try it): the office contact says so, and the page shows the disabled page.
        if (error instanceof ApiError && error.code === 'scheduler_disabled')
          void client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'office-contact' });
      },
    }),
    defaultOptions: {
      queries: {
        // A 401 will not turn into a 200 by asking again.
        retry: (failures, error) => !(error instanceof UnauthorizedError) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // A write is sent once: a retry could hold or change something twice.
      mutations: { retry: false },
    },
  });
  return client;
}

export const UnauthorizedSessionsContext = createContext<UnauthorizedSessions | null>(null);

/** Whether a 401 has ended this session; re-renders when one does. */
export function useSessionEnded(token: string): boolean {
  const unauthorized = useContext(UnauthorizedSessionsContext);
  if (!unauthorized) throw new Error('useSessionEnded must be used inside the App');
  useSyncExternalStore(unauthorized.subscribe, unauthorized.snapshot);
  return unauthorized.has(token);
}
