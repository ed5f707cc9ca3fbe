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
import { failureText } from '../../../shared/api.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { inspectorsQueryOptions, moveTimesQueryOptions } from '../../../shared/queries.ts';
import { todayIn } from '../../../shared/time-text.ts';
import { bookedDate, isBookedTime, openingMonth } from '@scheduler/domain/booking-changes/move-calendar';
import { monthOf, monthTitle, monthWindow, shiftMonth } from '@scheduler/domain/months';
import { daysWithTimes, moveTeams, slotInstant, slotTimeText } from './move-times.ts';
import { useReschedule } from './order-api.ts';

/** A policy refusal (inside the cut-off, over the limit): the office may move it anyway. */
const isPolicyRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'change_refused';

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
}: {
  open: boolean;
  onClose: () => void;
  onMoved: (when: string) => void;
  detail: ConsoleOrderDetail;
  companyKey: string;
}) {
  const { view, order } = detail;
  const timeZone = view.office.time_zone;
  const [today] = useState(() => todayIn(timeZone));
  const firstMonth = monthOf(today);
  // The booking's own month and day, as the manage page opens (issue 41: not the earliest free day).
  const [month, setMonth] = useState(() => openingMonth(view.order.start, timeZone, today));
  const ownDay = bookedDate(view.order.start, timeZone);
  const [day, setDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<AppointmentSlot | null>(null);
  const [alternatives, setAlternatives] = useState<AppointmentSlot[] | null>(null);
  const inspectors = useQuery({ ...inspectorsQueryOptions(companyKey), enabled: open });
  const teams = moveTeams(order.inspectors, inspectors.data?.inspectors ?? []);
  const [teamKey, setTeamKey] = useState(() => order.inspectors.map((inspector) => inspector.id).join(','));
  const own = teams[0];
  const team = teams.find((entry) => entry.key === teamKey) ?? own;
  const changesInspector = team !== undefined && team !== own;
  const times = useQuery({
    ...moveTimesQueryOptions(companyKey, order.id, monthWindow(month, today), team?.ids),
    enabled: open,
  });
  const reschedule = useReschedule(companyKey, order.id);
  const days = daysWithTimes(alternatives ?? times.data ?? []);
  const openingDay = days.some((entry) => entry.date === ownDay) ? ownDay : (days[0]?.date ?? null);
  const shownDay = days.some((entry) => entry.date === day) ? day : openingDay;
  const daySlots = days.find((entry) => entry.date === shownDay)?.slots ?? [];
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
    if (!picked) return;
    reschedule.mutate(
      {
        start: slotInstant(picked),
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
            setDay(null);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">Reschedule the inspection</DialogTitle>
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
                    selected={picked?.timestamp === slot.timestamp}
                    onChange={() => {
                      setPicked(slot);
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
          <Button variant="contained" disabled={!picked || reschedule.isPending} onClick={() => move(false)}>
            {picked
              ? `Move it to ${formatListDate(picked.date)}, ${slotTimeText(picked, timeZone)}${changesInspector ? ` with ${team.names}` : ''}`
              : 'Move it'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
