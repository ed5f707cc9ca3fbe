import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewCompanyResponse } from '@scheduler/contracts/onboarding';
import { authCall, authClient, authFailureText } from '../../shared/auth-client.ts';
import { PublicFrame } from '../../shared/PublicFrame.tsx';
import { consoleKeys, meQueryOptions } from '../../shared/queries.ts';
import { CompanyReady } from './CompanyReady.tsx';
import { NewCompanyForm } from './NewCompanyForm.tsx';

/** Where the confirmation link brings a person back to (the server's AFTER_VERIFICATION_PATH). */
const CALLBACK = '/console/new-company';
/** How often the page asks whether the address is confirmed meanwhile (the link opened in another tab). */
const CONFIRMATION_POLL_MS = 4_000;

/**
 * /console/new-company (issue 26): a signed-in person sets up a company. Until they opened the
 * link e-mailed at sign-up the page says so (and notices by itself when they have); then the one
 * form; then the link to share.
 */
export default function NewCompanyPage() {
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(), refetchInterval: (query) => (query.state.data?.user.email_verified === false ? CONFIRMATION_POLL_MS : false) });
  const [created, setCreated] = useState<NewCompanyResponse | null>(null);
  const user = me.data?.user;
  if (!user) return null;

  if (created) {
    return (
      <PublicFrame title="Your scheduler is ready" wide>
        <CompanyReady created={created} />
      </PublicFrame>
    );
  }
  if (!user.email_verified) return <ConfirmYourAddress email={user.email} />;
  return (
    <PublicFrame title="Set up your company" wide>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Four short parts, and your scheduler takes bookings. Everything here can be changed later, and everything else starts with settings most inspection companies use.
      </Typography>
      {(me.data?.memberships.length ?? 0) > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You already belong to a company; this makes another one, of which you will be the owner.
        </Alert>
      )}
      <NewCompanyForm
        personName={user.name}
        onCreated={(answer) => {
          setCreated(answer);
          // The new membership: the console's navigation and company switcher know it at once.
          void queryClient.invalidateQueries({ queryKey: consoleKeys.me });
        }}
      />
    </PublicFrame>
  );
}

function ConfirmYourAddress({ email }: { email: string }) {
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await authCall(authClient.sendVerificationEmail({ email, callbackURL: CALLBACK }));
      setResent('We sent the link again. It may take a minute to arrive.');
    } catch (error) {
      setResent(authFailureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame title="Confirm your e-mail address">
      <Typography sx={{ mb: 2 }}>
        We sent a link to <strong>{email}</strong>. Open it to confirm the address is yours; then you set up your company. This page moves on by itself once you have.
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>Nothing arrived? Look in your spam folder, or send it again.</Typography>
      <Button variant="outlined" disabled={busy} onClick={() => void resend()}>
        Send the link again
      </Button>
      <Typography role="status" sx={{ mt: 2 }}>
        {resent}
      </Typography>
    </PublicFrame>
  );
}
