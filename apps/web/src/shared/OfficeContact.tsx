import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';

export interface OfficeContactDetails {
  office_name: string;
  office_phone: string;
  office_email: string;
}

/** The office phone and e-mail, the visitor's fallback wherever the wizard cannot help. */
export function OfficeContact({ contact, showName = true }: { contact: OfficeContactDetails; showName?: boolean }) {
  const phone = formatPhone(contact.office_phone) || contact.office_phone;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'inherit' }}>
      {showName && <Typography sx={{ fontWeight: 600 }}>{contact.office_name}</Typography>}
      {contact.office_phone && (
        <Link href={phoneHref(contact.office_phone)} underline="hover">
          {phone}
        </Link>
      )}
      {contact.office_email && (
        <Link href={`mailto:${contact.office_email}`} underline="hover" sx={{ wordBreak: 'break-word' }}>
          {contact.office_email}
        </Link>
      )}
    </Stack>
  );
}
