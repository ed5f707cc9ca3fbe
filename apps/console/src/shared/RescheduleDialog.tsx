import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from './api.ts';
import { Failure } from './Failure.tsx';
import { Loading } from './Loading.tsx';
import { inspectorsQueryOptions, moveTimesQueryOptions } from './queries.ts';
import { clockText, todayIn } from './time-text.ts';
import { officeClockAt } from '@scheduler/domain/office-clock';
import { bookedDate, isBookedTime, openingMonth } from '@scheduler/domain/booking-changes/move-calendar';
import { monthOf, monthTitle, monthWindow, shiftMonth } from '@scheduler/domain/months';
import { daysWithTimes, moveTeams, slotInstant, slotTimeText } from './move-times.ts';
import { useReschedule } from './order-changes.ts';

/** A policy refusal (inside the cut-off, over the limit): the office may move it anyway. */
const isPolicyRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'change_refused';

/**
 * Where a move from the schedule starts (issue 41's dispatch): the inspector whose column the
 * booking was dropped on or picked from "Move to…", and, for a drop, the day and the start
 * ("HH:MM" on the office's clock) with the zone's name on that day.
 */
export interface MovePreset {
  inspectorId: number;
  inspectorName: string;
  date: string;
  time?: { start: string; zone: string };
}

/** The dialog's title: the move asked ("Move to Sarah Chen, Tuesday, December 1st 2026, 10:00 AM EST?"), or the plain reschedule. */
export function moveTitle(preset: MovePreset | undefined): string {
  if (!preset) return 'Reschedule the inspection';
  if (!preset.time) return `Move to ${preset.inspectorName}`;
  return `Move to ${preset.inspectorName}, ${formatListDate(preset.date)}, ${clockText(preset.time.start)} ${preset.time.zone}?`;
}

/**
 * Reschedule: who inspects (the booking's own inspectors unless the office picks another: issue
 * 41), a month of days with that team's open times (the order's own length, cart and address),
 * each day's start times, then "Move it". Where the policy refuses, its reason shows with "Move it
 * anyway (override the policy)", which sends the same move with `override: true`.
 */
export function RescheduleDialog({
  open,
  onClose,
  onMoved,
  detail,
  companyKey,
  preset,
}: {
  open: boolean;
  onClose: () => void;
  onMoved: (when: string) => void;
  detail: ConsoleOrderDetail;
  companyKey: string;
  /** From the schedule: the inspector, day and time the move starts from (the picker still offers the rest). */
  preset?: MovePreset;
}) {
  const { view, order } = detail;
  const timeZone = view.office.time_zone;
  const [today] = useState(() => todayIn(timeZone));
  const firstMonth = monthOf(today);
  // The booking's own month and day, as the manage page opens (issue 41: not the earliest free day).
  const [month, setMonth] = useState(() =>
    preset && preset.date >= today ? monthOf(preset.date) : openingMonth(view.order.start, timeZone, today),
  );
  const ownDay = preset?.date ?? bookedDate(view.order.start, timeZone);
  const [day, setDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<AppointmentSlot | null>(null);
  const [alternatives, setAlternatives] = useState<AppointmentSlot[] | null>(null);
  const inspectors = useQuery({ ...inspectorsQueryOptions(companyKey), enabled: open });
  const teams = moveTeams(order.inspectors, inspectors.data?.inspectors ?? []);
  const ownKey = order.inspectors.map((inspector) => inspector.id).join(',');
  // The column picked is named alone (its id); when it is the booking's only inspector that is the own team's key.
  const [teamKey, setTeamKey] = useState(() => (preset ? String(preset.inspectorId) : ownKey));
  // The dropped time stands picked until the person picks anything else.
  const [presetStands, setPresetStands] = useState(Boolean(preset?.time));
  const own = teams[0];
  const team = teams.find((entry) => entry.key === teamKey) ?? own;
  const changesInspector = team !== undefined && team !== own;
  // A preset inspector is asked about once the office's inspectors are known, never the booking's own meanwhile.
  const awaitingTeam = teamKey !== ownKey && !teams.some((entry) => entry.key === teamKey) && inspectors.isPending;
  const times = useQuery({
    ...moveTimesQueryOptions(companyKey, order.id, monthWindow(month, today), team?.ids),
    enabled: open && !awaitingTeam,
  });
  const reschedule = useReschedule(companyKey, order.id);
  const days = daysWithTimes(alternatives ?? times.data ?? []);
  const openingDay = days.some((entry) => entry.date === ownDay) ? ownDay : (days[0]?.date ?? null);
  const shownDay = days.some((entry) => entry.date === day) ? day : openingDay;
  const daySlots = days.find((entry) => entry.date === shownDay)?.slots ?? [];
  const timesKnown = Boolean(alternatives ?? times.data);
  const presetSlot =
    presetStands && preset?.time
      ? (days
          .find((entry) => entry.date === preset.date)
          ?.slots.find((slot) => officeClockAt(timeZone, slot.timestamp * 1000).time === preset.time!.start) ?? null)
      : null;
  // A drop on a time the rules leave out (hours, time off, area, services, travel): the server's
  // own answer for that inspector says so; the person picks another of their times.
  const presetRefused = presetStands && timesKnown && !times.isFetching && presetSlot === null;
  const chosen = picked ?? presetSlot;
  // The booking's own time, with its own inspectors, is among the times (its rows are not busy to
  // it): shown, marked, not a move. With another inspector the same time is a move.
  const isCurrent = (slot: AppointmentSlot) => !changesInspector && isBookedTime(slot, view.order.start);
  const dayDetail = (slots: readonly AppointmentSlot[]) => {
    const others = slots.filter((slot) => !isCurrent(slot)).length;
    const count = `${others} time${others === 1 ? '' : 's'}`;
    if (others === slots.length) return count;
    return others === 0 ? 'Current time' : `Current time and ${others === 1 ? '1 other' : `${others} others`}`;
  };
  const ids = { days: useId(), times: useId(), team: useId() };
  const refusal = isPolicyRefusal(reschedule.error) ? reschedule.error : null;

  /** Another month or another inspector: a new list of times, nothing of the last one picked. */
  const startOver = () => {
    setPresetStands(false);
    setDay(null);
    setPicked(null);
    setAlternatives(null);
    reschedule.reset();
  };
  const goToMonth = (next: string) => {
    setMonth(next);
    startOver();
  };

  const move = (override: boolean) => {
    if (!chosen) return;
    reschedule.mutate(
      {
        start: slotInstant(chosen),
        from_start: view.order.start,
        override,
        ...(team ? { inspector_ids: team.ids } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.status === 'ok') onMoved(`${result.view.order.when.date}, ${result.view.order.when.time}`);
          else {
            // Taken meanwhile: the answer's alternatives replace the month's times.
            setAlternatives(result.appointments);
            setPicked(null);
            setPresetStands(false);
            setDay(null);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">{moveTitle(preset)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          Now: {view.order.when.date}, {view.order.when.time}
        </Typography>
        {teams.length > 0 && (
          <TextField
            select
            label="Inspector"
            value={team?.key ?? ''}
            onChange={(event) => {
              setTeamKey(event.target.value);
              startOver();
            }}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-describedby': ids.team } }}
            size="small"
            sx={{ mt: 1, mb: 1, minWidth: 240 }}
          >
            {teams.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {entry.label}
              </option>
            ))}
          </TextField>
        )}
        <Typography id={ids.team} aria-live="polite" sx={{ mb: 1, color: 'text.secondary' }}>
          {changesInspector && own ? `${team.names} would inspect instead of ${own.names}.` : ''}
        </Typography>
        {presetRefused && preset?.time && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {team?.names ?? preset.inspectorName} cannot take it at {clockText(preset.time.start)} {preset.time.zone} on{' '}
            {formatListDate(preset.date)}: their hours, time off, service area, the services they hold or the drive from
            their other inspections leave that time out. Pick one of their open times below.
          </Alert>
        )}
        {!view.reschedule.allowed && view.reschedule.reason && (
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            The client could not move it now: {view.reschedule.reason}
          </Alert>
        )}
        {alternatives ? (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            That time was just taken.{' '}
            {alternatives.length > 0
              ? 'These are the nearest free times:'
              : 'There are no other times near it: try another month.'}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Button
              onClick={() => goToMonth(shiftMonth(month, -1))}
              disabled={month <= firstMonth}
              aria-label="Previous month"
            >
              ‹ Previous
            </Button>
            <Typography component="h3" variant="h3" aria-live="polite">
              {monthTitle(month)}
            </Typography>
            <Button onClick={() => goToMonth(shiftMonth(month, 1))} aria-label="Next month">
              Next ›
            </Button>
          </Box>
        )}
        {!alternatives && times.isPending && <Loading label="Finding open times…" />}
        {!alternatives && times.isError && <Failure error={times.error} onRetry={() => void times.refetch()} />}
        {(alternatives ?? times.data) && days.length === 0 && !alternatives && (
          <Typography>No open times in {monthTitle(month)}.</Typography>
        )}
        {days.length > 0 && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Box>
              <Typography id={ids.days} sx={{ fontWeight: 650, mb: 1 }}>
                Day
              </Typography>
              <Box
                role="group"
                aria-labelledby={ids.days}
                sx={{ display: 'grid', gap: 0.5, maxHeight: 280, overflowY: 'auto' }}
              >
                {days.map((entry) => (
                  <ToggleButton
                    key={entry.date}
                    value={entry.date}
                    size="small"
                    selected={entry.date === shownDay}
                    onChange={() => {
                      setDay(entry.date);
                      setPicked(null);
                      setPresetStands(false);
                    }}
                    sx={{ justifyContent: 'space-between', textTransform: 'none' }}
                  >
                    <span>{formatListDate(entry.date)}</span>
                    <span>{dayDetail(entry.slots)}</span>
                  </ToggleButton>
                ))}
              </Box>
            </Box>
            <Box>
              <Typography id={ids.times} sx={{ fontWeight: 650, mb: 1 }}>
                Start time
              </Typography>
              <Box
                role="group"
                aria-labelledby={ids.times}
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 0.5 }}
              >
                {daySlots.map((slot) => (
                  <ToggleButton
                    key={slot.id}
                    value={slot.id}
                    size="small"
                    disabled={isCurrent(slot)}
                    selected={chosen?.timestamp === slot.timestamp}
                    onChange={() => {
                      setPicked(slot);
                      setPresetStands(false);
                      // A new time is a new question: the last refusal was about another.
                      reschedule.reset();
                    }}
                    sx={{ textTransform: 'none' }}
                  >
                    {slotTimeText(slot, timeZone)}
                    {isCurrent(slot) ? ' (current time)' : ''}
                  </ToggleButton>
                ))}
              </Box>
            </Box>
          </Box>
        )}
        {refusal && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {refusal.message}
          </Alert>
        )}
        {reschedule.isError && !refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failureText(reschedule.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        {refusal ? (
          <Button variant="contained" color="warning" disabled={reschedule.isPending} onClick={() => move(true)}>
            Move it anyway (override the policy)
          </Button>
        ) : (
          <Button variant="contained" disabled={!chosen || reschedule.isPending} onClick={() => move(false)}>
            {chosen
              ? `Move it to ${formatListDate(chosen.date)}, ${slotTimeText(chosen, timeZone)}${changesInspector ? ` with ${team.names}` : ''}`
              : 'Move it'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
