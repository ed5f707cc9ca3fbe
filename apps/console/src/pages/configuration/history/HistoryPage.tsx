import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { VERSIONS_PER_PAGE, type VersionSummary } from '@scheduler/contracts/configuration';
import { pathWords } from '@scheduler/domain/configuration/change-words';
import { failureText } from '../../../shared/api.ts';
import { ChangeList } from '../../../shared/ChangeList.tsx';
import {
  useRestoreVersion,
  versionDetailQueryOptions,
  versionsQueryOptions,
  type SaveResult,
} from '../../../shared/configuration.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { momentText } from '../../../shared/time-text.ts';
import { ConfigurationPage, SaveOutcome } from '../../../shared/SaveOutcome.tsx';

/** How a version came to be, in words. */
export function sourceText(version: VersionSummary): string {
  switch (version.source) {
    case 'console':
      return 'Saved in the console';
    case 'import':
      return 'Imported';
    case 'restore':
      return `Undo to version ${version.restored_from ?? '?'}`;
    case 'baseline':
      return 'Before history';
  }
}

/**
 * What the first changes were, in words ("Service price, Allow today"; the list keeps paths, never
 * shown: issue 41), each kind once, and how many more.
 */
function summaryText(version: VersionSummary): string {
  if (version.change_count === 0) return version.version === 1 ? 'The first version.' : 'Nothing changed.';
  const words = version.changed_paths.map(pathWords);
  const shown = [...new Set(words)].slice(0, 3);
  const more = version.change_count - words.filter((word) => shown.includes(word)).length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** /console/{key}/history (owner and admin): every saved version, what it changed, and undo. */
export default function HistoryPage() {
  return <ConfigurationPage title="History">{(companyKey) => <History companyKey={companyKey} />}</ConfigurationPage>;
}

function History({ companyKey }: { companyKey: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [undoing, setUndoing] = useState<VersionSummary | null>(null);
  const [outcome, setOutcome] = useState<SaveResult | null>(null);
  const versions = useQuery(versionsQueryOptions(companyKey, page));
  // An undo names the newest version as its base, whichever page it is chosen on: the first page holds it.
  const firstPage = useQuery(versionsQueryOptions(companyKey, 1));
  const restore = useRestoreVersion(companyKey);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (versions.isPending) return <Loading label="Loading the history…" />;
  if (versions.isError)
    return (
      <>
        <PageHeading>History</PageHeading>
        <Alert severity="error">{failureText(versions.error)}</Alert>
      </>
    );
  const newest = firstPage.data?.versions[0];
  const pages = Math.max(1, Math.ceil(versions.data.total / VERSIONS_PER_PAGE));

  return (
    <>
      <PageHeading>History</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Every saved version of your configuration, newest first. Undo saves an earlier version again as the newest.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={restore.error}
        savedText={(saved) =>
          `Version ${outcome?.status === 'saved' ? outcome.saved.version.restored_from : ''} restored as version ${saved}.`
        }
        onReload={() => {
          setOutcome(null);
          void versions.refetch();
          if (page !== 1) void firstPage.refetch();
        }}
      />
      <Box component="ol" aria-label="Versions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {versions.data.versions.map((version) => (
          <Paper
            component="li"
            key={version.version}
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, mb: 1.5, minWidth: 0 }}
          >
            <Typography component="h2" variant="h3">
              Version {version.version}
              {version.version === newest?.version && ' (current)'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {/* The baseline's "who" is "Before history" itself: saying it twice would read as a person's name. */}
              {version.source === 'baseline'
                ? sourceText(version)
                : `${sourceText(version)} by ${version.saved_by}`}, {momentText(version.saved_at, timeZone)}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
              {summaryText(version)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              {version.version > 1 && (
                <Button
                  size="small"
                  aria-expanded={open === version.version}
                  onClick={() => setOpen(open === version.version ? null : version.version)}
                >
                  {open === version.version ? 'Hide the changes' : `Show the changes of version ${version.version}`}
                </Button>
              )}
              {newest && version.version !== newest.version && (
                <Button size="small" variant="outlined" onClick={() => setUndoing(version)}>
                  Undo to version {version.version}
                </Button>
              )}
            </Box>
            {open === version.version && <VersionChanges companyKey={companyKey} version={version.version} />}
          </Paper>
        ))}
      </Box>
      {pages > 1 && (
        <Box component="nav" aria-label="Pages of the history" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Box>
      )}
      <Dialog open={undoing !== null} onClose={() => setUndoing(null)} aria-labelledby="undo-title">
        <DialogTitle id="undo-title">Undo to version {undoing?.version}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The configuration goes back to version {undoing?.version} as it was saved by {undoing?.saved_by}. It is
            saved as a new version, so this too can be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUndoing(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={restore.isPending}
            onClick={() => {
              if (!undoing || !newest) return;
              setOutcome(null);
              restore.mutate(
                { version: undoing.version, baseVersion: newest.version },
                { onSuccess: setOutcome, onSettled: () => setUndoing(null) },
              );
            }}
          >
            Undo
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function VersionChanges({ companyKey, version }: { companyKey: string; version: number }) {
  const detail = useQuery(versionDetailQueryOptions(companyKey, version));
  if (detail.isPending) return <Loading label="Loading the changes…" />;
  if (detail.isError) return <Alert severity="error">{failureText(detail.error)}</Alert>;
  return (
    <Box sx={{ mt: 1 }}>
      <ChangeList
        changes={detail.data.changes}
        truncated={detail.data.truncated}
        label={`Changes of version ${version} from version ${detail.data.against ?? '–'}`}
      />
    </Box>
  );
}
