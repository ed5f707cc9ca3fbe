import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { authCall, authClient, authFailureText } from './auth-client.ts';
import { PublicFrame } from './PublicFrame.tsx';

/** Where the confirmation link brings a person back to (the server's AFTER_VERIFICATION_PATH). */
export const AFTER_CONFIRMATION = '/console/new-company';

/**
 * "We sent a link": shown after a sign-up (which signs no one in: the link does, issue 39), and
 * to a person signed in before confirming, whose page then moves on by itself.
 */
export function ConfirmYourAddress({ email, movesOnByItself = false }: { email: string; movesOnByItself?: boolean }) {
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await authCall(authClient.sendVerificationEmail({ email, callbackURL: AFTER_CONFIRMATION }));
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
        We sent a link to <strong>{email}</strong>. Open it to confirm the address is yours; then you set up your
        company.{movesOnByItself ? ' This page moves on by itself once you have.' : ''}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Nothing arrived? Look in your spam folder, or send it again.
      </Typography>
      <Button variant="outlined" disabled={busy} onClick={() => void resend()}>
        Send the link again
      </Button>
      <Typography role="status" sx={{ mt: 2 }}>
        {resent}
      </Typography>
    </PublicFrame>
  );
}
