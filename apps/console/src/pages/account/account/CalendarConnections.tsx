import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { callApi, companyApi, failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { consoleKeys } from '../../../shared/queries.ts';

const key = (companyKey: string) => [...consoleKeys.company(companyKey), 'calendar-connections'] as const;
const path = (companyKey: string, rest = '') => companyApi(companyKey, `/calendar-connections${rest}`);

const connectSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'The CalDAV address, starting with https://' }).max(2_000),
  username: z.string().trim().min(1, 'Your user name there').max(320),
  password: z.string().min(1, 'An app password made for this').max(1_000),
});

const STATUS_TEXT: Record<CalendarConnection['status'], string> = {
  active: 'Connected',
  reconnect: 'Reconnect needed: the calendar refused the password',
  failing: 'Failing: the calendar server does not answer; the busy times last read still count',
};

const PROVIDER_NAME: Record<CalendarConnection['provider'], string> = {
  caldav: 'CalDAV',
  google: 'Google Calendar',
  microsoft: 'Microsoft 365',
};

/** How the busy times are kept fresh (decision 0096). */
const UPDATES_TEXT: Record<NonNullable<CalendarConnection['updates']>, string> = {
  push: 'Changes arrive as they are made (and are read every 5 minutes besides)',
  polling: 'Read every minute',
  polling_public_url_not_https:
    "Read every minute: instant updates need the scheduler's public address (PUBLIC_URL) on https",
};

/** A connection's state in words; an OAuth grant is withdrawn rather than a password refused. */
function statusText(connection: CalendarConnection): string {
  if (connection.status === 'reconnect' && connection.provider !== 'caldav')
    return `Reconnect needed: ${PROVIDER_NAME[connection.provider]} no longer lets the scheduler in (access withdrawn or expired)`;
  return STATUS_TEXT[connection.status];
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

/** How long ago busy times were read, in words ("2 minutes ago"). */
function ageText(at: string | null, now: number): string {
  if (at === null) return 'Not read yet';
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 1) return 'Busy times read less than a minute ago';
  if (minutes < 120) return `Busy times read ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return `Busy times read ${Math.round(minutes / 60)} hours ago`;
}

/**
 * The inspector's own calendars (issue 45, decisions 0089 and 0090): connect Google Calendar or
 * Microsoft 365 (through their consent pages, when the server offers them) or a CalDAV account
 * (iCloud, Fastmail, Nextcloud…), choose which calendars keep them busy and which takes their bookings,
 * see how fresh the busy times are, reconnect, disconnect.
 */
export function CalendarConnections({
  companyKey,
  inspectorId,
  goTo = (url) => window.location.assign(url),
}: {
  companyKey: string;
  inspectorId: number;
  /** Sends the browser to the provider's consent page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('calendar');
  const result = isResult(returned) ? resultMessage(returned, searchParams.get('provider') ?? '') : null;
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
    mutationFn: (id: string) => callApi(path(companyKey, `/${id}`), z.null(), { method: 'DELETE', answers: [204] }),
    onSuccess: async () => {
      setCalendars(null);
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
    <Paper
      component="section"
      variant="outlined"
      aria-label="Calendar connections"
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Calendar connections
      </Typography>
      <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
        Events in your own calendar keep the scheduler from offering those times, and every booking appears in it.
      </Typography>
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
      {connections.map((connection) => (
        <Box key={connection.id} sx={{ mb: 2, display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {PROVIDER_NAME[connection.provider]}: {connection.account_label}
          </Typography>
          <Typography role="status">{statusText(connection)}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{ageText(connection.last_synced_at, now)}</Typography>
          {connection.updates && (
            <Typography sx={{ color: 'text.secondary' }}>{UPDATES_TEXT[connection.updates]}</Typography>
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
            <Button color="error" onClick={() => disconnect.mutate(connection.id)} disabled={disconnect.isPending}>
              Disconnect
            </Button>
          </Box>
        </Box>
      ))}
      {calendars && (
        <CalendarChoice
          companyKey={companyKey}
          connection={calendars}
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
        {connections.some((c) => c.provider === 'caldav')
          ? 'Reconnect your CalDAV calendar'
          : 'Connect a CalDAV calendar'}
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
          {...fieldProps(form, 'password', 'Make one in your calendar account for this; it is kept encrypted.')}
        />
        <Button type="submit" variant="contained" disabled={connect.isPending} sx={{ justifySelf: 'start' }}>
          Connect
        </Button>
      </Box>
    </Paper>
  );
}

function CalendarChoice({
  companyKey,
  connection,
  onSaved,
}: {
  companyKey: string;
  connection: CalendarConnectionWithCalendars;
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
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
      <Typography component="legend" sx={{ fontWeight: 600 }}>
        Calendars that keep you busy
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
        label="Calendar that takes your bookings"
        value={write}
        onChange={(event) => setWrite(event.target.value)}
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
