import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  calendarConnectionSchema,
  calendarConnectionsSchema,
  calendarConnectionWithCalendarsSchema,
  calendarOAuthStartSchema,
  CALENDAR_OAUTH_RESULTS,
  type CalendarConnection,
  type CalendarOAuthResult,
  type CalendarConnectionWithCalendars,
} from '@scheduler/contracts/calendar-sync';
import { callApi, companyApi, failureText } from '../api.ts';
import { fieldProps } from '../form.ts';
import { ageText, isStale, PROVIDER_NAME, statusText, UPDATES_TEXT } from './connection-text.ts';
import { calendarConnectionsKey as key, calendarConnectionsPath as path } from './connection-queries.ts';

const connectSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'The CalDAV address, starting with https://' }).max(2_000),
  username: z.string().trim().min(1, 'The user name there').max(320),
  password: z.string().min(1, 'An app password made for this').max(1_000),
});

/**
 * Whose calendars the section manages, which sets its words: the signed-in inspector's own
 * ("you"), or, for an owner or admin on the Inspectors page, the named inspector's.
 */
export type CalendarOwner = { kind: 'self' } | { kind: 'inspector'; name: string };

function wordsFor(owner: CalendarOwner) {
  if (owner.kind === 'self')
    return {
      intro:
        'Events in your own calendar keep the scheduler from offering those times, and every booking appears in it.',
      connectCaldav: 'Connect a CalDAV calendar',
      reconnectCaldav: 'Reconnect your CalDAV calendar',
      passwordHelp: 'Make one in your calendar account for this; it is kept encrypted.',
      busyLegend: 'Calendars that keep you busy',
      writeLabel: 'Calendar that takes your bookings',
      label: 'Calendar connections',
    };
  return {
    intro: `Events in ${owner.name}'s own calendar keep the scheduler from offering those times, and every booking appears in it.`,
    connectCaldav: `Connect ${owner.name}'s CalDAV calendar`,
    reconnectCaldav: `Reconnect ${owner.name}'s CalDAV calendar`,
    passwordHelp: `An app password ${owner.name} made in their calendar account for this; it is kept encrypted.`,
    busyLegend: `Calendars that keep ${owner.name} busy`,
    writeLabel: `Calendar that takes ${owner.name}'s bookings`,
    label: `Calendar connections of ${owner.name}`,
  };
}

/** What the OAuth callback's result (`?calendar=…&provider=…`) says, and whether it is good news. */
function resultMessage(
  result: CalendarOAuthResult,
  provider: string,
): { severity: 'success' | 'error' | 'info'; text: string } {
  const name = provider === 'microsoft' ? 'Microsoft 365' : 'Google Calendar';
  switch (result) {
    case 'connected':
      return { severity: 'success', text: `${name} connected. Its busy times are being read now.` };
    case 'denied':
      return { severity: 'info', text: `${name} was not connected: access was not granted.` };
    case 'refused':
      return { severity: 'error', text: `${name} refused the connection. Please try connecting again.` };
    case 'unavailable':
      return { severity: 'error', text: `${name} did not answer. Please try connecting again in a few minutes.` };
    case 'no_calendars':
      return { severity: 'error', text: `${name} has no calendar in this account to connect.` };
    case 'not_configured':
      return { severity: 'error', text: `${name} is not set up on this server.` };
    case 'forbidden':
      return { severity: 'error', text: `${name} was not connected: you may connect only your own calendar.` };
  }
}

const isResult = (value: string | null): value is CalendarOAuthResult =>
  (CALENDAR_OAUTH_RESULTS as readonly string[]).includes(value ?? '');

/**
 * An inspector's own calendars (issue 45, decisions 0089, 0090 and 0097): connect Google Calendar
 * or Microsoft 365 (through their consent pages, when the server offers them) or a CalDAV account
 * (iCloud, Fastmail, Nextcloud…), choose which calendars keep them busy and which takes their
 * bookings, see how fresh the busy times are and the last error, reconnect, disconnect (removing
 * the events the scheduler wrote there, unless asked not to). The inspector's Account page shows
 * their own; the Inspectors page shows an owner or admin any inspector's.
 */
export function CalendarConnections({
  companyKey,
  inspectorId,
  owner = { kind: 'self' },
  goTo = (url) => window.location.assign(url),
}: {
  companyKey: string;
  inspectorId: number;
  owner?: CalendarOwner;
  /** Sends the browser to the provider's consent page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const words = wordsFor(owner);
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('calendar');
  // On the Inspectors page the callback names the inspector it connected: only their section says how it went.
  const ours = owner.kind === 'self' || searchParams.get('inspector') === String(inspectorId);
  const result = ours && isResult(returned) ? resultMessage(returned, searchParams.get('provider') ?? '') : null;
  const startOAuth = useMutation({
    mutationFn: (provider: 'google' | 'microsoft') =>
      callApi(
        companyApi(companyKey, `/inspectors/${inspectorId}/calendar-connections/oauth/${provider}`),
        calendarOAuthStartSchema,
        { method: 'POST' },
      ),
    onSuccess: (answer) => goTo(answer.authorization_url),
  });
  const list = useQuery(
    queryOptions({
      queryKey: [...key(companyKey), inspectorId] as const,
      queryFn: ({ signal }) =>
        callApi(path(companyKey, `?inspector_id=${inspectorId}`), calendarConnectionsSchema, { signal }),
    }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: key(companyKey) });
  const [calendars, setCalendars] = useState<CalendarConnectionWithCalendars | null>(null);
  const [disconnecting, setDisconnecting] = useState<CalendarConnection | null>(null);
  const connect = useMutation({
    mutationFn: (input: z.infer<typeof connectSchema>) =>
      callApi(path(companyKey, '/caldav'), calendarConnectionWithCalendarsSchema, {
        method: 'POST',
        body: { inspector_id: inspectorId, ...input },
        answers: [201],
      }),
    onSuccess: async (connection) => {
      setCalendars(connection);
      form.reset({ url: form.getValues('url'), username: form.getValues('username'), password: '' });
      await refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: ({ id, removeEvents }: { id: string; removeEvents: boolean }) =>
      callApi(path(companyKey, `/${id}?remove_events=${removeEvents}`), z.null(), {
        method: 'DELETE',
        answers: [204],
      }),
    onSuccess: async () => {
      setCalendars(null);
      setDisconnecting(null);
      await refresh();
    },
  });
  const form = useForm<z.infer<typeof connectSchema>>({
    resolver: zodResolver(connectSchema),
    defaultValues: { url: '', username: '', password: '' },
  });
  const onSubmit = form.handleSubmit((input) => connect.mutate(input));
  const connections = list.data?.connections ?? [];
  // A provider already connected is reconnected from its own row (when it asks to be).
  const toConnect = (list.data?.offered_providers ?? []).filter((p) => !connections.some((c) => c.provider === p));
  const now = Date.now();

  return (
    <Paper component="section" variant="outlined" aria-label={words.label} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Calendar connections
      </Typography>
      <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>{words.intro}</Typography>
      {result && (
        <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
          {result.text}
        </Alert>
      )}
      {startOAuth.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(startOAuth.error)}
        </Alert>
      )}
      {list.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(list.error)}
        </Alert>
      )}
      {disconnect.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(disconnect.error)}
        </Alert>
      )}
      {list.isSuccess && connections.length === 0 && <Typography sx={{ mb: 2 }}>No calendar connected.</Typography>}
      {connections.map((connection) => (
        <Box key={connection.id} sx={{ mb: 2, display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {PROVIDER_NAME[connection.provider]}: {connection.account_label}
          </Typography>
          <Typography role="status">{statusText(connection)}</Typography>
          <Typography sx={{ color: isStale(connection, now) ? 'text.primary' : 'text.secondary' }}>
            {isStale(connection, now) && connection.last_synced_at !== null ? 'Out of date: ' : ''}
            {ageText(connection.last_synced_at, now)}
          </Typography>
          {connection.updates && (
            <Typography sx={{ color: 'text.secondary' }}>{UPDATES_TEXT[connection.updates]}</Typography>
          )}
          {connection.last_error_code !== null && (
            <Typography sx={{ color: 'text.secondary' }}>Last error: {connection.last_error_code}</Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {connection.status === 'reconnect' && connection.provider !== 'caldav' && (
              <Button
                variant="contained"
                onClick={() => startOAuth.mutate(connection.provider as 'google' | 'microsoft')}
                disabled={startOAuth.isPending}
              >
                Reconnect {PROVIDER_NAME[connection.provider]}
              </Button>
            )}
            <Button
              variant="outlined"
              onClick={() =>
                void callApi(path(companyKey, `/${connection.id}/calendars`), calendarConnectionWithCalendarsSchema)
                  .then(setCalendars)
                  .catch(() => refresh())
              }
            >
              Choose calendars
            </Button>
            <Button color="error" onClick={() => setDisconnecting(connection)} disabled={disconnect.isPending}>
              Disconnect
            </Button>
          </Box>
        </Box>
      ))}
      <DisconnectDialog
        connection={disconnecting}
        busy={disconnect.isPending}
        onClose={() => setDisconnecting(null)}
        onDisconnect={(removeEvents) => disconnecting && disconnect.mutate({ id: disconnecting.id, removeEvents })}
      />
      {calendars && (
        <CalendarChoice
          companyKey={companyKey}
          connection={calendars}
          words={words}
          onSaved={async () => {
            setCalendars(null);
            await refresh();
          }}
        />
      )}
      {toConnect.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {toConnect.map((provider) => (
            <Button
              key={provider}
              variant="outlined"
              onClick={() => startOAuth.mutate(provider)}
              disabled={startOAuth.isPending}
            >
              Connect {PROVIDER_NAME[provider]}
            </Button>
          ))}
        </Box>
      )}
      <Typography variant="h3" sx={{ mt: 1, mb: 1 }}>
        {connections.some((c) => c.provider === 'caldav') ? words.reconnectCaldav : words.connectCaldav}
      </Typography>
      {connect.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(connect.error)}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          size="small"
          label="CalDAV address"
          type="url"
          required
          {...fieldProps(form, 'url', 'For example https://caldav.fastmail.com/ or https://caldav.icloud.com/')}
        />
        <TextField size="small" label="User name" autoComplete="off" required {...fieldProps(form, 'username')} />
        <TextField
          size="small"
          label="App password"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'password', words.passwordHelp)}
        />
        <Button type="submit" variant="contained" disabled={connect.isPending} sx={{ justifySelf: 'start' }}>
          Connect
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * "Disconnect …?" with "Remove the events we added" (on unless turned off): the bookings the
 * scheduler wrote into that calendar are deleted after the disconnect, and nothing else there.
 */
function DisconnectDialog({
  connection,
  busy,
  onClose,
  onDisconnect,
}: {
  connection: CalendarConnection | null;
  busy: boolean;
  onClose: () => void;
  onDisconnect: (removeEvents: boolean) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [removeEvents, setRemoveEvents] = useState(true);
  const name = connection ? PROVIDER_NAME[connection.provider] : '';
  return (
    <Dialog
      open={connection !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      TransitionProps={{ onExited: () => setRemoveEvents(true) }}
    >
      <DialogTitle id={titleId}>Disconnect {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Its busy times stop counting and new bookings no longer appear there. The stored password or access is
          deleted.
        </DialogContentText>
        <FormControlLabel
          sx={{ mt: 1 }}
          label="Remove the events we added"
          control={<Checkbox checked={removeEvents} onChange={(event) => setRemoveEvents(event.target.checked)} />}
        />
        <Typography sx={{ color: 'text.secondary' }}>
          {removeEvents
            ? 'The bookings the scheduler wrote into this calendar are deleted from it within a few minutes; nothing else there is touched.'
            : 'The bookings already written stay in the calendar, and no longer follow changes.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep it connected</Button>
        <Button variant="contained" color="error" onClick={() => onDisconnect(removeEvents)} disabled={busy}>
          Disconnect
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CalendarChoice({
  companyKey,
  connection,
  words,
  onSaved,
}: {
  companyKey: string;
  connection: CalendarConnectionWithCalendars;
  words: ReturnType<typeof wordsFor>;
  onSaved: () => Promise<void>;
}) {
  const [busy, setBusy] = useState<string[]>(connection.busy_calendar_ids);
  const [write, setWrite] = useState<string>(connection.write_calendar_id ?? '');
  const save = useMutation({
    mutationFn: () =>
      callApi(path(companyKey, `/${connection.id}`), calendarConnectionSchema, {
        method: 'PUT',
        body: { busy_calendar_ids: busy, write_calendar_id: write === '' ? null : write },
      }),
    onSuccess: onSaved,
  });
  const changesWrite = write !== '' && write !== (connection.write_calendar_id ?? '');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
      <Typography component="legend" sx={{ fontWeight: 600 }}>
        {words.busyLegend}
      </Typography>
      {connection.calendars.map((calendar) => (
        <FormControlLabel
          key={calendar.id}
          label={calendar.name}
          control={
            <Checkbox
              checked={busy.includes(calendar.id)}
              onChange={(event) =>
                setBusy((now) =>
                  event.target.checked ? [...now, calendar.id] : now.filter((id) => id !== calendar.id),
                )
              }
            />
          }
        />
      ))}
      <TextField
        select
        size="small"
        label={words.writeLabel}
        value={write}
        onChange={(event) => setWrite(event.target.value)}
        helperText={changesWrite ? 'Upcoming bookings already made are written there too, a few at a time.' : undefined}
      >
        <MenuItem value="">None</MenuItem>
        {connection.calendars
          .filter((calendar) => calendar.writable)
          .map((calendar) => (
            <MenuItem key={calendar.id} value={calendar.id}>
              {calendar.name}
            </MenuItem>
          ))}
      </TextField>
      {save.isError && (
        <Alert severity="error" role="alert">
          {failureText(save.error)}
        </Alert>
      )}
      <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} sx={{ justifySelf: 'start' }}>
        Save the calendars
      </Button>
    </Box>
  );
}
