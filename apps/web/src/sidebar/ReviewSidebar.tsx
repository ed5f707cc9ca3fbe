import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { createPortal } from 'react-dom';
import type { StepName } from '@scheduler/domain/route-table';
import { REVIEW_PANEL_SLOT_ID } from '../shared/page-slots.ts';
import { useScheduler } from '../shared/scheduler-context.tsx';
import { MOBILE_QUERY } from '../shared/theme.ts';
import { lazyChunk } from '../shared/chunk-load.ts';
import { horizontalSwipeHandlers } from './horizontal-swipe.ts';
import { panelClosedByVisitor, rememberPanelClosed } from './panel-closed.ts';
import { panelSx } from './panel-style.ts';
import { sidebarTexts as t } from './sidebar-texts.ts';

// Its own chunk, loaded when the panel is first drawn open: a phone's first screen, which has
// nothing to review yet, shows only the toggle and does not carry the panel's lines.
const ReviewPanel = lazyChunk(() => import('./ReviewPanel.tsx').then((m) => ({ default: m.ReviewPanel })));

/**
 * Spec 2.10, decision 0038: the review-order panel, open by default, with a close icon that
 * collapses it to a "Review your order" toggle. From 800 px it sits beside the step (its height the
 * viewport less 100 px) and opens again whenever the viewport grows to 800 px; below that it is
 * drawn in the page after the step (never a modal over it), closed only on a phone's first screen
 * where nothing has been entered. On touch screens a swipe left opens it and a swipe right closes
 * it. A visitor who closed it keeps it closed for the visit. It sits in the page frame's slot
 * beside `main`, so that its `complementary` landmark is a top-level one.
 */
export default function ReviewSidebar({ step }: { step: StepName }) {
  const scheduler = useScheduler();
  const token = scheduler.credentials.token;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const { order } = scheduler;
  const [open, setOpen] = useState(() => !panelClosedByVisitor(token) && (!mobile || somethingToReview(order)));
  const headingId = useId();
  const panelId = useId();
  // Focus follows the visitor's own open or close (never the first render): to the close icon of
  // the panel just opened, back to the toggle of the panel just closed. Given when the element is
  // drawn: the panel's close icon comes with its chunk, which may load after the click.
  const focusWhenDrawn = useRef(false);
  const takeFocus = (element: HTMLButtonElement | null) => {
    if (!element || !focusWhenDrawn.current) return;
    focusWhenDrawn.current = false;
    element.focus();
  };
  const wasMobile = useRef(mobile);

  useEffect(() => setSlot(document.getElementById(REVIEW_PANEL_SLOT_ID)), []);
  useEffect(() => {
    // "Open whenever the viewport width is at least 800px": growing past it opens the panel.
    if (wasMobile.current && !mobile) setOpen(true);
    wasMobile.current = mobile;
  }, [mobile]);
  if (!slot) return null;
  const setOpenByVisitor = (next: boolean) => {
    if (next === open) return;
    focusWhenDrawn.current = true;
    rememberPanelClosed(token, !next);
    setOpen(next);
  };
  const swipe = horizontalSwipeHandlers((direction) => setOpenByVisitor(direction === 'left'));

  if (!open) {
    return createPortal(
      <Button
        ref={takeFocus}
        variant="outlined"
        fullWidth={mobile}
        size="large"
        aria-expanded={false}
        onClick={() => setOpenByVisitor(true)}
        {...swipe}
        sx={{ bgcolor: 'background.paper' }}
      >
        {t.title}
      </Button>,
      slot,
    );
  }
  return createPortal(
    <Box
      component="aside"
      id={panelId}
      aria-labelledby={headingId}
      {...swipe}
      sx={{
        ...panelSx,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        ...(mobile ? {} : { width: 340, maxHeight: 'calc(100vh - 100px)' }),
      }}
    >
      <Suspense fallback={null}>
        <ReviewPanel
          step={step}
          headingId={headingId}
          close={{ onClose: () => setOpenByVisitor(false), ref: takeFocus, controls: panelId }}
          withCouponBox={!(mobile && step === 'packages')}
        />
      </Suspense>
    </Box>,
    slot,
  );
}

/**
 * A first screen has nothing to review: no time, address, people or services entered yet. (Not
 * order-lines' `contactCount`: importing that module here puts it, with the date and money
 * formats, in every first step's download, past the 120 KB budget.)
 */
function somethingToReview(order: OrderResponse): boolean {
  const people =
    [order.client, order.buyers_agent, order.sellers_agent, order.insurance_agent].some((person) => person) ||
    (order.clients?.length ?? 0) > 0 ||
    order.contacts.length > 0;
  return (
    !!order.datetime || order.address1.trim() !== '' || people || order.packages.length > 0 || order.services.length > 0
  );
}
