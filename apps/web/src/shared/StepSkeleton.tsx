import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { texts } from './texts.ts';

/**
 * The one loading state of the wizard: the card's outline (progress, heading, content, actions)
 * with the spec's loading text, from the first paint until the step can show itself, so the page
 * does not jump from blank to text to spinner to card. Same size and place as a step's card.
 */
export function StepSkeleton({ label = texts.loading }: { label?: string }) {
  return (
    <Paper data-testid="step-skeleton" sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider', maxWidth: 880, mx: 'auto' }}>
      <Box aria-hidden="true">
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, mb: 3 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={4} sx={{ flex: 1 }} />
          ))}
        </Box>
        <Skeleton variant="text" width={120} sx={{ display: { xs: 'block', md: 'none' }, mb: 2 }} />
        <Skeleton variant="text" sx={{ fontSize: '1.6rem', width: { xs: '90%', sm: '60%' }, mb: 2 }} />
      </Box>
      <Typography role="status" sx={{ color: 'text.secondary', mb: 2 }}>
        {label}
      </Typography>
      <Box aria-hidden="true" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 420px) 1fr' }, gap: 4 }}>
        <Skeleton variant="rounded" height={300} />
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <Skeleton variant="rounded" height={48} sx={{ mb: 1 }} />
          <Skeleton variant="rounded" height={48} sx={{ mb: 1 }} />
          <Skeleton variant="rounded" height={48} />
        </Box>
      </Box>
      <Box aria-hidden="true" sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
        <Skeleton variant="rounded" width={96} height={42} />
      </Box>
    </Paper>
  );
}
