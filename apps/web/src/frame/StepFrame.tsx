import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, type ReactNode } from 'react';
import { nextStep, previousStep, stepOrder, type StepName } from '@scheduler/domain/route-table';
import { stickyOnNarrowScreens } from '../shared/sticky-actions.ts';
import { heldTimeOf } from '../shared/hold-state.ts';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '@scheduler/ui/focus';
import { texts } from '../shared/texts.ts';
import { useScheduler } from '../shared/scheduler-context.tsx';
import { StepProgress } from './StepProgress.tsx';
import { usePanelReady } from './opening-step-panel.ts';
import { lazyChunk } from '../shared/chunk-load.ts';

// Only a visitor with a held time needs it: it stays out of the first step's download.
const HoldIndicator = lazyChunk(() => import('../shared/HoldIndicator.tsx'));
// The review-order panel (spec 2.10) is a chunk of its own, never part of the first step's download.
const ReviewSidebar = lazyChunk(() => import('../sidebar/ReviewSidebar.tsx'));
// Only the office, booking by phone (issue 25), sees it: visitors never download it.
const OfficeBookingNotice = lazyChunk(() => import('../shared/office-booking/OfficeBookingNotice.tsx'));

export interface StepFrameProps {
  step: StepName;
  children?: ReactNode;
  /** Overrides the default Next (the following step of the walk). */
  onNext?: () => void;
  nextDisabled?: boolean;
  /** Hide Back even where the walk has a step before this one. */
  hideBack?: boolean;
  /** Overrides the default Back (the previous step of the walk). */
  onBack?: () => void;
  /** Stands in for Next: a step whose last action is its own button (the review's confirm). */
  nextButton?: ReactNode;
  /** Between Back and Next, in the bar that stays in view on a phone (the packages step's running total). */
  actionsNote?: ReactNode;
  /** Stands in for the step's title where it would not be true (the packages step of a company without packages). */
  title?: string;
}

/** A wizard step: its title, its content, and Back/Next along the walk of the current mode. */
export function StepFrame({
  step,
  children,
  onNext,
  nextDisabled = false,
  hideBack = false,
  onBack,
  nextButton,
  actionsNote,
  title = texts.stepTitles[step],
}: StepFrameProps) {
  const { mode, hasControls, goTo, office, order } = useScheduler();
  const back = previousStep(mode, step, hasControls);
  const next = nextStep(mode, step, hasControls);

  useEffect(() => {
    document.title = `${title} | ${office.company_name}`;
  }, [title, office.company_name]);
  useScreenHeadingFocus(`step:${step}`);
  // The calendar shows its held time in its own box; every other step carries the quiet reminder.
  const held = step === 'calendar' ? null : heldTimeOf(order, office.time_zone);
  // The panel (with Start Over, the company's redirect button and the office) is on every step but
  // the review, which lays the order out itself (spec 2.10); on the opening step it comes after the screen.
  const panelReady = usePanelReady(stepOrder(mode)[0] === step);
  const withSidebar = step !== 'review' && panelReady;

  return (
    <>
      {order.office_booking && (
        <Suspense fallback={null}>
          <OfficeBookingNotice bookedBy={order.office_booking.booked_by} />
        </Suspense>
      )}
      <Paper sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider', maxWidth: 880, mx: 'auto' }}>
        <StepProgress current={step} />
        <Typography variant="h1" id={SCREEN_HEADING_ID} tabIndex={-1} sx={{ mb: 3 }}>
          {title}
        </Typography>
        {held && (
          <Suspense fallback={null}>
            <HoldIndicator held={held} sx={{ mt: -1, mb: 3 }} />
          </Suspense>
        )}
        {children}
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            mt: 4,
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            ...stickyOnNarrowScreens,
          }}
        >
          {(back || onBack) && !hideBack ? (
            <Button variant="outlined" size="large" onClick={onBack ?? (() => goTo(back!))}>
              {texts.back}
            </Button>
          ) : (
            <span />
          )}
          {actionsNote}
          {nextButton ??
            ((next || onNext) && (
              <Button
                variant="contained"
                size="large"
                disabled={nextDisabled}
                onClick={() => (onNext ? onNext() : next && goTo(next))}
              >
                {texts.next}
              </Button>
            ))}
        </Box>
        {withSidebar && (
          <Suspense fallback={null}>
            <ReviewSidebar step={step} />
          </Suspense>
        )}
      </Paper>
    </>
  );
}
