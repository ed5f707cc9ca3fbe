import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@scheduler/ui/focus';
import { PageHeading } from './PageHeading.tsx';

/**
 * The frame of the pages outside a company (sign in, sign up, reset a password, accept an
 * invitation, set up a new company): one card, one heading; `wide` for a page with a longer form.
 */
export function PublicFrame({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      <Box component="header" sx={{ mb: 2 }}>
        <Typography component="p" sx={{ fontWeight: 700, color: 'primary.main', fontSize: '1.1rem' }}>
          Online Scheduler console
        </Typography>
      </Box>
      <Paper
        component="main"
        id={MAIN_CONTENT_ID}
        variant="outlined"
        sx={{ width: '100%', maxWidth: wide ? 760 : 440, p: { xs: 2.5, sm: 4 } }}
      >
        <PageHeading>{title}</PageHeading>
        {children}
      </Paper>
    </Box>
  );
}
