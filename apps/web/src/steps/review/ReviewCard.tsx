import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { reviewTexts as t } from './review-texts.ts';

/**
 * One panel of the review (spec 2.11): a card titled by its `h2`, named by it as a group, with a
 * "Change" link to the step that edits it while the order can still change.
 */
export function ReviewCard({ title, changeHref, wide = false, children }: { title: string; changeHref: string | null; wide?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-panel={title}
      sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, minHeight: changeHref ? 44 : undefined }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {changeHref && (
          <Button component={RouterLink} to={changeHref} size="small" aria-label={t.changeLabel(title)} sx={{ minHeight: 44, minWidth: 64, flexShrink: 0 }}>
            {t.change}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
}
