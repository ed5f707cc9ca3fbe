import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { authCall, authClient, authFailureText } from '../../../shared/auth-client.ts';
import { safeReturnPath } from '../../../shared/company.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';
import { consoleKeys } from '../../../shared/queries.ts';
import { linkErrorOf, linkFailureText } from './link-failure.ts';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').email('Enter an e-mail address like name@example.com.'),
  password: z.string().min(1, 'Enter your password.'),
});
type SignInValues = z.infer<typeof signInSchema>;

/** Signing in with e-mail and password, or a passkey; then back to the page that asked (?next=). */
export default function SignInPage() {
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A sign-in link that did not work brought the person here: say why until they try again.
  const [failure, setFailure] = useState<string | null>(() => {
    const code = linkErrorOf(params);
    return code === null ? null : linkFailureText(code, window.location.origin);
  });
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: params.get('email')?.trim() ?? '', password: '' },
  });

  async function signedIn() {
    // "Who am I" answered 401 before: it is asked again as the person now signed in.
    await queryClient.resetQueries({ queryKey: consoleKeys.me });
    await navigate(next, { replace: true });
  }

  async function attempt(kind: 'password' | 'passkey', call: () => Promise<unknown>) {
    setBusy(kind);
    setFailure(null);
    try {
      await call();
      await signedIn();
    } catch (error) {
      setFailure(authFailureText(error));
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = form.handleSubmit((values) => attempt('password', () => authCall(authClient.signIn.email(values))));

  return (
    <PublicFrame title="Sign in">
      {params.get('reset') && !failure && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Your password is changed. Sign in with the new one.
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="username webauthn"
          required
          {...fieldProps(form, 'email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldProps(form, 'password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy !== null}>
          {busy === 'password' ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>
      <Link component={RouterLink} to="/forgot-password" sx={{ display: 'inline-block', mt: 2 }}>
        Forgot your password?
      </Link>
      <Divider sx={{ my: 3 }}>or</Divider>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy !== null}
        onClick={() => void attempt('passkey', () => authCall(authClient.signIn.passkey()))}
      >
        {busy === 'passkey' ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      <Typography sx={{ mt: 3 }}>
        New here?{' '}
        <Link component={RouterLink} to="/sign-up">
          Set up your company&apos;s scheduler
        </Link>
      </Typography>
    </PublicFrame>
  );
}
