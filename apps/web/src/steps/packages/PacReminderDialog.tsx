import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFocusHeadingAfterClose } from '../../shared/dialog-focus.ts';
import { packagesTexts as t } from './packages-texts.ts';
import { focusWhenMounted } from '@scheduler/ui/focus';

/** Spec 4.4 step 1: pay-at-close is offered and not taken; Go back (the safe answer, focused first) or Continue anyway. */
export default function PacReminderDialog({
  name,
  onContinue,
  onClose,
}: {
  name: string;
  onContinue: () => void;
  onClose: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  return (
    <Dialog
      open
      onClose={onClose}
      disableRestoreFocus
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`} component="h2">
        {t.pac.reminderTitle}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`}>{t.pac.reminder(name)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} ref={focusWhenMounted} sx={{ minHeight: 44 }}>
          {t.pac.goBack}
        </Button>
        <Button variant="contained" onClick={onContinue} sx={{ minHeight: 44 }}>
          {t.pac.continueAnyway}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
