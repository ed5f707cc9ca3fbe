import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AuthError, authCall, authClient, authFailureText } from '../../../shared/auth-client.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';

const schema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').email('Enter an e-mail address like name@example.com.'),
});

/** Says the same whether or not the address has an account, so the page tells nobody who has one. */
export const RESET_SENT = 'If that address has an account, we have sent it a link to choose a new password.';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await authCall(authClient.requestPasswordReset({ email, redirectTo: '/console/reset-password' }));
      setSent(true);
    } catch (error) {
      // Only being rate-limited or unreachable is worth saying; anything else reads as sent.
      if (error instanceof AuthError && error.failure.status !== 429 && error.failure.status < 500) setSent(true);
      else setFailure(authFailureText(error));
    }
  });

  return (
    <PublicFrame title="Choose a new password">
      {sent ? (
        <Alert severity="success" role="status">
          {RESET_SENT}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Enter your account&apos;s e-mail address and we will send you a link to choose a new password.
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="username"
              required
              {...fieldProps(form, 'email')}
            />
            <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
              Send the link
            </Button>
          </Box>
        </>
      )}
      <Link component={RouterLink} to="/sign-in" sx={{ display: 'inline-block', mt: 2 }}>
        Back to sign in
      </Link>
    </PublicFrame>
  );
}
