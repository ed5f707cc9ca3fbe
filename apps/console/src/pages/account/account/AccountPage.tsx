import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { failureText } from '../../../shared/api.ts';
import { authCall, authClient, authFailureText, MIN_PASSWORD_LENGTH } from '../../../shared/auth-client.ts';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { meQueryOptions } from '../../../shared/queries.ts';
import { momentText } from '../../../shared/time-text.ts';
import {
  addPasskey,
  changePassword,
  deletePasskey,
  passkeysQueryOptions,
  revokeOtherSessions,
  sessionsQueryOptions,
  useAccountChange,
  useChooseFirstPassword,
} from './account-api.ts';
import { CalendarConnections } from '../../../shared/calendar-connections/CalendarConnections.tsx';

/** The viewer's own clock: sessions and passkeys are theirs, not an office's. */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (at: Date | string) => momentText(new Date(at).toISOString(), viewerZone());

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /console/{key}/account: the person's passkeys, sessions and password, and signing out. */
export default function AccountPage() {
  const me = useQuery(meQueryOptions());
  const { companyKey, membership } = useCompany();
  // An inspector's own calendars (decision 0089), for the inspector this member is.
  const calendarsOf =
    membership?.inspector_id != null && memberCan(membership, 'calendars.manage', true)
      ? membership.inspector_id
      : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signOutFailure, setSignOutFailure] = useState<string | null>(null);
  // Once chosen here, the first password's block stays to say so (the person read again has one).
  const [firstPasswordChosen, setFirstPasswordChosen] = useState(false);

  async function signOut() {
    try {
      await authCall(authClient.signOut());
      queryClient.clear();
      await navigate('/sign-in', { replace: true });
    } catch (error) {
      setSignOutFailure(authFailureText(error));
    }
  }

  return (
    <>
      <PageHeading>Your account</PageHeading>
      {me.data && (
        <Typography sx={{ mb: 2 }}>
          {me.data.user.name} · {me.data.user.email}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Passkeys />
        <Sessions />
        {me.data &&
          (me.data.user.has_password && !firstPasswordChosen ? (
            <ChangePassword />
          ) : (
            <ChooseFirstPassword onChosen={() => setFirstPasswordChosen(true)} />
          ))}
        {calendarsOf !== null && <CalendarConnections companyKey={companyKey} inspectorId={calendarsOf} />}
        <Block title="Sign out">
          {signOutFailure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {signOutFailure}
            </Alert>
          )}
          <Button variant="outlined" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Block>
      </Box>
    </>
  );
}

function Passkeys() {
  const passkeys = useQuery(passkeysQueryOptions());
  const add = useAccountChange(addPasskey);
  const remove = useAccountChange(deletePasskey);
  const [name, setName] = useState('');
  const failure = add.error ?? remove.error;
  return (
    <Block title="Passkeys">
      <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
        Sign in with your fingerprint, face or device PIN instead of a password.
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {authFailureText(failure)}
        </Alert>
      )}
      {passkeys.isPending && <Loading label="Loading your passkeys…" />}
      {passkeys.isError && <Alert severity="error">{authFailureText(passkeys.error)}</Alert>}
      {passkeys.data && passkeys.data.length === 0 && (
        <Typography sx={{ mb: 1.5 }}>You have no passkeys yet.</Typography>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <Box component="ul" sx={{ m: 0, mb: 2, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {passkeys.data.map((passkey) => (
            <Box
              component="li"
              key={passkey.id}
              sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
            >
              <Typography>
                {passkey.name || 'Unnamed passkey'} · added {when(passkey.createdAt)}
              </Typography>
              <Button
                color="error"
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey.id)}
                aria-label={`Delete the passkey ${passkey.name || 'Unnamed passkey'}`}
              >
                Delete
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name.trim() || 'Passkey', { onSuccess: () => setName('') });
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        <TextField
          size="small"
          label="Name for the new passkey"
          placeholder="Work laptop"
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: '1 1 200px' }}
        />
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Add a passkey
        </Button>
      </Box>
    </Block>
  );
}

function Sessions() {
  const sessions = useQuery(sessionsQueryOptions());
  const revoke = useAccountChange(revokeOtherSessions);
  return (
    <Block title="Where you are signed in">
      {revoke.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {authFailureText(revoke.error)}
        </Alert>
      )}
      {revoke.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          You are signed out everywhere else.
        </Alert>
      )}
      {sessions.isPending && <Loading label="Loading your sessions…" />}
      {sessions.isError && <Alert severity="error">{authFailureText(sessions.error)}</Alert>}
      {sessions.data && (
        <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, display: 'grid', gap: 1 }}>
          {sessions.data.map((session) => (
            <li key={session.id}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{session.userAgent || 'An unknown browser'}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Signed in {when(session.createdAt)}
                {session.ipAddress ? ` from ${session.ipAddress}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Button variant="outlined" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined)}>
        Sign out everywhere else
      </Button>
    </Block>
  );
}

const newPasswordFields = {
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(128, 'Use at most 128 characters.'),
  confirmPassword: z.string(),
};
const sameTwice = {
  check: (values: { newPassword: string; confirmPassword: string }) => values.newPassword === values.confirmPassword,
  params: { path: ['confirmPassword'], message: 'The two passwords are not the same.' },
};
const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password.'), ...newPasswordFields })
  .refine(sameTwice.check, sameTwice.params);
const firstPasswordSchema = z.object(newPasswordFields).refine(sameTwice.check, sameTwice.params);

/**
 * A person who has only signed in by a link has no current password to give (issue 41): they
 * choose a first one. One with a passkey is refused that by the server (a stolen link's session
 * must not add a way in), so they are sent to the sign-in page's reset, which mails them.
 */
function ChooseFirstPassword({ onChosen }: { onChosen: () => void }) {
  const choose = useChooseFirstPassword();
  const passkeys = useQuery(passkeysQueryOptions());
  const form = useForm<z.infer<typeof firstPasswordSchema>>({
    resolver: zodResolver(firstPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(({ newPassword }) => choose.mutate(newPassword, { onSuccess: onChosen }));
  if (choose.isSuccess)
    return (
      <Block title="Choose a password">
        <Alert severity="success" role="status">
          Your password is chosen: next time, sign in with your e-mail address and it.
        </Alert>
      </Block>
    );
  return (
    <Block title="Choose a password">
      {passkeys.data && passkeys.data.length > 0 ? (
        <Typography>
          You sign in with a passkey. To add a password as well, use "Forgot your password?" on the sign-in page.
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
            You signed in with a one-time link. Choose a password to sign in with next time.
          </Typography>
          {choose.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failureText(choose.error)}
            </Alert>
          )}
          <Box
            component="form"
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            sx={{ display: 'grid', gap: 1.5 }}
          >
            <TextField
              size="small"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              {...fieldProps(form, 'newPassword', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
            />
            <TextField
              size="small"
              label="The new password again"
              type="password"
              autoComplete="new-password"
              required
              {...fieldProps(form, 'confirmPassword')}
            />
            <Button type="submit" variant="contained" disabled={choose.isPending} sx={{ justifySelf: 'start' }}>
              Choose the password
            </Button>
          </Box>
        </>
      )}
    </Block>
  );
}

function ChangePassword() {
  const change = useAccountChange(changePassword);
  const form = useForm<z.infer<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => form.reset() }),
  );
  return (
    <Block title="Change your password">
      {change.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {authFailureText(change.error)}
        </Alert>
      )}
      {change.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Your password is changed, and your other sessions are signed out.
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          size="small"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldProps(form, 'currentPassword')}
        />
        <TextField
          size="small"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'newPassword', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
        />
        <TextField
          size="small"
          label="The new password again"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'confirmPassword')}
        />
        <Button type="submit" variant="contained" disabled={change.isPending} sx={{ justifySelf: 'start' }}>
          Change the password
        </Button>
      </Box>
    </Block>
  );
}
