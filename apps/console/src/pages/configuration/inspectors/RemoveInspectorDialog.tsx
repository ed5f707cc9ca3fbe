import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * "Remove {name}?" Nothing in the configuration refers to an inspector, so removing is allowed;
 * but their bookings are outside it, and the dialog offers what usually fits better: turning off
 * "Takes bookings", which keeps them on the schedule and in the history.
 */
export function RemoveInspectorDialog({
  name,
  open,
  active,
  onRemove,
  onDeactivate,
  onClose,
}: {
  name: string;
  open: boolean;
  active: boolean;
  onRemove: () => void;
  onDeactivate: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Remove {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Visitors can no longer book {name}, and the inspectors&apos; list no longer shows them. Bookings they already
          have stay as they are: reassign them on the schedule.
          {active
            ? ' If they only stop taking bookings for now, turn off "Takes bookings" instead: you can turn it on again later.'
            : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep them</Button>
        {active && (
          <Button variant="outlined" onClick={onDeactivate}>
            Turn off bookings instead
          </Button>
        )}
        <Button variant="contained" color="error" onClick={onRemove}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
