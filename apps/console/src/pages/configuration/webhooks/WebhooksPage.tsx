import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '@scheduler/ui/api-error';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import {
  WEBHOOK_ENDPOINTS_MAX,
  webhookEndpointInputSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@scheduler/contracts/webhooks';
import { failureText } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { fieldProps } from '../../../shared/form.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { momentText } from '../../../shared/time-text.ts';
import {
  deliveriesQueryOptions,
  useDeleteEndpoint,
  useResend,
  useSaveEndpoint,
  useSecret,
  useSendTest,
  webhooksQueryOptions,
} from './webhooks-api.ts';

const TITLE = 'Webhooks';
const NEWEST_REFRESH_MS = 5_000;
type EventChoice = { type: WebhookEventType; description: string };

/**
 * /console/{key}/webhooks (owners and admins, issue 46): the company's webhook endpoints, the
 * events each is sent, its signing secret, and its delivery log with resends and a test event.
 */
export default function WebhooksPage() {
  const { companyKey, membership } = useCompany();
  const allowed = memberCan(membership, 'integrations.manage');
  const webhooks = useQuery({ ...webhooksQueryOptions(companyKey), enabled: allowed });

  let body;
  if (!allowed) body = <Typography>Only the company&apos;s owners and administrators manage its webhooks.</Typography>;
  else if (webhooks.isPending) body = <Loading label="Loading the webhooks…" />;
  else if (webhooks.isError) body = <Failure error={webhooks.error} onRetry={() => void webhooks.refetch()} />;
  else body = <Webhooks companyKey={companyKey} endpoints={webhooks.data.endpoints} events={webhooks.data.events} />;

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Tell your other systems (report writing, accounting, a CRM, Zapier) when a booking is made, moved, paid or
        cancelled. Each event is sent as a signed POST (Standard Webhooks) and retried for 3 days.
      </Typography>
      {body}
    </>
  );
}

type Editing = { kind: 'new' } | { kind: 'endpoint'; id: string } | null;

/** A REST hook's line: which key made it, and that revoking the key takes it away (decision 0104). */
export const madeByKeyText = (name: string) =>
  `Subscribed through the API key “${name}”: revoking that key deletes it.`;

function statusText(endpoint: WebhookEndpoint): string {
  if (endpoint.enabled) return endpoint.failing_since ? 'On (failing)' : 'On';
  if (endpoint.disabled_reason === 'gone') return 'Turned off: the receiver answered 410 Gone';
  if (endpoint.disabled_reason === 'failing') return 'Turned off: failing for 3 days';
  return 'Off';
}

/** A phone's width: the tables keep two columns (what it is, and its button) so that nothing hides past the edge. */
function usePhone(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}

/**
 * A wide table scrolls in its box rather than push the page sideways; relative, so the header's
 * hidden words stay inside it too.
 */
const TABLE_BOX = { overflowX: 'auto', position: 'relative' } as const;

function Webhooks({
  companyKey,
  endpoints,
  events,
}: {
  companyKey: string;
  endpoints: WebhookEndpoint[];
  events: EventChoice[];
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Where the keyboard's focus goes once the sections it was in are gone (a cancel, a delete) or replaced (an add).
  const [pendingFocus, setPendingFocus] = useState<'add' | 'saved' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const phone = usePhone();
  const current = editing?.kind === 'endpoint' ? (endpoints.find((e) => e.id === editing.id) ?? null) : null;
  const full = endpoints.length >= WEBHOOK_ENDPOINTS_MAX;

  useEffect(() => {
    if (pendingFocus === 'add') {
      addButton.current?.focus();
      setPendingFocus(null);
    }
    // The added endpoint shows once the list is read again: its form takes the focus as it mounts.
    if (pendingFocus === 'saved' && current) setPendingFocus(null);
  }, [pendingFocus, current]);

  return (
    <>
      <Box role="status">{notice && <Alert severity="success">{notice}</Alert>}</Box>
      <PageSection title="Endpoints">
        {endpoints.length === 0 ? (
          <Typography>No endpoints yet. Nothing is sent until one is added.</Typography>
        ) : (
          <Box sx={TABLE_BOX}>
            <Table size="small" aria-label="The webhook endpoints">
              <TableHead>
                <TableRow>
                  <TableCell>{phone ? 'Endpoint' : 'URL'}</TableCell>
                  {!phone && <TableCell>Events</TableCell>}
                  {!phone && <TableCell>Status</TableCell>}
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Open
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {endpoints.map((endpoint) => (
                  <TableRow key={endpoint.id} selected={editing?.kind === 'endpoint' && editing.id === endpoint.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {endpoint.url}
                      {endpoint.description && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {endpoint.description}
                        </Typography>
                      )}
                      {endpoint.made_by_key && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {madeByKeyText(endpoint.made_by_key.name)}
                        </Typography>
                      )}
                      {phone && (
                        <>
                          <Typography variant="body2">Events: {endpoint.events.join(', ')}</Typography>
                          <Typography variant="body2">Status: {statusText(endpoint)}</Typography>
                        </>
                      )}
                    </TableCell>
                    {!phone && <TableCell>{endpoint.events.join(', ')}</TableCell>}
                    {!phone && <TableCell>{statusText(endpoint)}</TableCell>}
                    <TableCell>
                      <Button
                        aria-label={`Open ${endpoint.url}`}
                        onClick={() => {
                          setNotice(null);
                          setEditing({ kind: 'endpoint', id: endpoint.id });
                        }}
                      >
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box>
          <Button
            ref={addButton}
            variant="outlined"
            disabled={full}
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'new' });
            }}
          >
            Add an endpoint
          </Button>
          {full && <FormHelperText>A company may have at most {WEBHOOK_ENDPOINTS_MAX} endpoints.</FormHelperText>}
        </Box>
      </PageSection>
      {editing?.kind === 'new' && (
        <EndpointForm
          key="new"
          companyKey={companyKey}
          endpoint={null}
          events={events}
          onDone={(saved, message) => {
            setNotice(message);
            setEditing(saved ? { kind: 'endpoint', id: saved.id } : null);
            setPendingFocus(saved ? 'saved' : 'add');
          }}
        />
      )}
      {current && (
        <>
          <EndpointForm
            key={current.id}
            companyKey={companyKey}
            endpoint={current}
            events={events}
            focusSubmit={pendingFocus === 'saved'}
            onDone={(_saved, message) => setNotice(message)}
          />
          <SecretSection key={`secret-${current.id}`} companyKey={companyKey} endpoint={current} />
          <DeliveryLog key={`log-${current.id}`} companyKey={companyKey} endpoint={current} />
          <DeleteSection
            companyKey={companyKey}
            endpoint={current}
            onDeleted={() => {
              setEditing(null);
              setNotice('The endpoint was deleted.');
              setPendingFocus('add');
            }}
          />
        </>
      )}
    </>
  );
}

interface EndpointValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

function EndpointForm({
  companyKey,
  endpoint,
  events,
  focusSubmit = false,
  onDone,
}: {
  companyKey: string;
  endpoint: WebhookEndpoint | null;
  events: EventChoice[];
  /** Focus the form's button as it shows: the one just pressed to add the endpoint was in its place. */
  focusSubmit?: boolean;
  onDone: (saved: WebhookEndpoint | null, message: string) => void;
}) {
  const save = useSaveEndpoint(companyKey);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSubmit) submitButton.current?.focus();
  }, [focusSubmit]);
  const form = useForm<EndpointValues>({
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const submit = form.handleSubmit((values) => {
    const checked = webhookEndpointInputSchema.safeParse({ ...values, url: values.url.trim() });
    if (!checked.success) {
      for (const [index, issue] of checked.error.issues.entries()) {
        const field = issue.path[0];
        if (field === 'url' || field === 'events' || field === 'description')
          form.setError(
            field,
            {
              message:
                field === 'url'
                  ? 'Enter the full address, starting with https://.'
                  : field === 'events'
                    ? 'Choose at least one event.'
                    : issue.message,
            },
            { shouldFocus: index === 0 },
          );
      }
      return;
    }
    save.mutate(
      { id: endpoint?.id ?? null, input: checked.data },
      {
        onSuccess: (saved) => onDone(saved, endpoint ? 'The endpoint was saved.' : 'The endpoint was added.'),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.field === 'url')
            form.setError('url', { message: error.message }, { shouldFocus: true });
        },
      },
    );
  });
  const refusal =
    save.error && !(save.error instanceof ApiError && save.error.status === 400 && save.error.field === 'url')
      ? failureText(save.error)
      : null;
  const eventsError = form.formState.errors.events?.message;

  return (
    <PageSection title={endpoint ? 'Endpoint' : 'New endpoint'}>
      <Box
        component="form"
        noValidate
        aria-label={endpoint ? 'Endpoint' : 'New endpoint'}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}
      >
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <TextField
          label="URL"
          fullWidth
          {...fieldProps(form, 'url', 'Where the events are sent: an https:// address of your receiver.')}
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
        <TextField label="Description" fullWidth {...fieldProps(form, 'description', 'For you: what receives it.')} />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <FormControl component="fieldset" error={typeof eventsError === 'string'}>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {events.map((event) => (
                  <FormControlLabel
                    key={event.type}
                    // The box beside the event's name, its description under both.
                    sx={{ alignItems: 'flex-start' }}
                    control={
                      <Checkbox
                        sx={{ mt: -1 }}
                        checked={field.value.includes(event.type)}
                        onChange={(_e, checked) =>
                          field.onChange(
                            checked ? [...field.value, event.type] : field.value.filter((type) => type !== event.type),
                          )
                        }
                        slotProps={{ input: { 'aria-describedby': `event-${event.type}` } }}
                      />
                    }
                    label={
                      <span>
                        <code>{event.type}</code>
                        <Typography
                          component="span"
                          id={`event-${event.type}`}
                          variant="body2"
                          sx={{ display: 'block', color: 'text.secondary' }}
                        >
                          {event.description}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </FormGroup>
              {eventsError && <FormHelperText>{eventsError}</FormHelperText>}
            </FormControl>
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, checked) => field.onChange(checked)} />}
              label="On: send events to it"
            />
          )}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button ref={submitButton} type="submit" variant="contained" disabled={save.isPending}>
            {endpoint ? 'Save the endpoint' : 'Add the endpoint'}
          </Button>
          {!endpoint && <Button onClick={() => onDone(null, '')}>Cancel</Button>}
        </Box>
      </Box>
    </PageSection>
  );
}

function SecretSection({ companyKey, endpoint }: { companyKey: string; endpoint: WebhookEndpoint }) {
  const secret = useSecret(companyKey);
  const [confirming, setConfirming] = useState(false);
  const shown = secret.data;
  return (
    <PageSection
      title="Signing secret"
      intro="Your receiver checks each message's webhook-signature header with this secret (Standard Webhooks)."
    >
      {secret.isError && <Alert severity="error">{failureText(secret.error)}</Alert>}
      {shown && (
        <TextField
          label="Secret"
          value={shown.secret}
          fullWidth
          // A phone shows the whole secret on two lines instead of cutting it off.
          multiline
          helperText={
            shown.previous_secret_expires_at
              ? `The previous secret also signs until ${momentText(shown.previous_secret_expires_at, Intl.DateTimeFormat().resolvedOptions().timeZone)}.`
              : 'Keep it private: whoever has it can sign messages as this company.'
          }
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, input: { sx: { fontFamily: 'monospace' } } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={secret.isPending}
          onClick={() => secret.mutate({ id: endpoint.id, rotate: false })}
        >
          Show the secret
        </Button>
        {/* Never disabled: the dialog gives the keyboard's focus back to it as the rotation starts. */}
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          Rotate the secret
        </Button>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="rotate-title">
        <DialogTitle id="rotate-title">Rotate the secret?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A new secret signs every message from now on. The current one signs them too for 24 hours, so that your
            receiver can switch over.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep the secret</Button>
          <Button
            // The page's button stays enabled for the focus to come back to: a second rotation waits here instead.
            disabled={secret.isPending}
            onClick={() => {
              setConfirming(false);
              secret.mutate({ id: endpoint.id, rotate: true });
            }}
          >
            Rotate
          </Button>
        </DialogActions>
      </Dialog>
    </PageSection>
  );
}

function DeliveryLog({ companyKey, endpoint }: { companyKey: string; endpoint: WebhookEndpoint }) {
  // The pages read so far, by the `before` of each (null: the newest).
  const [pages, setPages] = useState<Array<number | null>>([null]);
  const sendTest = useSendTest(companyKey);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <PageSection title="Delivery log" intro="What was sent to this endpoint, newest first, and what it answered.">
      <Box role="status">{notice && <Alert severity="success">{notice}</Alert>}</Box>
      {sendTest.isError && <Alert severity="error">{failureText(sendTest.error)}</Alert>}
      <Box>
        <Button
          variant="outlined"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => setNotice('A test event was queued: it shows here once sent.'),
            })
          }
        >
          Send a test event
        </Button>
      </Box>
      {pages.map((before, index) => (
        <DeliveryPage
          key={before ?? 'first'}
          companyKey={companyKey}
          endpoint={endpoint}
          before={before}
          last={index === pages.length - 1}
          onMore={(next) => setPages((all) => [...all, next])}
        />
      ))}
    </PageSection>
  );
}

function DeliveryPage({
  companyKey,
  endpoint,
  before,
  last,
  onMore,
}: {
  companyKey: string;
  endpoint: WebhookEndpoint;
  before: number | null;
  last: boolean;
  onMore: (before: number) => void;
}) {
  const phone = usePhone();
  // The newest page is read again while it is open: a test event or a retry shows without a reload.
  const page = useQuery({
    ...deliveriesQueryOptions(companyKey, endpoint.id, before),
    refetchInterval: before === null ? NEWEST_REFRESH_MS : false,
  });
  if (page.isPending) return <Loading label="Loading the deliveries…" />;
  if (page.isError) return <Failure error={page.error} onRetry={() => void page.refetch()} />;
  if (before === null && page.data.deliveries.length === 0) return <Typography>Nothing sent yet.</Typography>;
  return (
    <>
      <Box sx={TABLE_BOX}>
        <Table size="small" aria-label={before === null ? 'The deliveries' : 'Older deliveries'}>
          <TableHead>
            <TableRow>
              {phone ? (
                <TableCell>Delivery</TableCell>
              ) : (
                <>
                  <TableCell>Event</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Attempts</TableCell>
                  <TableCell>Time</TableCell>
                </>
              )}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Details
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.data.deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                companyKey={companyKey}
                endpoint={endpoint}
                delivery={delivery}
                phone={phone}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
      {last && page.data.next_before !== null && (
        <Box>
          <Button onClick={() => onMore(page.data.next_before!)}>Older deliveries</Button>
        </Box>
      )}
    </>
  );
}

function deliveryStatus(delivery: WebhookDelivery): string {
  const answer = delivery.response
    ? ` (HTTP ${delivery.response.status})`
    : delivery.outcome
      ? ` (${delivery.outcome})`
      : '';
  if (delivery.state === 'delivered') return `Delivered${answer}`;
  if (delivery.state === 'failed') return `Failed${answer}`;
  return delivery.attempts === 0 ? 'Queued' : `Retrying${answer}`;
}

const attemptsText = (attempts: number) => (attempts === 1 ? '1 attempt' : `${attempts} attempts`);

function DeliveryRow({
  companyKey,
  endpoint,
  delivery,
  phone,
}: {
  companyKey: string;
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
  phone: boolean;
}) {
  const [open, setOpen] = useState(false);
  const resend = useResend(companyKey);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = momentText(delivery.last_attempt_at ?? delivery.created_at, zone);
  const headers = (all: Record<string, string>) =>
    Object.entries(all)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
  return (
    <>
      <TableRow>
        {phone ? (
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <code>{delivery.event_type}</code>
            <Typography variant="body2">{deliveryStatus(delivery)}</Typography>
            <Typography variant="body2">{attemptsText(delivery.attempts)}</Typography>
            <Typography variant="body2">{time}</Typography>
          </TableCell>
        ) : (
          <>
            <TableCell>
              <code>{delivery.event_type}</code>
            </TableCell>
            <TableCell>{deliveryStatus(delivery)}</TableCell>
            <TableCell>{delivery.attempts}</TableCell>
            <TableCell>{time}</TableCell>
          </>
        )}
        <TableCell>
          {/* The visible words begin its name (WCAG 2.5.3); the delivery's number tells the rows apart. */}
          <Button aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide' : 'Show'}
            <Box component="span" sx={visuallyHidden}>
              {` details of delivery ${delivery.id}`}
            </Box>
          </Button>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={phone ? 2 : 5}>
            <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
              <Typography variant="body2">Event id: {delivery.event_id}</Typography>
              {delivery.next_attempt_at && (
                <Typography variant="body2">Next attempt: {momentText(delivery.next_attempt_at, zone)}</Typography>
              )}
              <Typography component="h3" variant="subtitle2">
                Request
              </Typography>
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
                {delivery.request
                  ? `${headers(delivery.request.headers)}\n\n${delivery.request.body}`
                  : 'Not sent yet.'}
              </Box>
              <Typography component="h3" variant="subtitle2">
                Response
              </Typography>
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
                {delivery.response
                  ? `HTTP ${delivery.response.status}\n${headers(delivery.response.headers)}\n\n${delivery.response.body}`
                  : (delivery.outcome ?? 'None yet.')}
              </Box>
              {resend.isError && <Alert severity="error">{failureText(resend.error)}</Alert>}
              {resend.isSuccess && <Alert severity="success">Queued to be sent again.</Alert>}
              <Box>
                <Button
                  variant="outlined"
                  disabled={resend.isPending || !endpoint.enabled}
                  onClick={() => resend.mutate({ id: endpoint.id, deliveryId: delivery.id })}
                >
                  Resend
                </Button>
              </Box>
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

function DeleteSection({
  companyKey,
  endpoint,
  onDeleted,
}: {
  companyKey: string;
  endpoint: WebhookEndpoint;
  onDeleted: () => void;
}) {
  const remove = useDeleteEndpoint(companyKey);
  const [confirming, setConfirming] = useState(false);
  return (
    <PageSection title="Delete">
      {remove.isError && <Alert severity="error">{failureText(remove.error)}</Alert>}
      <Box>
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
          Delete the endpoint
        </Button>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">Delete this endpoint?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            Nothing more is sent to {endpoint.url}, and its delivery log is deleted with it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep it</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              // Not mutate's own onSuccess: the deletion's refetched list no longer holds this
              // endpoint, so this section unmounts, and TanStack Query drops the callbacks of a
              // mutate whose component is gone: the notice and the focus were lost whenever the
              // list's update rendered first (a loaded machine's browser test). The promise is
              // kept either way; a failure shows through remove.isError above.
              remove.mutateAsync(endpoint.id).then(onDeleted, () => {});
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </PageSection>
  );
}
