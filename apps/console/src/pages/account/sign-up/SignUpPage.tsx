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
import { authCall, authClient, authFailureText, MIN_PASSWORD_LENGTH } from '../../../shared/auth-client.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';
import { PERSON_NAME_MAX } from '@scheduler/contracts/console';
import { AFTER_CONFIRMATION, ConfirmYourAddress } from '../../../shared/ConfirmYourAddress.tsx';

const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(PERSON_NAME_MAX, `At most ${PERSON_NAME_MAX} characters.`),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your e-mail address.')
    .email('Enter an e-mail address like name@example.com.')
    .max(254),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(128, 'At most 128 characters.'),
});
type SignUpValues = z.infer<typeof signUpSchema>;

/** /console/sign-up (issue 26): an account for a person about to set up their company; the e-mailed link confirms the address. */
export default function SignUpPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The answer is the same whether the address had an account (its owner is told by e-mail):
      // the e-mailed link signs the person in and brings them to the company form.
      await authCall(authClient.signUp.email({ ...values, callbackURL: AFTER_CONFIRMATION }));
      setSentTo(values.email.trim());
    } catch (error) {
      setFailure(authFailureText(error));
    }
  });

  if (sentTo) return <ConfirmYourAddress email={sentTo} />;
  return (
    <PublicFrame title="Create your scheduler">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Online booking for your inspection company, set up in a few minutes.
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label="Create your account"
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField label="Your name" autoComplete="name" required {...fieldProps(form, 'name')} />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          {...fieldProps(form, 'email', 'We send a link to confirm it.')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'password', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Creating your account…' : 'Create my account'}
        </Button>
      </Box>
      <Typography sx={{ mt: 2 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/sign-in">
          Sign in
        </Link>
      </Typography>
    </PublicFrame>
  );
}
