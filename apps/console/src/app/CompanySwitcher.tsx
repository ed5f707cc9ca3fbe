import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import type { ConsoleMembership } from '@scheduler/contracts/console';
import { lazyPage } from '../shared/chunk-load.tsx';

// The choice, for the few who belong to several companies, loads on demand: a select and its
// menu are a good part of MUI's inputs, which the console's first chunk otherwise does without.
const CompanyChoice = lazyPage(() => import('./CompanyChoice.tsx'));

/** The company whose pages are shown; a choice only for someone in several. */
export function CompanySwitcher({
  memberships,
  companyKey,
}: {
  memberships: readonly ConsoleMembership[];
  companyKey: string;
}) {
  const current = memberships.find((m) => m.company_key === companyKey);
  const name = (
    <Typography
      component="p"
      sx={{ fontWeight: 650, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {current?.company_name ?? companyKey}
    </Typography>
  );
  if (memberships.length <= 1) return name;
  return (
    <Suspense fallback={name}>
      <CompanyChoice memberships={memberships} companyKey={companyKey} />
    </Suspense>
  );
}
