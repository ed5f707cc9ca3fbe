import Button from '@mui/material/Button';
import { Notice } from '../../shared/Notice.tsx';
import { scheduleTexts } from '../../shared/appointment-texts.ts';

/**
 * Spec 2.5: availability depends on the postal code entered; "Change postal code" goes back to it,
 * unless the company's page locked the code (issue 27, `onChange` null).
 */
export function PostalCodeNote({ postalCode, onChange }: { postalCode: string; onChange: (() => void) | null }) {
  return (
    <Notice
      severity="info"
      sx={{ mb: 3 }}
      action={
        onChange && (
          <Button color="inherit" size="small" onClick={onChange}>
            {scheduleTexts.changePostalCode}
          </Button>
        )
      }
    >
      {scheduleTexts.postalCodeNote(postalCode)}
    </Notice>
  );
}
