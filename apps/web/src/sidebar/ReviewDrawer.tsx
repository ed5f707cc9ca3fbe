import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import type { StepName } from '@scheduler/domain/route-table';
import { panelSx } from './panel-style.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { sidebarTexts as t } from './sidebar-texts.ts';

export interface ReviewDrawerProps {
  step: StepName;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  drawerId: string;
  headingId: string;
}

/**
 * Below 800 px, the review-order panel in a drawer from the right. A chunk of its own, loaded the
 * first time the visitor opens it: the modal, the drawer and the panel's
 * lines are not what a phone needs to show the first step.
 */
export default function ReviewDrawer({ step, open, onOpen, onClose, drawerId, headingId }: ReviewDrawerProps) {
  return (
    <SwipeableDrawer
      anchor="right"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      // Closed, focus goes back to the toggle that opened it.
      slotProps={{
        paper: { id: drawerId, role: 'dialog', 'aria-modal': true, 'aria-labelledby': headingId, sx: { width: 'min(360px, 92vw)' } },
      }}
    >
      <Box component="aside" aria-labelledby={headingId} sx={panelSx}>
        <ReviewPanel
          step={step}
          headingId={headingId}
          headingAction={
            <IconButton aria-label={t.close} onClick={onClose} sx={{ width: 44, height: 44 }}>
              <Box component="span" aria-hidden="true" sx={{ fontSize: '1.75rem', lineHeight: 1 }}>
                ×
              </Box>
            </IconButton>
          }
        />
      </Box>
    </SwipeableDrawer>
  );
}
