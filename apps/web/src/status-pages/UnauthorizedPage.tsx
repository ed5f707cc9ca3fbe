import Button from '@mui/material/Button';
import type { OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { texts } from '../shared/texts.ts';
import { StatusPage } from './StatusPage.tsx';

/**
 * Spec 2.13: the session expired. Not a dead end: "Start again" (a full load of the office's
 * link, which starts a new session) when the office is known, and the office's phone and e-mail.
 */
export function UnauthorizedPage({
  contact,
  restartHref,
}: {
  contact: OfficeContactDetails | null;
  restartHref: string | null;
}) {
  return (
    <StatusPage message={texts.status.unauthorized} contact={contact}>
      {restartHref && (
        <Button variant="contained" size="large" href={restartHref} sx={{ mt: 1 }}>
          {texts.status.startAgain}
        </Button>
      )}
    </StatusPage>
  );
}
