import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { texts } from './texts.ts';

/** A grey placeholder block. Still: the status text says that something is happening. */
const block = (height: number, width: number | string = '100%') => ({
  height,
  width,
  bgcolor: '#e3e8ee',
  borderRadius: 2,
});

/**
 * The one loading state of the wizard: the card's outline (progress, heading, content, actions)
 * with the spec's loading text, from the first paint until the step can show itself, so the page
 * does not jump from blank to text to spinner to card. Same size and place as a step's card.
 */
export function StepSkeleton() {
  return (
    <Paper
      data-testid="step-skeleton"
      sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider', maxWidth: 880, mx: 'auto' }}
    >
      <Box aria-hidden="true" sx={{ ...block(4), mb: 4 }} />
      <Box aria-hidden="true" sx={{ ...block(32, '70%'), mb: 2 }} />
      <Typography role="status" sx={{ color: 'text.secondary', mb: 2 }}>
        {texts.loading}
      </Typography>
      <Box aria-hidden="true" sx={block(300)} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
        <Box aria-hidden="true" sx={block(42, 96)} />
      </Box>
    </Paper>
  );
}
