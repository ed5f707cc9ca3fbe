import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PublicFrame } from '../shared/PublicFrame.tsx';
import { meQueryOptions } from '../shared/queries.ts';

/** /console: the first company's schedule (SignedIn has read "who am I" already). */
export function HomeRedirect() {
  const me = useQuery(meQueryOptions());
  const first = me.data?.memberships[0];
  if (first) return <Navigate to={`/${encodeURIComponent(first.company_key)}/schedule`} replace />;
  return (
    <PublicFrame title="No company yet">
      <Typography>Your account is not a member of any company. Ask your company&apos;s owner to invite you.</Typography>
    </PublicFrame>
  );
}
