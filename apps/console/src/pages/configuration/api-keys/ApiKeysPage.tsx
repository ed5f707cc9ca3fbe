import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_TEXTS,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeySummary,
} from '@scheduler/contracts/public-api';
import { failureText } from '../../../shared/api.ts';
import { useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { useCopyField } from '../../../shared/copy-field.ts';
import { apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey } from './api-keys.ts';

const TITLE = 'API keys';

/**
 * A moment on the reader's own clock, its zone named ("Dec 1, 2026, 9:30 AM EST"): the keys belong
 * to no office, and a time with no zone is read against whichever clock the reader assumes.
 */
function whenText(instant: string | null, never = 'Never'): string {
  if (instant === null) return never;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/**
 * /console/{key}/api-keys (owner and admin): the company's keys for its other systems (the public
 * API, /api/v1): each key's name, its visible start, what it may do, who made it and when, when it
 * was last used; making one (shown once) and revoking one.
 */
export default function ApiKeysPage() {
  const { companyKey } = useCompany();
  const keys = useQuery(apiKeysQueryOptions(companyKey));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  return (
    <Box>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
        A key lets another system of yours (a report writer, a CRM, Zapier) read and change your orders and directory
        through the public API, as far as the key's permissions allow. Give each system its own key, and revoke a key
        you no longer use.
      </Typography>
      <PageSection title="Your keys">
        <Button ref={createButton} variant="contained" onClick={() => setCreating(true)} sx={{ mb: 2 }}>
          Create a key
        </Button>
        {keys.isPending ? (
          <Loading label="Loading the API keys…" />
        ) : keys.isError ? (
          <Failure error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.keys.length === 0 ? (
          <Typography>No keys yet.</Typography>
        ) : (
          <KeyTable keys={keys.data.keys} onRevoke={setRevoking} />
        )}
      </PageSection>
      {creating && (
        <CreateKeyDialog
          companyKey={companyKey}
          onClose={() => {
            setCreating(false);
            createButton.current?.focus();
          }}
        />
      )}
      {revoking && <RevokeKeyDialog companyKey={companyKey} apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Box>
  );
}

function KeyTable({ keys, onRevoke }: { keys: readonly ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key starts with</TableCell>
            <TableCell>May</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell sx={{ minWidth: 120, overflowWrap: 'break-word' }}>{key.name}</TableCell>
              <TableCell>
                <Box component="code" sx={{ fontSize: '0.875rem' }}>
                  {key.prefix}
                </Box>
              </TableCell>
              <TableCell>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {key.scopes.map((scope) => (
                    <li key={scope}>{API_KEY_SCOPE_TEXTS[scope]}</li>
                  ))}
                </Box>
              </TableCell>
              <TableCell>
                {whenText(key.created_at)}
                {key.created_by ? ` by ${key.created_by}` : ''}
              </TableCell>
              <TableCell>{whenText(key.last_used_at)}</TableCell>
              <TableCell>
                {key.revoked_at !== null ? (
                  `Revoked ${whenText(key.revoked_at)}`
                ) : (
                  <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface CreateValues {
  name: string;
  scopes: ApiKeyScope[];
}

/** Making a key: its name and permissions; then the key itself, this once, with a copy button. */
function CreateKeyDialog({ companyKey, onClose }: { companyKey: string; onClose: () => void }) {
  const titleId = useId();
  const create = useCreateApiKey(companyKey);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const form = useForm<CreateValues>({ defaultValues: { name: '', scopes: ['orders:read'] } });

  const submit = form.handleSubmit((values) => {
    const name = values.name.trim();
    if (name === '') return form.setError('name', { message: 'Please name the key.' }, { shouldFocus: true });
    if (name.length > API_KEY_NAME_MAX)
      return form.setError('name', { message: `At most ${API_KEY_NAME_MAX} characters.` }, { shouldFocus: true });
    if (values.scopes.length === 0) return form.setError('scopes', { message: 'Choose at least one permission.' });
    create.mutate({ name, scopes: values.scopes }, { onSuccess: setCreated });
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{created ? 'Your new key' : 'Create a key'}</DialogTitle>
      {created ? (
        <ShownOnce created={created} onClose={onClose} />
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label="Name"
              {...fieldProps(form, 'name', 'What the key is for, e.g. "Report writer"')}
              inputProps={{ maxLength: API_KEY_NAME_MAX }}
              autoFocus
            />
            <Controller
              control={form.control}
              name="scopes"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                  <FormLabel component="legend">What the key may do</FormLabel>
                  <FormGroup>
                    {API_KEY_SCOPES.map((scope) => (
                      <FormControlLabel
                        key={scope}
                        label={API_KEY_SCOPE_TEXTS[scope]}
                        control={
                          <Checkbox
                            checked={field.value.includes(scope)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? API_KEY_SCOPES.filter((each) => each === scope || field.value.includes(each))
                                  : field.value.filter((each) => each !== scope),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            {create.error && <Alert severity="error">{failureText(create.error)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create the key
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

function ShownOnce({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { field, copied, copy } = useCopyField();
  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">
          Copy this key now and keep it somewhere safe: you will not see it again. If it is lost, revoke it and create
          another.
        </Alert>
        <TextField
          label={`The key for ${created.key.name}`}
          value={created.secret}
          inputRef={field}
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void copy(created.secret)}>
            Copy the key
          </Button>
          <Typography role="status">
            {copied === true ? 'Copied.' : copied === false ? 'Your browser would not copy it: it is selected.' : ''}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

function RevokeKeyDialog({
  companyKey,
  apiKey,
  onClose,
}: {
  companyKey: string;
  apiKey: ApiKeySummary;
  onClose: () => void;
}) {
  const titleId = useId();
  const revoke = useRevokeApiKey(companyKey);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Revoke “{apiKey.name}”?</DialogTitle>
      <DialogContent>
        <Typography>
          Every system using the key starting <code>{apiKey.prefix}</code> is refused from its next request on. This
          cannot be undone.
        </Typography>
        {revoke.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureText(revoke.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep the key</Button>
        <Button
          color="error"
          variant="contained"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(apiKey.id, { onSuccess: onClose })}
        >
          Revoke the key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
