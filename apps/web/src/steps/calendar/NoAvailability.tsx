import Link from '@mui/material/Link';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';
import { Notice } from '../../shared/Notice.tsx';
import { scheduleTexts } from '../../shared/appointment-texts.ts';

/** Spec 8.3: no upcoming availability at all, with the office's phone and e-mail as links. */
export function NoAvailability({ phone, email }: { phone: string; email: string }) {
  return (
    <Notice severity="warning" sx={{ mb: 2 }}>
      {scheduleTexts.noneAtAll.before}
      <Link href={phoneHref(phone)}>{formatPhone(phone) || phone}</Link>
      {scheduleTexts.noneAtAll.between}
      <Link href={`mailto:${email}`}>{email}</Link>
    </Notice>
  );
}
