import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useId, useState } from 'react';
import type { ConsoleInspectorDay } from '@scheduler/contracts/console';
import { officeHoldResponseSchema } from '@scheduler/contracts/scheduling';
import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { joinNames } from '@scheduler/domain/scheduling-text';
import { failureText } from '../../../shared/api.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { scheduleQueryOptions } from '../../../shared/queries.ts';
import { clockText, momentText, zoneNote } from '../../../shared/time-text.ts';
import { START_TIMES, startState, type StartState } from './book-form.ts';
import { bookKeys, orderQueryOptions, wizardCall, type PhoneSession } from './wizard-api.ts';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Pick {
  inspector: { id: number; name: string };
  minutes: number;
}

/** One inspector's column on the day: hours, time off and bookings in words, then the start times to pick. */
function InspectorColumn({
  inspector,
  date,
  disabled,
  onPick,
}: {
  inspector: ConsoleInspectorDay;
  date: string;
  disabled: boolean;
  onPick: (pick: Pick) => void;
}) {
  const id = useId();
  const hours = inspector.working_hours.filter((span) => span.local_date === date);
  const spans = (list: ReadonlyArray<{ local_date: string; local_start: string; local_end: string }>) =>
    list
      .filter((span) => span.local_date === date)
      .map((span) => `${clockText(span.local_start)} – ${clockText(span.local_end)}`);
  const off = spans(inspector.time_off);
  const booked = spans([...inspector.bookings, ...inspector.holds]);
  const look: Record<Exclude<StartState, 'booked'>, 'outlined' | 'text'> = {
    free: 'outlined',
    outside: 'text',
    off: 'text',
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 1.5, minWidth: 0 }}>
      <Typography component="h3" variant="h3" id={id} sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {inspector.name}
      </Typography>
      <Typography variant="body2">
        {hours.length > 0 ? `Works ${spans(hours).join(', ')}` : 'Not working this day'}
      </Typography>
      {off.length > 0 && <Typography variant="body2">Time off: {off.join(', ')}</Typography>}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {booked.length > 0 ? `Booked: ${booked.join(', ')}` : 'Nothing booked'}
      </Typography>
      <Box
        role="group"
        aria-label={`Start times for ${inspector.name}`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {START_TIMES.map((minutes) => {
          const state = startState(inspector, date, minutes);
          return (
            <Button
              key={minutes}
              size="small"
              variant={state === 'booked' ? 'text' : look[state]}
              color={state === 'free' ? 'primary' : 'inherit'}
              disabled={disabled || state === 'booked'}
              title={
                state === 'free'
                  ? undefined
                  : { outside: 'Outside the working hours', off: 'Time off', booked: 'Booked' }[state]
              }
              onClick={() => onPick({ inspector, minutes })}
              sx={{ minWidth: 76, minHeight: 36 }}
            >
              {clockText(hhmm(minutes))}
            </Button>
          );
        })}
      </Box>
    </Paper>
  );
}

/**
 * The time (decision 0072): the office's inspectors side by side for a day, each start time a
 * button. Picking one asks the wizard's office hold; what a visitor could not book (outside the
 * hours, time off, outside the area, too soon) comes back as warnings the office may accept.
 */
export const TimeSection = memo(function TimeSection({
  session,
  timeZone,
  ready,
  error,
  onHeld,
}: {
  session: PhoneSession;
  timeZone: string;
  /** The address checked and a service chosen: the time's length and the area warnings depend on them. */
  ready: boolean;
  error?: string;
  onHeld: () => void;
}) {
  const queryClient = useQueryClient();
  const order = useQuery(orderQueryOptions(session));
  const [date, setDate] = useState(() => ZonedCalendar.of(timeZone).localDateOf(Date.now() + 86_400_000));
  const schedule = useQuery({
    ...scheduleQueryOptions(session.companyKey, { from: date, days: 1, officeUuid: session.officeUuid }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const [warned, setWarned] = useState<(Pick & { warnings: string[] }) | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hold = useMutation({
    mutationFn: async ({ pick, accept }: { pick: Pick; accept: boolean }) => {
      const instant = ZonedCalendar.of(timeZone).toInstant(date, pick.minutes);
      if (instant === null) return { pick, answer: null };
      const answer = await wizardCall(session, 'json/online_scheduler/office_hold', officeHoldResponseSchema, {
        body: { datetime: new Date(instant).toISOString(), inspectors: [pick.inspector.id], accept_warnings: accept },
        answers: [200, 409],
      });
      return { pick, answer };
    },
    onMutate: () => {
      setRefusal(null);
      setWarned(null);
    },
    onSuccess: async ({ pick, answer }) => {
      const at = `${clockText(hhmm(pick.minutes))} on ${date}`;
      if (answer === null)
        return setRefusal(`${at} does not exist on the office's clock (the clocks change). Pick another time.`);
      if (answer.status === 'warnings') return setWarned({ ...pick, warnings: answer.warnings });
      if (answer.status === 'unavailable') {
        const busy = joinNames(answer.busy_inspectors.map((inspector) => inspector.name)) || pick.inspector.name;
        void queryClient.invalidateQueries({
          queryKey: scheduleQueryOptions(session.companyKey, { from: date, days: 1, officeUuid: session.officeUuid })
            .queryKey,
        });
        return setRefusal(`${busy} is booked at ${at}. Pick another time.`);
      }
      await queryClient.invalidateQueries({ queryKey: bookKeys.ofSession(session, 'order') });
      onHeld();
    },
    onError: (failure) => setRefusal(failureText(failure)),
  });

  const held = order.data?.datetime ? order.data : null;
  const heldNames = held
    ? joinNames(
        held.inspectors.map(
          (inspector) =>
            schedule.data?.inspectors.find((candidate) => candidate.id === inspector.id)?.name ?? `#${inspector.id}`,
        ),
      )
    : '';
  const problem = refusal ?? error;

  return (
    <PageSection
      title="Time"
      intro={`Pick a start time in an inspector's column. ${schedule.data ? zoneNote(schedule.data.zone_abbreviations) : ''}`.trim()}
    >
      <TextField
        label="Date"
        type="date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 220 }}
      />
      {held && (
        <Alert severity={held.services_changed ? 'warning' : 'success'} role="status">
          {held.services_changed
            ? `The services changed since the time was held (${momentText(held.datetime!, timeZone)}): pick the time again.`
            : `Held: ${momentText(held.datetime!, timeZone)} with ${heldNames}.`}
        </Alert>
      )}
      {!ready && (
        <Alert severity="info">
          Check the address and choose the services first: the time's length and the area warnings depend on them.
        </Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {warned && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Button color="inherit" variant="outlined" onClick={() => hold.mutate({ pick: warned, accept: true })}>
                Book it anyway
              </Button>
              <Button color="inherit" onClick={() => setWarned(null)}>
                Pick another time
              </Button>
            </Box>
          }
        >
          <AlertTitle>A visitor could not book this time:</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {warned.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Box>
        </Alert>
      )}
      {schedule.isPending ? (
        <Loading label="Loading the inspectors' day…" />
      ) : schedule.isError ? (
        <Failure error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 230px), 1fr))' }}>
          {schedule.data.inspectors.map((inspector) => (
            <InspectorColumn
              key={inspector.id}
              inspector={inspector}
              date={date}
              disabled={!ready || hold.isPending}
              onPick={(pick) => hold.mutate({ pick, accept: false })}
            />
          ))}
        </Box>
      )}
    </PageSection>
  );
});
