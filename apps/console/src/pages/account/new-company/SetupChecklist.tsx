import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { setupChecklist, type SetupItem } from '@scheduler/domain/configuration/setup-checklist';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { failureText } from '../../../shared/api.ts';
import { configurationQueryOptions } from '../../../shared/configuration.ts';
import { Loading } from '../../../shared/Loading.tsx';

/** Each item in the founder's words: what it is, why, and the editor (a company page) where it is set. */
const ITEMS: Record<SetupItem, { label: string; hint: string; page: string }> = {
  logo: { label: 'Add your logo', hint: 'It heads your scheduler and your e-mails.', page: 'offices' },
  contact: {
    label: 'Your phone and e-mail for visitors',
    hint: 'Shown on your scheduler so clients can reach you; your sign-in address stays private.',
    page: 'offices',
  },
  square_feet: {
    label: 'Price by square footage',
    hint: "A fee that grows with the home's size.",
    page: 'fees-taxes-coupons',
  },
  add_ons: {
    label: 'Add-ons',
    hint: 'Radon, termites, a sewer scope: services a client adds to the inspection.',
    page: 'services',
  },
  tax: { label: 'Sales tax', hint: 'Added to the services it applies to.', page: 'fees-taxes-coupons' },
  service_area: {
    label: 'Your service area by postal code',
    hint: 'The postal codes each inspector serves.',
    page: 'inspectors',
  },
  lunch_break: {
    label: 'Hours with a lunch break',
    hint: 'Two stretches in a day leave a break that no booking takes.',
    page: 'inspectors',
  },
  cancellation: {
    label: 'Your cancellation policy',
    hint: 'What clients read before they cancel, and any late fee.',
    page: 'booking-changes',
  },
  payments: {
    label: 'Payments',
    hint: 'Take payment online, with Stripe or your own payment page.',
    page: 'payments',
  },
};

/**
 * What a new company has still to set up (issue 41), each ticked from its configuration as it is
 * now (read again each time the list shows: an editor saved meanwhile) and each one link to its
 * editor. There is no agreement editor yet: the agreement is not on the list.
 */
export function SetupChecklist({ companyKey }: { companyKey: string }) {
  const configuration = useQuery({ ...configurationQueryOptions(companyKey), refetchOnMount: 'always' });
  if (configuration.isPending) return <Loading label="Reading your configuration…" />;
  if (configuration.isError) return <Alert severity="error">{failureText(configuration.error)}</Alert>;
  const items = setupChecklist(configuration.data.document);
  const base = `/${encodeURIComponent(companyKey)}`;
  return (
    <>
      <Typography sx={{ fontWeight: 650 }}>
        {items.filter((entry) => entry.done).length} of {items.length} done
      </Typography>
      <Box
        component="ul"
        aria-label="Finish setting up"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {items.map(({ item, done }) => (
          <Box component="li" key={item} sx={{ display: 'grid', gridTemplateColumns: '1.75rem 1fr', columnGap: 1 }}>
            <Box
              aria-hidden="true"
              sx={{
                width: '1.4rem',
                height: '1.4rem',
                mt: 0.25,
                borderRadius: '50%',
                border: 2,
                borderColor: done ? 'success.main' : 'text.secondary',
                bgcolor: done ? 'success.main' : 'transparent',
                color: 'success.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontSize: '0.9rem',
                fontWeight: 700,
              }}
            >
              {done ? '✓' : ''}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Link component={RouterLink} to={`${base}/${ITEMS[item].page}`} sx={{ fontWeight: 600 }}>
                {ITEMS[item].label}
              </Link>
              <span style={visuallyHidden}>{done ? ' (done)' : ' (to do)'}</span>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {ITEMS[item].hint}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}
