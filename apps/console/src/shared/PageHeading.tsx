import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useHeadingFocus } from '@scheduler/ui/focus';

/** Every page's h1: focused when the page changes (focus.ts), never a control itself. */
export function PageHeading({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const ref = useHeadingFocus<HTMLHeadingElement>(pathname);
  return (
    <Typography ref={ref} variant="h1" tabIndex={-1} sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
