import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '@scheduler/ui/focus';

/**
 * One screen of the manage page in the wizard's card (the thank-you's width): the company's name,
 * the screen's one heading, which takes focus when this screen replaces another, its content and
 * an optional bar of actions at its foot.
 */
export function ManageFrame({
  screen,
  companyName,
  title,
  children,
  actions,
}: {
  screen: string;
  companyName: string | null;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  useScreenHeadingFocus(`manage:${screen}`);
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider', maxWidth: 880, mx: 'auto' }}>
      {companyName && (
        <Typography sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
          {companyName}
        </Typography>
      )}
      <Typography variant="h1" id={SCREEN_HEADING_ID} tabIndex={-1} sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
      {actions && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            mt: 4,
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } },
          }}
        >
          {actions}
        </Box>
      )}
    </Paper>
  );
}
