import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import { failureText } from '../../../shared/api.ts';
import { ordersText } from './privacy-text.ts';

/**
 * "Erase their data": what an erasure will take and what it leaves, before it is done (it cannot
 * be undone). An upcoming inspection keeps its people: the office cancels it first if the person
 * wants it gone.
 */
export function EraseDialog({
  email,
  counts,
  erasing,
  error,
  onCancel,
  onErase,
}: {
  email: string;
  counts: { erasable: number; kept: number };
  erasing: boolean;
  error: unknown;
  onCancel: () => void;
  onErase: () => void;
}) {
  return (
    <Dialog
      open
      onClose={erasing ? undefined : onCancel}
      aria-labelledby="erase-title"
      aria-describedby="erase-what"
      maxWidth="sm"
    >
      <DialogTitle id="erase-title">Erase the data of {email}?</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="erase-what">
          {`${ordersText(counts.erasable)} will be erased: the names, e-mails, phone numbers and the address on ${counts.erasable === 1 ? 'it' : 'them'} are replaced by “${ERASED_MARKER}”. This cannot be undone.`}
        </Typography>
        {counts.kept > 0 && (
          <Typography>
            {`${ordersText(counts.kept)} ${counts.kept === 1 ? 'is' : 'are'} kept: the inspection is still to come. Cancel ${counts.kept === 1 ? 'it' : 'them'} first if they want ${counts.kept === 1 ? 'it' : 'them'} erased too.`}
          </Typography>
        )}
        {error ? <Alert severity="error">{failureText(error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onCancel} disabled={erasing}>
          Cancel
        </Button>
        <Button type="button" variant="contained" color="error" onClick={onErase} disabled={erasing}>
          Erase
        </Button>
      </DialogActions>
    </Dialog>
  );
}
