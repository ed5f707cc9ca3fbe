import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * One panel of an order's summary (the review, the thank-you, the manage page): a card titled by
 * its `h2`, named by it as a section, with an optional action beside the title.
 */
export function PanelCard({
  title,
  action = null,
  wide = false,
  children,
}: {
  title: string;
  action?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-panel={title}
      sx={{
        gridColumn: wide ? '1 / -1' : undefined,
        minWidth: 0,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1,
          minHeight: action ? 44 : undefined,
        }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
