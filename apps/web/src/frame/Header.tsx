import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';
import { SafeHtml } from '../shared/SafeHtml.tsx';

export interface HeaderProps {
  companyKey: string;
  officeUuid: string | null;
  companyName: string | null;
  phone: string | null;
  hideLogo: boolean;
  bannerHtml: string;
}

/** Spec 2.3: the company logo (unless hidden) and the optional HTML info banner. */
export function Header({ companyKey, officeUuid, companyName, phone, hideLogo, bannerHtml }: HeaderProps) {
  const logoSrc = `/${companyKey}/logo${officeUuid ? `?office=${encodeURIComponent(officeUuid)}` : ''}`;
  return (
    <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1.5, minHeight: 72 }}
      >
        {!hideLogo ? (
          <Box
            component="img"
            src={logoSrc}
            alt={companyName ?? 'Company logo'}
            sx={{ height: { xs: 40, sm: 52 }, maxWidth: '60vw', objectFit: 'contain' }}
          />
        ) : (
          <Box component="span" sx={{ fontWeight: 700, fontSize: '1.1rem', color: 'primary.main' }}>
            {companyName}
          </Box>
        )}
        {phone && (
          <Link href={phoneHref(phone)} underline="hover" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatPhone(phone) || phone}
          </Link>
        )}
      </Container>
      {bannerHtml.trim() !== '' && (
        <Box role="note" sx={{ bgcolor: '#e8f1f8', borderTop: 1, borderColor: '#c9dceb' }}>
          <Container maxWidth="lg" sx={{ py: 1.25 }}>
            <SafeHtml
              html={bannerHtml}
              sx={{ color: '#17324d', fontSize: '0.95rem', '& p': { m: 0 }, '& a': { color: 'primary.main' } }}
            />
          </Container>
        </Box>
      )}
    </Box>
  );
}
