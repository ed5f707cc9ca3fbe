import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFocusHeadingAfterClose } from './dialog-focus.ts';
import { focusWhenMounted } from '@scheduler/ui/focus';

/**
 * Asks before something that cannot be taken back. The safe answer has the initial focus, so
 * Enter or Escape never does the irreversible thing by accident.
 */
export default function ConfirmDialog({
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  return (
    <Dialog
      open
      onClose={onCancel}
      disableRestoreFocus
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`} component="h2">
        {title}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`}>{text}</Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2.5 }}>
        <Button variant="outlined" onClick={onCancel} ref={focusWhenMounted}>
          {cancel}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
