import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONSOLE_ROLES, consoleRoleSchema, type ConsoleRole } from '@scheduler/contracts/console';
import { authFailureText } from '../../../shared/auth-client.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { momentText } from '../../../shared/time-text.ts';
import {
  cancelInvitation,
  changeRole,
  invitationsQueryOptions,
  inviteMember,
  linkInspector,
  memberInspectorsQueryOptions,
  removeMember,
  ROLE_WORDS,
  useTeamChange,
} from './team-api.ts';
import { membersQueryOptions } from '../../../shared/team-members.ts';
import { failureText } from '../../../shared/api.ts';
import { inspectorsQueryOptions } from '../../../shared/queries.ts';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';

const asRole = (role: string): ConsoleRole => consoleRoleSchema.catch('inspector').parse(role);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, mb: 2, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /console/{key}/team (owner and admin): members and their roles, invitations by e-mail. */
export default function TeamPage() {
  const { companyKey, membership } = useCompany();
  if (!membership || !memberCan(membership, 'team.manage')) {
    return (
      <>
        <PageHeading>Team</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
      </>
    );
  }
  return (
    <>
      <PageHeading>Team</PageHeading>
      <Team
        companyKey={companyKey}
        organizationId={membership.organization_id}
        timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
      />
    </>
  );
}

function Team({
  companyKey,
  organizationId,
  timeZone,
}: {
  companyKey: string;
  organizationId: string;
  timeZone: string;
}) {
  const members = useQuery(membersQueryOptions(companyKey, organizationId));
  const invitations = useQuery(invitationsQueryOptions(companyKey, organizationId));
  const inspectorLinks = useQuery(memberInspectorsQueryOptions(companyKey));
  const inspectors = useQuery(inspectorsQueryOptions(companyKey));
  const roleChange = useTeamChange(companyKey, changeRole(organizationId));
  const inspectorChange = useTeamChange(companyKey, linkInspector(companyKey));
  const inspectorOf = (userId: string) =>
    inspectorLinks.data?.find((link) => link.user_id === userId)?.inspector_id ?? null;
  const removal = useTeamChange(companyKey, removeMember(organizationId));
  const cancellation = useTeamChange(companyKey, cancelInvitation);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const failure = roleChange.error ?? removal.error ?? cancellation.error;
  const inspectorFailure = inspectorChange.error;
  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');

  return (
    <>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {authFailureText(failure)}
        </Alert>
      )}
      {inspectorFailure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(inspectorFailure)}
        </Alert>
      )}
      <Block title="Members">
        {members.isPending && <Loading label="Loading the members…" />}
        {members.isError && <Alert severity="error">{authFailureText(members.error)}</Alert>}
        {members.data && (
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label="Members, scrolls sideways"
            sx={{ position: 'relative' }}
          >
            <Table size="small" aria-label="Members" sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Inspector</TableCell>
                  <TableCell>
                    <span style={visuallyHidden}>Remove</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.data.members.map((member) => (
                  <TableRow key={member.id}>
                    <TableCell>{member.user.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.user.email}</TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={asRole(member.role)}
                        disabled={roleChange.isPending}
                        onChange={(event) =>
                          roleChange.mutate({ memberId: member.id, role: asRole(event.target.value) })
                        }
                        slotProps={{ htmlInput: { 'aria-label': `Role of ${member.user.name}` } }}
                      >
                        {CONSOLE_ROLES.map((role) => (
                          <MenuItem key={role} value={role}>
                            {ROLE_WORDS[role]}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      {asRole(member.role) === 'inspector' ? (
                        <TextField
                          select
                          size="small"
                          value={String(inspectorOf(member.userId) ?? '')}
                          disabled={inspectorChange.isPending || !inspectorLinks.data || !inspectors.data}
                          onChange={(event) =>
                            inspectorChange.mutate({
                              userId: member.userId,
                              inspectorId: event.target.value ? Number(event.target.value) : null,
                            })
                          }
                          helperText={
                            inspectorOf(member.userId) === null
                              ? 'Choose who they are: until then they see no bookings.'
                              : undefined
                          }
                          slotProps={{
                            htmlInput: { 'aria-label': `Inspector ${member.user.name} is` },
                            select: { displayEmpty: true },
                          }}
                          sx={{ minWidth: 180 }}
                        >
                          <MenuItem value="">Not chosen</MenuItem>
                          {(inspectors.data?.inspectors ?? []).map((inspector) => (
                            <MenuItem key={inspector.id} value={String(inspector.id)}>
                              {inspector.name}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          —
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Button color="error" onClick={() => setRemoving({ id: member.id, name: member.user.name })}>
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Block>
      <Block title="Invite someone">
        <InviteForm companyKey={companyKey} organizationId={organizationId} />
      </Block>
      <Block title="Pending invitations">
        {invitations.isPending && <Loading label="Loading the invitations…" />}
        {invitations.isError && <Alert severity="error">{authFailureText(invitations.error)}</Alert>}
        {invitations.data && pending.length === 0 && <Typography>No invitations are waiting.</Typography>}
        {pending.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {pending.map((invitation) => (
              <Box
                component="li"
                key={invitation.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  justifyContent: 'space-between',
                }}
              >
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {invitation.email} · {ROLE_WORDS[asRole(invitation.role)]} · expires{' '}
                  {momentText(new Date(invitation.expiresAt).toISOString(), timeZone)}
                </Typography>
                <Button
                  onClick={() => cancellation.mutate(invitation.id)}
                  disabled={cancellation.isPending}
                  aria-label={`Cancel the invitation to ${invitation.email}`}
                >
                  Cancel
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </Block>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="remove-title">
        <DialogTitle id="remove-title">Remove {removing?.name}?</DialogTitle>
        <DialogContent>
          <Typography>They will no longer be able to open this company in the console.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Keep them</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (removing) removal.mutate(removing.id);
              setRemoving(null);
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter their e-mail address.')
    .email('Enter an e-mail address like name@example.com.'),
  role: consoleRoleSchema,
});

function InviteForm({ companyKey, organizationId }: { companyKey: string; organizationId: string }) {
  const invite = useTeamChange(companyKey, inviteMember(organizationId));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.infer<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'office' },
  });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        setSentTo(values.email);
        form.reset({ email: '', role: values.role });
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {sentTo && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          We have sent an invitation to {sentTo}.
        </Alert>
      )}
      {invite.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {authFailureText(invite.error)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
          alignItems: 'start',
        }}
      >
        <TextField label="E-mail address" type="email" size="small" required {...fieldProps(form, 'email')} />
        <TextField
          select
          label="Role"
          size="small"
          value={form.watch('role')}
          onChange={(event) => form.setValue('role', asRole(event.target.value))}
        >
          {CONSOLE_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {ROLE_WORDS[role]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ minHeight: 40 }}>
          Send the invitation
        </Button>
      </Box>
    </Box>
  );
}
