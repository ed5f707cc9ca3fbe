import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { authCall, authClient, authFailureText, MIN_PASSWORD_LENGTH } from '../../../shared/auth-client.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';

export const newPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords are not the same.',
  });

export const EXPIRED_LINK = 'This link has expired or was already used. Ask for a new one.';

/**
 * The link of the reset e-mail lands here with `?token=`; Better Auth sends an expired or unknown
 * one here with `?error=INVALID_TOKEN` instead. A new password signs out every other session
 * (the server's revokeSessionsOnPasswordReset), then the person signs in with it.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await authCall(authClient.resetPassword({ newPassword, token: token ?? '' }));
      await navigate('/sign-in?reset=1', { replace: true });
    } catch (error) {
      setFailure(authFailureText(error));
    }
  });

  if (!token || params.get('error')) {
    return (
      <PublicFrame title="Choose a new password">
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {EXPIRED_LINK}
        </Alert>
        <Link component={RouterLink} to="/forgot-password">
          Send me a new link
        </Link>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title="Choose a new password">
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'newPassword', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
        />
        <TextField
          label="The new password again"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'confirmPassword')}
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Save the new password
        </Button>
      </Box>
    </PublicFrame>
  );
}
