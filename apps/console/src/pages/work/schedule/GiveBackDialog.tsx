import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { failureText } from '../../../shared/api.ts';
import { timeOffWhen } from './ScheduleBlocks.tsx';
import { useGiveTimeBack } from './time-off-api.ts';

/** A time-off block the person clicked: whose, when, and the zone of its date. */
export interface OpenTimeOff {
  span: ConsoleTimeOffSpan;
  inspectorName: string;
  zone: string;
}

/**
 * A time-off block's details, and "Give this time back", asked once more before the block (all of
 * it: a weekly block on every date it covers) is deleted.
 */
export function GiveBackDialog({
  companyKey,
  timeOff,
  onClose,
  onGivenBack,
}: {
  companyKey: string;
  timeOff: OpenTimeOff;
  onClose: () => void;
  onGivenBack: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const giveBack = useGiveTimeBack(companyKey);
  const titleId = useId();
  const { span, inspectorName, zone } = timeOff;
  const allDay = span.local_start === '00:00' && span.local_end === '24:00';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{confirming ? 'Give this time back?' : 'Time off'}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {inspectorName}, {formatListDate(span.local_date)}: {timeOffWhen(span)}
          {allDay ? '' : ` ${zone}`}
        </Typography>
        {span.note && <Typography sx={{ mb: 1 }}>Note: {span.note}</Typography>}
        {span.recurring && (
          <Typography sx={{ mb: 1, color: 'text.secondary' }}>
            This time off repeats weekly: giving it back frees every date it covers, not only this one.
          </Typography>
        )}
        {confirming && <Typography>{inspectorName} can be booked in this time again.</Typography>}
        {giveBack.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failureText(giveBack.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {confirming ? (
          <>
            <Button autoFocus onClick={onClose}>
              Keep it
            </Button>
            <Button
              variant="contained"
              color="warning"
              disabled={giveBack.isPending}
              onClick={() => giveBack.mutate(span.time_off_id, { onSuccess: onGivenBack })}
            >
              {giveBack.isPending ? 'Giving it back…' : 'Yes, give it back'}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={() => setConfirming(true)}>
              Give this time back
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
