import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '@scheduler/ui/focus';
import { OfficeContact, type OfficeContactDetails } from '../shared/OfficeContact.tsx';

/** A full-page message with the office's phone and e-mail for help (spec 2.13). */
export function StatusPage({
  message,
  contact,
  children,
}: {
  message: string;
  contact: OfficeContactDetails | null;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = message;
  }, [message]);
  useScreenHeadingFocus(`status:${message}`);
  return (
    <Paper
      sx={{ p: { xs: 3, sm: 6 }, border: 1, borderColor: 'divider', maxWidth: 640, mx: 'auto', textAlign: 'center' }}
    >
      <Typography
        variant="h1"
        id={SCREEN_HEADING_ID}
        tabIndex={-1}
        sx={{ mb: 2, fontSize: { xs: '1.3rem', sm: '1.6rem' } }}
      >
        {message}
      </Typography>
      {children}
      {contact && (
        <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
          <OfficeContact contact={contact} />
        </Box>
      )}
    </Paper>
  );
}
