import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate } from 'react-router';
import { PublicFrame } from '../shared/PublicFrame.tsx';
import { meQueryOptions } from '../shared/queries.ts';

/** /console: the first company's schedule (SignedIn has read "who am I" already). */
export function HomeRedirect() {
  const me = useQuery(meQueryOptions());
  const first = me.data?.memberships[0];
  if (first) return <Navigate to={`/${encodeURIComponent(first.company_key)}/schedule`} replace />;
  return (
    <PublicFrame title="No company yet">
      <Typography sx={{ mb: 2 }}>Your account is not a member of any company yet.</Typography>
      <Typography sx={{ mb: 2 }}>
        Joining your company&apos;s console? Ask its owner to invite you, and open the link of the invitation.
      </Typography>
      <Button component={RouterLink} to="/new-company" variant="contained">
        Set up a new company
      </Button>
    </PublicFrame>
  );
}
