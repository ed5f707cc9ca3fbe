import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { failureText } from './api.ts';
import { useCompany, canConfigure } from './company.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import type { SaveResult } from './configuration.ts';
import { PageHeading } from './PageHeading.tsx';

/**
 * What became of a configuration save, said the same way on every editor: the new version (a
 * status, announced), someone else's save in between (their changes, and loading their version
 * on the person's say-so), or a refusal naming the field.
 */
export function SaveOutcome({ outcome, error, savedText, onReload }: { outcome: SaveResult | null; error: unknown; savedText: (version: number) => string; onReload: () => void }) {
  return (
    <>
      <Box role="status">{outcome?.status === 'saved' && <Alert severity="success" sx={{ mb: 2 }}>{savedText(outcome.saved.version.version)}</Alert>}</Box>
      {outcome?.status === 'conflict' && <ConflictNotice conflict={outcome.conflict} onReload={onReload} />}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureText(error)}
        </Alert>
      ) : null}
    </>
  );
}

/** A configuration page: for owners and admins; anyone else is told they have no access to it. */
export function ConfigurationPage({ title, children }: { title: string; children: (companyKey: string) => ReactNode }) {
  const { companyKey, membership } = useCompany();
  if (canConfigure(membership)) return <>{children(companyKey)}</>;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Typography>You don&apos;t have access to this.</Typography>
    </>
  );
}
