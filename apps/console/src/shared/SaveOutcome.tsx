import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import type { ReactNode } from 'react';
import { failureText } from './api.ts';
import { memberCan, useCompany } from './company.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import { configurationQueryOptions, type SaveResult } from './configuration.ts';
import { Loading } from './Loading.tsx';
import { PageHeading } from './PageHeading.tsx';

/**
 * What became of a configuration save, said the same way on every editor: the new version (a
 * status, announced), someone else's save in between (their changes, and loading their version
 * on the person's say-so), or a refusal naming the field.
 */
export function SaveOutcome({
  outcome,
  error,
  savedText,
  onReload,
}: {
  outcome: SaveResult | null;
  error: unknown;
  savedText: (version: number) => string;
  onReload: () => void;
}) {
  return (
    <>
      <Box role="status">
        {outcome?.status === 'saved' && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {savedText(outcome.saved.version.version)}
          </Alert>
        )}
      </Box>
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
  if (memberCan(membership, 'configuration.edit')) return <>{children(companyKey)}</>;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Typography>You don&apos;t have access to this.</Typography>
    </>
  );
}

/**
 * An editor of the company document: ConfigurationPage's guard, then the document loaded (its
 * failure said, under the page's heading) before the editor is built, so that the editor's form
 * starts from the loaded values.
 */
export function ConfigurationEditorPage({
  title,
  loadingLabel,
  children,
}: {
  title: string;
  loadingLabel: string;
  children: (companyKey: string, configuration: ConfigurationResponse) => ReactNode;
}) {
  return (
    <ConfigurationPage title={title}>
      {(companyKey) => (
        <LoadedConfiguration companyKey={companyKey} title={title} loadingLabel={loadingLabel} editor={children} />
      )}
    </ConfigurationPage>
  );
}

function LoadedConfiguration({
  companyKey,
  title,
  loadingLabel,
  editor,
}: {
  companyKey: string;
  title: string;
  loadingLabel: string;
  editor: (companyKey: string, configuration: ConfigurationResponse) => ReactNode;
}) {
  const configuration = useQuery(configurationQueryOptions(companyKey));
  if (configuration.isError)
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <Alert severity="error">{failureText(configuration.error)}</Alert>
      </>
    );
  if (configuration.isPending) return <Loading label={loadingLabel} />;
  return <>{editor(companyKey, configuration.data)}</>;
}

/** Save and Discard, kept in view at the foot of a long editor; both wait for a change. */
export function SaveBar({ saving, dirty, onDiscard }: { saving: boolean; dirty: boolean; onDiscard: () => void }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        position: 'sticky',
        bottom: 0,
        py: 1.5,
        bgcolor: 'background.default',
      }}
    >
      <Button type="submit" variant="contained" disabled={saving || !dirty}>
        Save changes
      </Button>
      <Button type="button" disabled={saving || !dirty} onClick={onDiscard}>
        Discard
      </Button>
    </Box>
  );
}
