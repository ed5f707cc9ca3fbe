import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { NewCompanyResponse } from '@scheduler/contracts/onboarding';
import { PageSection } from '../../../shared/PageSection.tsx';

/** The end of a sign-up: the link to share, and where to go next. */
export function CompanyReady({ created }: { created: NewCompanyResponse }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const consolePath = `/${encodeURIComponent(created.company_key)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.scheduler_url);
      setCopied(true);
    } catch {
      // The browser would not: the link is selected for the person to copy.
      setCopied(false);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        Your scheduler is ready and taking bookings.
      </Alert>
      <PageSection
        title="Share your scheduler"
        intro="Put this link on your website, in your e-mails and on your social pages: visitors book with it."
      >
        <TextField
          label="Your scheduler's link"
          value={created.scheduler_url}
          inputRef={field}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" onClick={() => void copy()}>
            Copy the link
          </Button>
          <Button variant="outlined" href={created.scheduler_url} target="_blank" rel="noopener">
            Open your scheduler
          </Button>
        </Box>
        <Box aria-live="polite">
          {copied !== null && (
            <Typography>
              {copied ? 'The link is copied.' : 'Press Ctrl+C (or ⌘C) to copy the selected link.'}
            </Typography>
          )}
        </Box>
      </PageSection>
      <PageSection title="What next">
        <Typography>
          Your console shows every booking as it comes. Under{' '}
          <Link component={RouterLink} to={`${consolePath}/settings`}>
            Configuration
          </Link>{' '}
          you can add your logo, more services and packages, fees and coupons, property questions, more inspectors, and
          put the scheduler on your own website.
        </Typography>
        <Box>
          <Button component={RouterLink} to={`${consolePath}/schedule`} variant="contained">
            Go to your console
          </Button>
        </Box>
      </PageSection>
    </>
  );
}
