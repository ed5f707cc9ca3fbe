import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PERSON_NAME_MAX, invitationAccountResponseSchema } from '@scheduler/contracts/console';
import { ApiError } from '@scheduler/ui/api-error';
import { callApi, isUnauthenticated } from '../../../shared/api.ts';
import { authCall, authClient, authFailureText, MIN_PASSWORD_LENGTH } from '../../../shared/auth-client.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PublicFrame } from '../../../shared/PublicFrame.tsx';
import { consoleKeys, meQueryOptions } from '../../../shared/queries.ts';

const accountSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(PERSON_NAME_MAX, `Use at most ${PERSON_NAME_MAX} characters.`),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords are not the same.',
  });

/**
 * The invitation e-mail's link, /console/accept-invitation/{id}. Signed in, one button accepts
 * it; signed out, the person makes their account for the address the invitation went to (the
 * link proves they read that mailbox, so the address counts as confirmed: issue 39), or signs
 * in, and then accepts.
 */
export default function AcceptInvitationPage() {
  const invitationId = useParams().invitationId ?? '';
  const [params] = useSearchParams();
  const me = useQuery({ ...meQueryOptions(), retry: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The invitation e-mail's link names the address it went to (?email=): the form starts with it, still editable.
  const invitedEmail = params.get('email')?.trim() ?? '';
  const here = `/accept-invitation/${invitationId}${invitedEmail ? `?${new URLSearchParams({ email: invitedEmail }).toString()}` : ''}`;
  const form = useForm<z.infer<typeof accountSchema>>({
    resolver: zodResolver(accountSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });

  async function accept() {
    const accepted = await authCall(authClient.organization.acceptInvitation({ invitationId }));
    // The company's pages are named by its key: the membership the acceptance made says which.
    const organizationId = accepted?.member.organizationId;
    await queryClient.resetQueries({ queryKey: consoleKeys.me });
    const me = await queryClient.fetchQuery(meQueryOptions());
    const joined = me.memberships.find((membership) => membership.organization_id === organizationId);
    await navigate(joined ? `/${encodeURIComponent(joined.company_key)}/schedule` : '/', { replace: true });
  }

  async function run(call: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await call();
    } catch (error) {
      // The account route's own words (no longer valid, already an account), or Better Auth's.
      setFailure(error instanceof ApiError ? error.message : authFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  const onCreate = form.handleSubmit(({ name, password }) =>
    run(async () => {
      const account = await callApi(
        `/api/console/invitations/${encodeURIComponent(invitationId)}/account`,
        invitationAccountResponseSchema,
        { method: 'POST', body: { name, password }, answers: [201] },
      );
      await authCall(authClient.signIn.email({ email: account.email, password }));
      await accept();
    }),
  );

  if (me.isPending) return <Loading label="Checking your sign-in…" />;
  const signedOut = me.isError && isUnauthenticated(me.error);
  if (me.isError && !signedOut) {
    return (
      <PublicFrame title="Join your company">
        <Failure error={me.error} onRetry={() => void me.refetch()} />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title="Join your company">
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {me.data ? (
        <>
          <Typography sx={{ mb: 2 }}>
            You are signed in as {me.data.user.email}. Accept the invitation to join the company with this account.
          </Typography>
          {invitedEmail && invitedEmail.toLowerCase() !== me.data.user.email.toLowerCase() && (
            <Alert severity="info" role="note" sx={{ mb: 2 }}>
              This invitation was sent to {invitedEmail}. If it is not yours, sign out and sign in (or create an
              account) with that address.
            </Alert>
          )}
          <Button variant="contained" size="large" fullWidth disabled={busy} onClick={() => void run(accept)}>
            Accept the invitation
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {invitedEmail ? (
              <>
                Create your account for <strong>{invitedEmail}</strong>, the address the invitation was sent to.
              </>
            ) : (
              'Create your account for the address the invitation was sent to.'
            )}
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => void onCreate(event)} sx={{ display: 'grid', gap: 2 }}>
            {/* For password managers: the account's address, which the invitation decides. */}
            <input type="hidden" name="username" autoComplete="username" value={invitedEmail} readOnly />
            <TextField label="Your name" autoComplete="name" required {...fieldProps(form, 'name')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              {...fieldProps(form, 'password', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
            />
            <TextField
              label="The password again"
              type="password"
              autoComplete="new-password"
              required
              {...fieldProps(form, 'confirmPassword')}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Create my account and join
            </Button>
          </Box>
          <Typography sx={{ mt: 3 }}>
            Already have an account?{' '}
            <Link
              component={RouterLink}
              to={`/sign-in?${new URLSearchParams({ ...(invitedEmail ? { email: invitedEmail } : {}), next: here }).toString()}`}
            >
              Sign in
            </Link>{' '}
            and you will come back here to accept.
          </Typography>
        </>
      )}
    </PublicFrame>
  );
}
