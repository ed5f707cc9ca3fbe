import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import type { ConsoleInspectorDay, ConsoleSchedule, ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import { clockText } from '../../../shared/time-text.ts';
import { BookingBlock, HoldBlock, TimeOffBlock } from './ScheduleBlocks.tsx';
import type { OpenTimeOff } from './GiveBackDialog.tsx';
import {
  HOUR_HEIGHT,
  dayRange,
  dropStart,
  hoursOf,
  inspectorOn,
  placeSpan,
  zoneOn,
  type MinuteRange,
} from './schedule-layout.ts';
import { dragStart, dropTarget, type Dispatch } from './dispatch.ts';
import { DispatchMenu } from './MoveToMenu.tsx';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { SidewaysScroll } from './SidewaysScroll.tsx';

const AXIS_WIDTH = 64;

/**
 * One day: a column per inspector, the hours down the side. Working hours are white on a grey
 * day, time off hatched, bookings solid and holds faded, each placed by its office-clock start and
 * end (local_start/local_end), so the grid reads the same wherever the viewer's computer is.
 * On a phone (an inspector in the field) one column shows at a time, chosen above it, so the page
 * never scrolls sideways.
 */
export function DayGrid({
  schedule,
  date,
  companyKey,
  onTimeOff,
  dispatch,
}: {
  schedule: ConsoleSchedule;
  date: string;
  companyKey: string;
  onTimeOff?: (timeOff: OpenTimeOff) => void;
  dispatch?: Dispatch;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const range = dayRange(schedule.inspectors, date);
  const height = ((range.end - range.start) / 60) * HOUR_HEIGHT;

  if (schedule.inspectors.length === 0) return <Typography>This office has no inspectors to show.</Typography>;
  const chosen = schedule.inspectors.find((inspector) => inspector.id === chosenId) ?? schedule.inspectors[0]!;
  const shown = phone ? [chosen] : schedule.inspectors;

  return (
    <>
      {phone && schedule.inspectors.length > 1 && (
        <TextField
          select
          fullWidth
          size="small"
          label="Inspector"
          value={chosen.id}
          onChange={(event) => setChosenId(Number(event.target.value))}
          sx={{ mb: 2 }}
        >
          {schedule.inspectors.map((inspector) => (
            <MenuItem key={inspector.id} value={inspector.id}>
              {inspector.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <SidewaysScroll label="The day's schedule, scrolling sideways">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `${AXIS_WIDTH}px repeat(${shown.length}, minmax(${phone ? 0 : 170}px, 1fr))`,
          }}
        >
          <Box aria-hidden="true" sx={{ borderBottom: 1, borderColor: 'divider' }} />
          {shown.map((inspector) => (
            <Typography
              key={inspector.id}
              component="h3"
              id={`inspector-${inspector.id}`}
              sx={{
                fontWeight: 650,
                p: 1,
                borderBottom: 1,
                borderLeft: 1,
                borderColor: 'divider',
                fontSize: '0.95rem',
              }}
            >
              {inspector.name}
            </Typography>
          ))}
          <TimeAxis range={range} height={height} />
          {shown.map((inspector) => (
            <InspectorColumn
              key={inspector.id}
              inspector={inspector}
              date={date}
              range={range}
              height={height}
              timeZone={schedule.office.time_zone}
              companyKey={companyKey}
              dispatch={dispatch}
              onTimeOff={
                onTimeOff &&
                ((span) => onTimeOff({ span, inspectorName: inspector.name, zone: zoneOn(schedule, date) }))
              }
            />
          ))}
        </Box>
      </SidewaysScroll>
    </>
  );
}

function TimeAxis({ range, height }: { range: MinuteRange; height: number }) {
  return (
    <Box aria-hidden="true" sx={{ position: 'relative', height }}>
      {hoursOf(range).map((hour) => (
        <Typography
          key={hour}
          sx={{
            position: 'absolute',
            top: ((hour * 60 - range.start) / 60) * HOUR_HEIGHT,
            right: 6,
            fontSize: '0.75rem',
            color: 'text.secondary',
            transform: 'translateY(-2px)',
          }}
        >
          {clockText(`${String(hour).padStart(2, '0')}:00`)}
        </Typography>
      ))}
    </Box>
  );
}

function InspectorColumn({
  inspector,
  date,
  range,
  height,
  timeZone,
  companyKey,
  onTimeOff,
  dispatch,
}: {
  inspector: ConsoleInspectorDay;
  date: string;
  range: MinuteRange;
  height: number;
  timeZone: string;
  companyKey: string;
  onTimeOff?: ((span: ConsoleTimeOffSpan) => void) | undefined;
  dispatch: Dispatch | undefined;
}) {
  const day = inspectorOn(inspector, date);
  // Where a span sits is data, not theme: an inline style (top and height in px), the rest in sx.
  const at = (span: { local_start: string; local_end: string }) => placeSpan(span.local_start, span.local_end, range);
  const PLACED = { position: 'absolute', left: 4, right: 4 } as const;
  const nothing = day.bookings.length === 0 && day.holds.length === 0;
  const target = { id: inspector.id, name: inspector.name };
  // The block's top lands where it was held from, not where the pointer is, on a quarter hour.
  const drop = dropTarget(dispatch, target, date, (event, held) =>
    dropStart(event.clientY - event.currentTarget.getBoundingClientRect().top - held.offsetY, range),
  );
  return (
    <Box
      component="section"
      aria-labelledby={`inspector-${inspector.id}`}
      {...drop}
      sx={{
        position: 'relative',
        height,
        borderLeft: 1,
        borderColor: 'divider',
        // Outside working hours: grey. Hour lines every HOUR_HEIGHT.
        bgcolor: '#e9edf1',
        backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_HEIGHT - 1}px, #d5dbe1 ${HOUR_HEIGHT - 1}px, #d5dbe1 ${HOUR_HEIGHT}px)`,
      }}
    >
      {day.workingHours.map((hours) => (
        <Box
          key={`${hours.local_start}-${hours.local_end}`}
          aria-hidden="true"
          data-testid="working-hours"
          style={at(hours)}
          sx={{ ...PLACED, left: 0, right: 0, bgcolor: 'rgba(255,255,255,0.9)' }}
        />
      ))}
      {day.workingHours.length === 0 && (
        <Typography sx={{ position: 'absolute', top: 8, left: 8, fontSize: '0.8rem', color: 'text.secondary' }}>
          Not working this day
        </Typography>
      )}
      {day.timeOff.map((span) => (
        <TimeOffBlock
          key={span.time_off_id}
          span={span}
          onOpen={onTimeOff && (() => onTimeOff(span))}
          style={at(span)}
          sx={PLACED}
        />
      ))}
      {/* In time order, so a screen reader reads the day as it runs. */}
      {[
        ...day.bookings.map((booking) => ({ kind: 'booking' as const, booking, start: booking.local_start })),
        ...day.holds.map((hold) => ({ kind: 'hold' as const, hold, start: hold.local_start })),
      ]
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((item) =>
          item.kind === 'booking' ? (
            <BookingBlock
              key={item.booking.order_id}
              booking={item.booking}
              companyKey={companyKey}
              style={at(item.booking)}
              sx={PLACED}
              onDragStart={dragStart(dispatch, item.booking, inspector.id)}
              menu={<DispatchMenu dispatch={dispatch} booking={item.booking} inspectorId={inspector.id} date={date} />}
            />
          ) : (
            <HoldBlock
              key={`${item.hold.start}-${item.hold.expires_at}`}
              hold={item.hold}
              timeZone={timeZone}
              style={at(item.hold)}
              sx={PLACED}
            />
          ),
        )}
      {nothing && day.workingHours.length > 0 && (
        <Typography component="p" style={visuallyHidden}>
          No bookings
        </Typography>
      )}
    </Box>
  );
}
