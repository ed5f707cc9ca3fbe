import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A schedule wider than its column scrolls inside this box, never the page. A box that scrolls
 * must be reachable by keyboard even when nothing in it is (a day or a week with no bookings): a
 * named region in the tab order, which the arrow keys then scroll (axe scrollable-region-focusable,
 * issue 41; the day's at a tablet's width, decision 0107).
 */
export function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
