import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { sidebarTexts as t } from './sidebar-texts.ts';

export interface PanelSectionProps {
  title: string;
  /** The step's in-app path; null leaves out Edit (the section is current, or not yet visited). */
  editHref: string | null;
  current: boolean;
  children?: ReactNode;
}

/** Spec 2.10: one section of the review-order panel (a named group); the current step's is highlighted and has no Edit. */
export function PanelSection({ title, editHref, current, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      // A named group, not a region: a section titled like a part of the step beside it (the
      // client's role) would be a second landmark of the same name.
      role="group"
      aria-labelledby={headingId}
      aria-current={current ? 'step' : undefined}
      sx={{
        py: 1.5,
        px: 1.5,
        borderLeft: 4,
        borderColor: current ? 'primary.main' : 'transparent',
        bgcolor: current ? 'action.selected' : 'transparent',
        borderRadius: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {title}
        </Typography>
        {editHref && (
          <Link
            component={RouterLink}
            to={editHref}
            underline="always"
            sx={{ fontWeight: 600, minHeight: 24, display: 'inline-flex', alignItems: 'center' }}
          >
            {t.edit}
            <Box component="span" sx={visuallyHidden}>
              {` ${title}`}
            </Box>
          </Link>
        )}
      </Box>
      {children}
    </Box>
  );
}
