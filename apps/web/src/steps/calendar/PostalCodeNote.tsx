import Button from '@mui/material/Button';
import { Notice } from '../../shared/Notice.tsx';
import { texts } from '../../shared/texts.ts';

/** Spec 2.5: availability depends on the postal code entered; "Change postal code" goes back to it. */
export function PostalCodeNote({ postalCode, onChange }: { postalCode: string; onChange: () => void }) {
  return (
    <Notice
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onChange}>
          {texts.calendar.changePostalCode}
        </Button>
      }
    >
      {texts.calendar.postalCodeNote(postalCode)}
    </Notice>
  );
}
