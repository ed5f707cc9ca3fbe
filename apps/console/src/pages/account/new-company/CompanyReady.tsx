import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { NewCompanyResponse } from '@scheduler/contracts/onboarding';
import { PageSection } from '../../../shared/PageSection.tsx';
import { useCopyField } from '../../../shared/copy-field.ts';
import { SetupChecklist } from './SetupChecklist.tsx';

/** The end of a sign-up: the link to share, and what is left to set up (issue 41), each a link to its editor. */
export function CompanyReady({ created }: { created: NewCompanyResponse }) {
  const { field, copied, copy } = useCopyField();
  const consolePath = `/${encodeURIComponent(created.company_key)}`;

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
          <Button variant="contained" onClick={() => void copy(created.scheduler_url)}>
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
      <PageSection
        title="Finish setting up"
        intro="Your scheduler takes bookings as it is. These make it yours: each opens where you set it, and is ticked once it is done."
      >
        <SetupChecklist companyKey={created.company_key} />
        <Box>
          <Button component={RouterLink} to={`${consolePath}/schedule`} variant="contained">
            Go to your console
          </Button>
        </Box>
      </PageSection>
    </>
  );
}
