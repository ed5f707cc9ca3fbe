import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StepName } from '@scheduler/domain/route-table';
import { REVIEW_PANEL_SLOT_ID } from '../app/PageLayout.tsx';
import { MOBILE_QUERY } from '../app/theme.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { sidebarTexts as t } from './sidebar-texts.ts';

const panelSx = { p: 2, bgcolor: 'background.paper', overflowY: 'auto' } as const;

/**
 * Spec 2.10, 9.3: the review-order panel beside the step from 800 px on (its height the viewport
 * less 100 px), and below that a drawer behind a labelled toggle (a swipe opens and closes it on
 * touch screens). It sits in the page frame's slot beside `main`, so that its `complementary`
 * landmark is a top-level one.
 */
export default function ReviewSidebar({ step }: { step: StepName }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const drawerId = useId();
  useEffect(() => setSlot(document.getElementById(REVIEW_PANEL_SLOT_ID)), []);
  if (!slot) return null;

  if (!mobile) {
    return createPortal(
      <Box component="aside" aria-labelledby={headingId} sx={{ ...panelSx, maxHeight: 'calc(100vh - 100px)', border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <ReviewPanel step={step} headingId={headingId} />
      </Box>,
      slot,
    );
  }
  return createPortal(
    <>
      <Button variant="outlined" fullWidth size="large" aria-expanded={open} aria-controls={open ? drawerId : undefined} onClick={() => setOpen(true)} sx={{ bgcolor: 'background.paper' }}>
        {t.title}
      </Button>
      <SwipeableDrawer
        anchor="right"
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { id: drawerId, role: 'dialog', 'aria-modal': true, 'aria-labelledby': headingId, sx: { width: 'min(360px, 92vw)' } } }}
      >
        <Box component="aside" aria-labelledby={headingId} sx={panelSx}>
          <ReviewPanel
            step={step}
            headingId={headingId}
            headingAction={
              <IconButton aria-label={t.close} onClick={() => setOpen(false)} sx={{ width: 44, height: 44 }}>
                <Box component="span" aria-hidden="true" sx={{ fontSize: '1.75rem', lineHeight: 1 }}>
                  ×
                </Box>
              </IconButton>
            }
          />
        </Box>
      </SwipeableDrawer>
    </>,
    slot,
  );
}
