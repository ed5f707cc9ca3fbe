import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StepName } from '@scheduler/domain/route-table';
import { REVIEW_PANEL_SLOT_ID } from '../app/PageLayout.tsx';
import { MOBILE_QUERY } from '../app/theme.ts';
import { panelSx } from './panel-style.ts';
import { sidebarTexts as t } from './sidebar-texts.ts';
import { lazyChunk } from '../shared/chunk-load.ts';

// Each its own chunk: a phone's first step shows only the toggle, and loads the drawer when it is
// first opened; beside the step (800 px and more) the panel loads at once.
const ReviewDrawer = lazyChunk(() => import('./ReviewDrawer.tsx'));
const ReviewPanel = lazyChunk(() => import('./ReviewPanel.tsx').then((m) => ({ default: m.ReviewPanel })));

/**
 * Spec 2.10, 9.3: the review-order panel beside the step from 800 px on (its height the viewport
 * less 100 px), and below that a drawer behind a labelled toggle (a swipe opens and closes it on
 * touch screens). It sits in the page frame's slot beside `main`, so that its `complementary`
 * landmark is a top-level one. (With the calendar last, a held pick no longer opens it: the one
 * Next goes on to the review, decision 0028.)
 */
export default function ReviewSidebar({ step }: { step: StepName }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  // The drawer's chunk loads the first time it opens, and the drawer then stays (for its slide).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const headingId = useId();
  const drawerId = useId();
  useEffect(() => setSlot(document.getElementById(REVIEW_PANEL_SLOT_ID)), []);
  if (!slot) return null;

  if (!mobile) {
    return createPortal(
      <Box component="aside" aria-labelledby={headingId} sx={{ ...panelSx, maxHeight: 'calc(100vh - 100px)', border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Suspense fallback={null}>
          <ReviewPanel step={step} headingId={headingId} />
        </Suspense>
      </Box>,
      slot,
    );
  }
  const close = () => setOpen(false);
  const openFromToggle = () => {
    setDrawerWanted(true);
    setOpen(true);
  };
  return createPortal(
    <>
      <Button variant="outlined" fullWidth size="large" aria-expanded={open} aria-controls={open ? drawerId : undefined} onClick={openFromToggle} sx={{ bgcolor: 'background.paper' }}>
        {t.title}
      </Button>
      {drawerWanted && (
        <Suspense fallback={null}>
          <ReviewDrawer step={step} open={open} onOpen={openFromToggle} onClose={close} drawerId={drawerId} headingId={headingId} />
        </Suspense>
      )}
    </>,
    slot,
  );
}
