import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * Something is loading: a spinner and its words, announced politely. `page` centres it in an
 * empty screen; `inline` sits in the flow of a step.
 */
export function Waiting({ label, size = 'inline' }: { label: string; size?: 'page' | 'inline' }) {
  const page = size === 'page';
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={
        page
          ? { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }
          : { display: 'flex', alignItems: 'center', gap: 2, py: 4 }
      }
    >
      <CircularProgress size={page ? 40 : 28} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}
