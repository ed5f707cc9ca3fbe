import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isUnauthenticated } from '../shared/api.ts';
import { Failure } from '../shared/Failure.tsx';
import { Loading } from '../shared/Loading.tsx';
import { meQueryOptions } from '../shared/queries.ts';

/**
 * The console's pages for signed-in people. Not signed in (or signed out meanwhile: any 401
 * marks "who am I" stale, query-client.ts), it goes to sign-in, which comes back here after.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const me = useQuery(meQueryOptions());
  const location = useLocation();
  if (me.isPending) return <Loading label="Checking your sign-in…" />;
  if (me.isError && isUnauthenticated(me.error))
    return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isError) return <Failure error={me.error} onRetry={() => void me.refetch()} />;
  return <>{children}</>;
}
