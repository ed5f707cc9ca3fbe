import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { moveTimesQueryOptions } from '../../../shared/queries.ts';
import { todayIn } from '../../../shared/time-text.ts';
import { monthOf, monthTitle, monthWindow, shiftMonth } from '@scheduler/domain/months';
import { daysWithTimes, slotInstant, slotTimeText } from './move-times.ts';
import { useReschedule } from './order-api.ts';

/** A policy refusal (inside the cut-off, over the limit): the office may move it anyway. */
const isPolicyRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'change_refused';

/**
 * Reschedule: a month of days with open times (the order's own length, cart and address), each
 * day's start times, then "Move it". Where the policy refuses, its reason shows with "Move it
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
  const [month, setMonth] = useState(firstMonth);
  const [day, setDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<AppointmentSlot | null>(null);
  const [alternatives, setAlternatives] = useState<AppointmentSlot[] | null>(null);
  const times = useQuery({ ...moveTimesQueryOptions(companyKey, order.id, monthWindow(month, today)), enabled: open });
  const reschedule = useReschedule(companyKey, order.id);
  const days = daysWithTimes(alternatives ?? times.data ?? []);
  const daySlots = days.find((entry) => entry.date === day)?.slots ?? days[0]?.slots ?? [];
  const shownDay = days.some((entry) => entry.date === day) ? day : (days[0]?.date ?? null);
  const ids = { days: useId(), times: useId() };
  const refusal = isPolicyRefusal(reschedule.error) ? reschedule.error : null;

  const goToMonth = (next: string) => {
    setMonth(next);
    setDay(null);
    setPicked(null);
    setAlternatives(null);
    reschedule.reset();
  };

  const move = (override: boolean) => {
    if (!picked) return;
    reschedule.mutate(
      { start: slotInstant(picked), from_start: view.order.start, override },
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
                    <span>
                      {entry.slots.length} time{entry.slots.length === 1 ? '' : 's'}
                    </span>
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
                    selected={picked?.timestamp === slot.timestamp}
                    onChange={() => {
                      setPicked(slot);
                      // A new time is a new question: the last refusal was about another.
                      reschedule.reset();
                    }}
                    sx={{ textTransform: 'none' }}
                  >
                    {slotTimeText(slot, timeZone)}
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
            {picked ? `Move it to ${formatListDate(picked.date)}, ${slotTimeText(picked, timeZone)}` : 'Move it'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
