import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PanelCard } from '../../shared/PanelCard.tsx';
import { reviewTexts as t } from './review-texts.ts';

/**
 * One panel of the review (spec 2.11): a card titled by its `h2`, named by it as a group, with a
 * "Change" link to the step that edits it while the order can still change.
 */
export function ReviewCard({
  title,
  changeHref,
  wide = false,
  children,
}: {
  title: string;
  changeHref: string | null;
  wide?: boolean;
  children: ReactNode;
}) {
  const change = changeHref ? (
    <Button
      component={RouterLink}
      to={changeHref}
      size="small"
      aria-label={t.changeLabel(title)}
      sx={{ minHeight: 44, minWidth: 64, flexShrink: 0 }}
    >
      {t.change}
    </Button>
  ) : null;
  return (
    <PanelCard title={title} action={change} wide={wide}>
      {children}
    </PanelCard>
  );
}
