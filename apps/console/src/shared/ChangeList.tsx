import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DocumentChangeView } from '@scheduler/contracts/configuration';
import { describeValue } from '@scheduler/domain/configuration/document-diff';

const KIND_WORDS = { added: 'added', removed: 'removed', changed: 'changed' } as const;

/** What changed between two versions of the configuration, a line each: where, and from what to what. */
export function ChangeList({
  changes,
  truncated,
  label,
}: {
  changes: readonly DocumentChangeView[];
  truncated: boolean;
  label: string;
}) {
  if (changes.length === 0) return <Typography variant="body2">Nothing changed.</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, '& li': { overflowWrap: 'anywhere', mb: 0.5 } }}>
      {changes.map((change) => (
        <li key={`${change.kind}:${change.path}`}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
            {change.path || '(the whole document)'}
          </Typography>{' '}
          <Typography variant="body2" component="span">
            {KIND_WORDS[change.kind]}
            {change.kind === 'changed' && `: ${describeValue(change.before)} → ${describeValue(change.after)}`}
            {change.kind === 'added' && `: ${describeValue(change.after)}`}
            {change.kind === 'removed' && ` (was ${describeValue(change.before)})`}
          </Typography>
        </li>
      ))}
      {truncated && (
        <li>
          <Typography variant="body2" component="span">
            …and more.
          </Typography>
        </li>
      )}
    </Box>
  );
}
