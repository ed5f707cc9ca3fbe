import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ManageHoldResponse, ManageOrderView } from '@scheduler/contracts/manage';
import { BusyButton } from '../shared/BusyButton.tsx';
import HoldIndicator from '../shared/HoldIndicator.tsx';
import { Notice } from '../shared/Notice.tsx';
import { manageFailure, failureText } from './manage-errors.ts';
import { ManageFrame } from './ManageFrame.tsx';
import { ManageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';
import { PanelCard as SummaryCard } from '../shared/PanelCard.tsx';

export type HeldMove = Extract<ManageHoldResponse, { status: 'ok' }>;

/**
 * The held time, before the move: the new time beside the current one, who would inspect when
 * it is not the booking's own inspectors, and how long the time stays held. "Confirm new time"
 * moves the booking; "Choose another time" goes back to the calendar.
 */
export function ConfirmMoveScreen({
  view,
  held,
  confirming,
  error,
  onConfirm,
  onAnother,
}: {
  view: ManageOrderView;
  held: HeldMove;
  confirming: boolean;
  error: unknown;
  onConfirm: () => void;
  onAnother: () => void;
}) {
  const { office, order } = view;
  const failure = manageFailure(error);
  return (
    <ManageFrame
      screen="confirm"
      companyName={view.company_name}
      title={t.confirm.title}
      actions={
        <>
          <Button variant="outlined" size="large" onClick={onAnother} disabled={confirming}>
            {t.confirm.another}
          </Button>
          <BusyButton variant="contained" size="large" busy={confirming} onClick={onConfirm}>
            {t.confirm.confirm}
          </BusyButton>
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: { xs: 1.5, sm: 2 },
          mb: 3,
        }}
      >
        <SummaryCard title={t.confirm.newTime}>
          <Typography sx={{ fontWeight: 600 }}>{held.when.date}</Typography>
          <Typography sx={{ fontWeight: 600 }}>{held.when.time}</Typography>
        </SummaryCard>
        <SummaryCard title={t.confirm.currentTime}>
          <Typography>{order.when.date}</Typography>
          <Typography>{order.when.time}</Typography>
        </SummaryCard>
      </Box>
      {view.reschedule.fee && (
        // The late-reschedule fee and how it is collected, before the visitor confirms (decision 0081).
        <Notice severity="warning" sx={{ mb: 3 }}>
          <Typography data-testid="reschedule-fee" sx={{ fontWeight: 700 }}>
            {t.reschedule.fee(view.reschedule.fee)}
          </Typography>
          {view.reschedule.charge && <Typography data-testid="reschedule-charge">{view.reschedule.charge}</Typography>}
        </Notice>
      )}
      {held.inspector_note && (
        <Notice severity="info" sx={{ mb: 3 }}>
          <Typography data-testid="inspector-note">{held.inspector_note}</Typography>
        </Notice>
      )}
      <HoldIndicator
        held={{ datetime: held.start, holdExpiresAt: held.hold_expires_at, timeZone: office.time_zone }}
        showAppointment={false}
      />
      {failure && (
        <ManageNotice
          notice={{ tone: 'error', text: failureText(failure, office.office_phone) }}
          phone={office.office_phone}
          email={office.office_email}
          sx={{ mt: 3 }}
        />
      )}
    </ManageFrame>
  );
}
