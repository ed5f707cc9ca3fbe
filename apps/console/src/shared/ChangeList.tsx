import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DocumentChangeView } from '@scheduler/contracts/configuration';

/**
 * What changed between two versions of the configuration, a line each in the server's words:
 * records by their names, amounts as money, never a path (issue 41).
 */
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
          <Typography variant="body2" component="span">
            {change.text}
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
