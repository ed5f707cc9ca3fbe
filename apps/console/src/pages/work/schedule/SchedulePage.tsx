import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { scheduleQueryOptions } from '../../../shared/queries.ts';
import { todayIn, zoneNote } from '../../../shared/time-text.ts';
import { DayGrid } from './DayGrid.tsx';
import { GiveBackDialog, type OpenTimeOff } from './GiveBackDialog.tsx';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import { scheduleWindow, stepDate, type ScheduleView } from './schedule-layout.ts';
import { TimeOffDialog } from './TimeOffDialog.tsx';
import { WeekGrid } from './WeekGrid.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /console/{key}/schedule?date=&view=day|week&office=: the office's inspectors, their hours,
 * bookings and live holds (kept live by the company's event stream, app/use-schedule-events.ts).
 *
 * The grid is our own, not a calendar library's: what it draws is narrow (columns of inspectors,
 * spans already on the office's clock from the server, no dragging or recurrence), and a library
 * would bring its own date handling in the viewer's zone, its own styling beside MUI's, and tens of
 * kilobytes, to then be told to ignore the viewer's zone.
 */
export default function SchedulePage() {
  const { companyKey, membership } = useCompany();
  const [params, setParams] = useSearchParams();
  const view: ScheduleView = params.get('view') === 'week' ? 'week' : 'day';
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
  const blockButton = useRef<HTMLButtonElement>(null);
  // The block given back is gone from the grid: focus goes to a control that stays, once the
  // dialog has put it back where it was.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || openTimeOff) return;
    blockButton.current?.focus();
    setRefocus(false);
  }, [refocus, openTimeOff]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    setParams(next);
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
          {view === 'day' ? formatListDate(date) : `Week of ${formatListDate(schedule.data.from)}`}
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
      {schedule.data &&
        (view === 'day' ? (
          <DayGrid
            schedule={schedule.data}
            date={schedule.data.dates[0] ?? date}
            companyKey={companyKey}
            onTimeOff={setOpenTimeOff}
          />
        ) : (
          <WeekGrid
            schedule={schedule.data}
            companyKey={companyKey}
            today={todayIn(timeZone)}
            onTimeOff={setOpenTimeOff}
          />
        ))}
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
