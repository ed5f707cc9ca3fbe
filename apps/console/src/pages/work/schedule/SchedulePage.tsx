import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { monthOf, monthTitle } from '@scheduler/domain/months';
import type { ConsoleBooking } from '@scheduler/contracts/console';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { scheduleQueryOptions } from '../../../shared/queries.ts';
import { todayIn, zoneNote } from '../../../shared/time-text.ts';
import { DayGrid } from './DayGrid.tsx';
import { GiveBackDialog, type OpenTimeOff } from './GiveBackDialog.tsx';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import type { MovePreset } from '../../../shared/RescheduleDialog.tsx';
import { scheduleWindow, stepDate, viewOf, zoneOn, type ScheduleView } from './schedule-layout.ts';
import type { Dispatch, HeldBooking } from './dispatch.ts';
import { DayMap } from './DayMap.tsx';
import { MonthGrid } from './MonthGrid.tsx';
import { ScheduleMoveDialog } from './ScheduleMoveDialog.tsx';
import { TimeOffDialog } from './TimeOffDialog.tsx';
import { WeekGrid } from './WeekGrid.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /console/{key}/schedule?date=&view=day|week|month&office=: the office's inspectors, their hours,
 * bookings and live holds (kept live by the company's event stream, app/use-schedule-events.ts);
 * the day's map below the day view.
 *
 * The grid is our own, not a calendar library's: what it draws is narrow (columns of inspectors,
 * spans already on the office's clock from the server, no recurrence), and a library would bring
 * its own date handling in the viewer's zone, its own styling beside MUI's, and tens of kilobytes,
 * to then be told to ignore the viewer's zone. Dragging a booking to another time or inspector is
 * the browser's own drag and drop, with Move to… for keyboards and phones (decision 0065).
 */
export default function SchedulePage() {
  const { companyKey, membership } = useCompany();
  const [params, setParams] = useSearchParams();
  const view: ScheduleView = viewOf(params.get('view'));
  const officeUuid = params.get('office');
  const requested = params.get('date');
  // Until the office's zone is known, "today" is the browser's; the Today button uses the office's.
  const date = requested && ISO_DATE.test(requested) ? requested : todayIn(undefined);
  const span = scheduleWindow(date, view);
  const schedule = useQuery(scheduleQueryOptions(companyKey, { ...span, officeUuid }));
  const timeZone = schedule.data?.office.time_zone;
  const [blocking, setBlocking] = useState(false);
  const [openTimeOff, setOpenTimeOff] = useState<OpenTimeOff | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ orderId: string; preset: MovePreset } | null>(null);
  const held = useRef<HeldBooking | null>(null);
  const data = schedule.data;
  // Only those who may move orders can drag or see Move to… (an inspector member cannot).
  const dispatch: Dispatch | undefined =
    data && memberCan(membership, 'orders.change')
      ? {
          targets: data.inspectors.map((inspector) => ({ id: inspector.id, name: inspector.name })),
          grab: (booking) => {
            held.current = booking;
          },
          held: () => held.current,
          move: (booking: ConsoleBooking, target, day, start) => {
            held.current = null;
            setMoving({
              orderId: booking.order_id,
              preset: {
                inspectorId: target.id,
                inspectorName: target.name,
                date: day,
                ...(start ? { time: { start, zone: zoneOn(data, day) } } : {}),
              },
            });
          },
        }
      : undefined;
  const blockButton = useRef<HTMLButtonElement>(null);
  // The block given back is gone from the grid: focus goes to a control that stays, once the
  // dialog has put it back where it was.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || openTimeOff) return;
    blockButton.current?.focus();
    setRefocus(false);
  }, [refocus, openTimeOff]);

  const search = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    return next;
  };
  const update = (changes: Record<string, string>) => setParams(search(changes));
  const heading = () => {
    if (view === 'day') return formatListDate(date);
    if (view === 'month') return monthTitle(monthOf(date));
    return `Week of ${formatListDate(data!.from)}`;
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <PageHeading>Schedule</PageHeading>
        {/* Any member blocks time (an inspector: only their own, which is all the form offers them). */}
        <Button
          ref={blockButton}
          variant="outlined"
          aria-haspopup="dialog"
          disabled={!schedule.data}
          onClick={() => setBlocking(true)}
        >
          Block time
        </Button>
      </Box>
      <ScheduleToolbar
        date={date}
        view={view}
        offices={schedule.data?.offices ?? []}
        officeUuid={officeUuid}
        onDate={(next) => update({ date: next })}
        onToday={() => update({ date: todayIn(timeZone) })}
        onStep={(direction) => update({ date: stepDate(date, view, direction) })}
        onView={(next) => update({ view: next })}
        onOffice={(uuid) => update({ office: uuid })}
      />
      {schedule.data && (
        <Typography component="h2" variant="h2" aria-live="polite" sx={{ mb: 0.5 }}>
          {heading()}
        </Typography>
      )}
      {schedule.data && (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          {schedule.data.office.name} · {zoneNote(schedule.data.zone_abbreviations)}
          {schedule.isFetching && ' · Updating…'}
        </Typography>
      )}
      {schedule.isPending && <Loading label="Loading the schedule…" />}
      {schedule.isError && <Failure error={schedule.error} onRetry={() => void schedule.refetch()} />}
      {data && view === 'day' && (
        <>
          <DayGrid
            schedule={data}
            date={data.dates[0] ?? date}
            companyKey={companyKey}
            onTimeOff={setOpenTimeOff}
            dispatch={dispatch}
          />
          <Box sx={{ mt: 3 }}>
            <DayMap schedule={data} date={data.dates[0] ?? date} />
          </Box>
        </>
      )}
      {data && view === 'week' && (
        <WeekGrid
          schedule={data}
          companyKey={companyKey}
          today={todayIn(timeZone)}
          onTimeOff={setOpenTimeOff}
          dispatch={dispatch}
        />
      )}
      {data && view === 'month' && (
        <MonthGrid
          schedule={data}
          month={monthOf(date)}
          today={todayIn(timeZone)}
          dayHref={(day) => `?${search({ date: day, view: 'day' }).toString()}`}
        />
      )}
      {moving && (
        <ScheduleMoveDialog
          companyKey={companyKey}
          orderId={moving.orderId}
          preset={moving.preset}
          onClose={() => setMoving(null)}
          onMoved={(when) => {
            setMoving(null);
            setDone(`The inspection is moved to ${when}.`);
          }}
        />
      )}
      {/* Mounted while open: each opening starts from the date shown. */}
      {blocking && schedule.data && (
        <TimeOffDialog
          companyKey={companyKey}
          membership={membership}
          schedule={schedule.data}
          date={date}
          onClose={() => setBlocking(false)}
          onBlocked={() => {
            setBlocking(false);
            setDone('The time is blocked.');
          }}
        />
      )}
      {openTimeOff && (
        <GiveBackDialog
          companyKey={companyKey}
          timeOff={openTimeOff}
          onClose={() => setOpenTimeOff(null)}
          onGivenBack={() => {
            setOpenTimeOff(null);
            setDone('The time is given back.');
            setRefocus(true);
          }}
        />
      )}
      <Snackbar open={done !== null} autoHideDuration={6000} onClose={() => setDone(null)}>
        <Alert severity="success" role="status" onClose={() => setDone(null)} sx={{ width: '100%' }}>
          {done}
        </Alert>
      </Snackbar>
    </>
  );
}
