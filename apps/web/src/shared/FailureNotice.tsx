import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { track } from './embed/funnel.ts';
import { ContactText } from './ContactText.tsx';
import { Notice } from './Notice.tsx';
import { texts } from './texts.ts';

/**
 * Decision 0009 (other request errors): a call failed for a reason other than a 401. The visitor is told, with the
 * office's phone, and may try again when the failed action can simply be repeated.
 */
export function FailureNotice({ phone, onRetry, sx }: { phone: string; onRetry?: () => void; sx?: object }) {
  useEffect(() => track('error_shown', { code: 'something_went_wrong' }), []);
  return (
    <Notice severity="error" sx={sx} action={onRetry ? <Button onClick={onRetry}>{texts.tryAgain}</Button> : undefined}>
      <ContactText text={texts.somethingWentWrong(phone)} phone={phone} />
    </Notice>
  );
}
