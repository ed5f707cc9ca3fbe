import Button from '@mui/material/Button';
import type { OfficeContactResponse } from '@scheduler/contracts/office';
import { texts } from '../shared/texts.ts';
import { StatusPage } from './StatusPage.tsx';
import { embeddedHref } from '../shared/embed/embed-context.ts';

/** Spec 2.13: not found, with "Schedule Again" (a full page load of the office link) and the office name. */
export function NotFoundPage({
  contact,
  companyKey,
}: {
  contact: OfficeContactResponse | null;
  companyKey: string | null;
}) {
  return (
    <StatusPage message={texts.status.notFound} contact={contact}>
      {contact && companyKey && (
        <Button
          variant="contained"
          size="large"
          href={embeddedHref(`/${companyKey}/online-scheduler/${contact.office_uuid}`)}
          sx={{ mt: 1 }}
        >
          {texts.status.scheduleAgain}
        </Button>
      )}
    </StatusPage>
  );
}
