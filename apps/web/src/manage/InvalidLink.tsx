import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ManageContactResponse } from '@scheduler/contracts/manage';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';
import { StatusPage } from '../status-pages/StatusPage.tsx';
import { manageTexts as t } from './manage-texts.ts';

type Office = ManageContactResponse['offices'][number];

/** The page's words: the manage link's, or another link's of the same kind (the agreement's signing link). */
export interface InvalidLinkWords {
  title: string;
  hint: string;
  callCompany: (company: string) => string;
  callOneOfOffices: (company: string) => string;
}

function PhoneLink({ office }: { office: Office }) {
  return (
    <Link href={phoneHref(office.office_phone)} underline="always" sx={{ whiteSpace: 'nowrap' }}>
      {formatPhone(office.office_phone) || office.office_phone}
    </Link>
  );
}

/**
 * The page of a manage link that is not valid any more (issue 42). It names no booking; when the
 * link's URL names a company with a phone, it says whom to call and at which number (a tel: link),
 * each office's when there are several; otherwise the general words.
 */
export function InvalidLink({
  company,
  words = t.invalid,
}: {
  company: ManageContactResponse | null;
  words?: InvalidLinkWords;
}) {
  const offices = company?.offices ?? [];
  let help;
  if (!company || offices.length === 0) {
    help = <Typography>{words.hint}</Typography>;
  } else if (offices.length === 1) {
    help = (
      <Typography>
        {words.callCompany(company.company_name)} <PhoneLink office={offices[0]!} />.
      </Typography>
    );
  } else {
    help = (
      <>
        <Typography>{words.callOneOfOffices(company.company_name)}</Typography>
        {offices.map((office, index) => (
          <Typography key={index} sx={{ mt: 1 }}>
            {office.office_name}: <PhoneLink office={office} />
          </Typography>
        ))}
      </>
    );
  }
  return (
    <StatusPage message={words.title} contact={null}>
      {help}
    </StatusPage>
  );
}
