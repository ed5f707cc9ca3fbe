import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StepName } from '@scheduler/domain/route-table';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { REVIEW_PANEL_SLOT_ID } from '../app/PageLayout.tsx';
import { MOBILE_QUERY } from '../app/theme.ts';
import { focusScreenHeading } from '../shared/focus.ts';
import type { OpenReviewPanel } from '../shared/review-panel-event.ts';
import { texts } from '../shared/texts.ts';
import { visuallyHidden } from '../shared/visually-hidden.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { sidebarTexts as t } from './sidebar-texts.ts';

const panelSx = { p: 2, bgcolor: 'background.paper', overflowY: 'auto' } as const;

/**
 * Spec 2.10, 9.3: the review-order panel beside the step from 800 px on (its height the viewport
 * less 100 px), and below that a drawer behind a labelled toggle (a swipe opens and closes it on
 * touch screens). It sits in the page frame's slot beside `main`, so that its `complementary`
 * landmark is a top-level one.
 *
 * With the calendar last, a held pick brings the panel to the visitor (spec 2.5, 4.2 step 5): below
 * 800 px the drawer opens, described by the hold, and closing it puts focus on the step's heading
 * (the button that was pressed may be gone or disabled by then); from 800 px the panel scrolls into
 * view, its heading takes focus and the hold is announced politely.
 */
export default function ReviewSidebar({ step }: { step: StepName }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [openedByPick, setOpenedByPick] = useState(false);
  const [held, setHeld] = useState('');
  const asideRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const drawerId = useId();
  const heldId = useId();
  useEffect(() => setSlot(document.getElementById(REVIEW_PANEL_SLOT_ID)), []);
  useEffect(() => {
    const name: OpenReviewPanel = 'scheduler:open-review-panel';
    // What a pick starts is kept, so that none of it runs once the panel is gone.
    const timeouts = new Set<ReturnType<typeof setTimeout>>();
    const frames = new Set<number>();
    const later = (run: () => void, ms: number) => {
      const id = setTimeout(() => {
        timeouts.delete(id);
        run();
      }, ms);
      timeouts.add(id);
    };
    const listener = ({ detail: { at, minutes } }: WindowEventMap[OpenReviewPanel]) => {
      const message = texts.calendar.holding(formatAppointmentDateTime(at), minutes);
      if (mobile) {
        setHeld(message);
        setOpenedByPick(true);
        setOpen(true);
        return;
      }
      // Emptied first, so that the same words after a second pick are announced again.
      setHeld('');
      later(() => setHeld(message), 100);
      // After the frame that closes a dialog the pick came from (an alternative in "Sorry!"), whose
      // own focus goes to the step's heading first.
      const frame = requestAnimationFrame(() => {
        frames.delete(frame);
        later(() => bringIntoView(asideRef.current, headingId), 0);
      });
      frames.add(frame);
    };
    window.addEventListener(name, listener);
    return () => {
      window.removeEventListener(name, listener);
      timeouts.forEach((id) => clearTimeout(id));
      frames.forEach((id) => cancelAnimationFrame(id));
    };
  }, [mobile, headingId]);
  if (!slot) return null;
  const heldNote = (
    <Box id={heldId} role="status" sx={visuallyHidden}>
      {held}
    </Box>
  );

  if (!mobile) {
    return createPortal(
      <Box ref={asideRef} component="aside" aria-labelledby={headingId} sx={{ ...panelSx, maxHeight: 'calc(100vh - 100px)', border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <ReviewPanel step={step} headingId={headingId} />
        {heldNote}
      </Box>,
      slot,
    );
  }
  const close = () => {
    setOpen(false);
    if (openedByPick) setTimeout(focusScreenHeading, 0);
  };
  return createPortal(
    <>
      <Button
        variant="outlined"
        fullWidth
        size="large"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => {
          setOpenedByPick(false);
          setOpen(true);
        }}
        sx={{ bgcolor: 'background.paper' }}
      >
        {t.title}
      </Button>
      <SwipeableDrawer
        anchor="right"
        open={open}
        onOpen={() => {
          setOpenedByPick(false);
          setOpen(true);
        }}
        onClose={close}
        // Opened by a pick, it was not opened from the toggle: focus goes to the step's heading (wizard conventions, dialogs).
        ModalProps={{ disableRestoreFocus: openedByPick }}
        slotProps={{
          paper: { id: drawerId, role: 'dialog', 'aria-modal': true, 'aria-labelledby': headingId, 'aria-describedby': openedByPick ? heldId : undefined, sx: { width: 'min(360px, 92vw)' } },
        }}
      >
        <Box component="aside" aria-labelledby={headingId} sx={panelSx}>
          <ReviewPanel
            step={step}
            headingId={headingId}
            headingAction={
              <IconButton aria-label={t.close} onClick={close} sx={{ width: 44, height: 44 }}>
                <Box component="span" aria-hidden="true" sx={{ fontSize: '1.75rem', lineHeight: 1 }}>
                  ×
                </Box>
              </IconButton>
            }
          />
          {openedByPick && heldNote}
        </Box>
      </SwipeableDrawer>
    </>,
    slot,
  );
}

/** Beside the step: the panel scrolls into view with its current section (the held Date & Time) showing, and its heading takes focus. */
function bringIntoView(aside: HTMLElement | null, headingId: string): void {
  if (!aside) return;
  const heading = document.getElementById(headingId);
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  aside.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' });
  const smooth = !(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  aside.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}
