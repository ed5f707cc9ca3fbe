import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatAppointmentDateTime } from '@scheduler/domain/scheduling-text';
import { ContactText } from '../../shared/ContactText.tsx';
import { useFocusHeadingAfterClose } from '../../shared/dialog-focus.ts';
import { texts } from '../../shared/texts.ts';
import type { AlternativeChoice } from './alternatives.ts';
import { BusyButton } from './BusyButton.tsx';
import { packagesTexts as t } from './packages-texts.ts';

/**
 * Spec 2.9 inspector conflict and 2.12 not available: the held time no longer suits the cart (or
 * was taken while holding it again). Each substitute is a button that holds it instead.
 */
export default function ConflictDialog({
  kind,
  datetime,
  alternatives,
  phone,
  busyId,
  onChoose,
  onClose,
}: {
  kind: 'conflict' | 'unavailable';
  /** The held time's start as the order has it (an office wall time with offset). */
  datetime: string;
  alternatives: AlternativeChoice[];
  phone: string;
  busyId: string | null;
  onChoose: (slot: AppointmentSlot) => void;
  onClose: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  const when = formatAppointmentDateTime(datetime);
  return (
    <Dialog open onClose={onClose} disableRestoreFocus aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`} component="h2">
        {t.conflict.title}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} sx={{ mb: 2 }}>
          {kind === 'conflict' ? t.conflict.message(when) : texts.appointmentDialog.noLongerAvailable(when)}
        </Typography>
        {alternatives.length ? (
          <>
            <Typography id={`${id}-alternatives`} sx={{ fontWeight: 600, mb: 1 }}>
              {texts.appointmentDialog.selectAnother}
            </Typography>
            <Box component="ul" aria-labelledby={`${id}-alternatives`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1, maxHeight: 300, overflowY: 'auto' }}>
              {alternatives.map(({ slot, label }) => (
                <li key={slot.id}>
                  <BusyButton variant="outlined" fullWidth busy={busyId === slot.id} disabled={busyId !== null} onClick={() => onChoose(slot)} sx={{ minHeight: 44, justifyContent: 'flex-start', textTransform: 'none' }}>
                    {label}
                  </BusyButton>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography>
            <ContactText text={texts.appointmentDialog.noAlternatives(phone)} phone={phone} />
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {texts.appointmentDialog.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
