import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A part of a page: an outlined region named by its h2, with an optional introduction under it (a
 * line of text, or richer content such as a list). A typed address or placeholder in a field's
 * help is one long word: it wraps rather than push a phone's page sideways.
 */
export function PageSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 2, minWidth: 0, '& .MuiFormHelperText-root': { overflowWrap: 'anywhere' } }}
    >
      <Typography component="h2" variant="h2" id={id} sx={{ mb: intro ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {intro &&
        (typeof intro === 'string' ? (
          <Typography sx={{ mb: 2, color: 'text.secondary' }}>{intro}</Typography>
        ) : (
          <Box sx={{ mb: 2, color: 'text.secondary' }}>{intro}</Box>
        ))}
      <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>{children}</Box>
    </Paper>
  );
}
