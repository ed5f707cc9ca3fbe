import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ConsoleSchedule } from '@scheduler/contracts/console';
import { shortDateText } from '../../../shared/time-text.ts';
import { BookingBlock, HoldBlock, spanText, TimeOffBlock } from './ScheduleBlocks.tsx';
import type { OpenTimeOff } from './GiveBackDialog.tsx';
import { inspectorOn, zoneOn } from './schedule-layout.ts';
import { dragStart, dropTarget, type Dispatch } from './dispatch.ts';
import { DispatchMenu } from './MoveToMenu.tsx';
import { SidewaysScroll } from './SidewaysScroll.tsx';

/**
 * A week: a row per inspector and a column per day. A day's cell lists its working hours, time
 * off, bookings and holds in time order: at a week's width, a time axis would leave each booking
 * a sliver too thin to read. Wider than a phone, so it scrolls inside its own box.
 */
export function WeekGrid({
  schedule,
  companyKey,
  today,
  onTimeOff,
  dispatch,
}: {
  schedule: ConsoleSchedule;
  companyKey: string;
  today: string;
  onTimeOff?: (timeOff: OpenTimeOff) => void;
  dispatch?: Dispatch;
}) {
  if (schedule.inspectors.length === 0) return <Typography>This office has no inspectors to show.</Typography>;
  const columns = `minmax(120px, 0.8fr) repeat(${schedule.dates.length}, minmax(130px, 1fr))`;
  return (
    <SidewaysScroll label="The week's schedule, scrolling sideways">
      <Box
        role="table"
        aria-label="The week's schedule"
        sx={{ display: 'grid', gridTemplateColumns: columns, minWidth: 900 }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Typography role="columnheader" sx={{ p: 1, fontWeight: 650, borderBottom: 1, borderColor: 'divider' }}>
            Inspector
          </Typography>
          {schedule.dates.map((date) => (
            <Typography
              key={date}
              role="columnheader"
              aria-current={date === today ? 'date' : undefined}
              sx={{
                p: 1,
                fontWeight: 650,
                borderBottom: 1,
                borderLeft: 1,
                borderColor: 'divider',
                bgcolor: date === today ? '#e3eefa' : undefined,
              }}
            >
              {shortDateText(date)}
            </Typography>
          ))}
        </Box>
        {schedule.inspectors.map((inspector) => (
          <Box key={inspector.id} role="row" sx={{ display: 'contents' }}>
            <Typography role="rowheader" sx={{ p: 1, fontWeight: 650, borderBottom: 1, borderColor: 'divider' }}>
              {inspector.name}
            </Typography>
            {schedule.dates.map((date) => {
              const day = inspectorOn(inspector, date);
              const items = [
                ...day.bookings.map((b) => ({ start: b.local_start, booking: b, hold: null })),
                ...day.holds.map((h) => ({ start: h.local_start, booking: null, hold: h })),
              ].sort((a, b) => a.start.localeCompare(b.start));
              return (
                <Box
                  key={date}
                  role="cell"
                  // A week's cell has no time axis: a drop there keeps the booking's time of day.
                  {...dropTarget(
                    dispatch,
                    { id: inspector.id, name: inspector.name },
                    date,
                    (_event, held) => held.booking.local_start,
                  )}
                  sx={{
                    p: 0.75,
                    display: 'grid',
                    alignContent: 'start',
                    gap: 0.5,
                    borderBottom: 1,
                    borderLeft: 1,
                    borderColor: 'divider',
                    bgcolor: day.workingHours.length === 0 ? '#e9edf1' : undefined,
                  }}
                >
                  <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                    {day.workingHours.length === 0 ? 'Not working' : day.workingHours.map(spanText).join(', ')}
                  </Typography>
                  {day.timeOff.map((span) => (
                    <TimeOffBlock
                      key={span.time_off_id}
                      span={span}
                      onOpen={
                        onTimeOff &&
                        (() => onTimeOff({ span, inspectorName: inspector.name, zone: zoneOn(schedule, date) }))
                      }
                    />
                  ))}
                  {items.map((item) =>
                    item.booking ? (
                      <BookingBlock
                        key={item.booking.order_id}
                        booking={item.booking}
                        companyKey={companyKey}
                        compact
                        onDragStart={dragStart(dispatch, item.booking, inspector.id)}
                        menu={
                          <DispatchMenu
                            dispatch={dispatch}
                            booking={item.booking}
                            inspectorId={inspector.id}
                            date={date}
                          />
                        }
                      />
                    ) : (
                      item.hold && (
                        <HoldBlock
                          key={`${item.hold.start}-${item.hold.expires_at}`}
                          hold={item.hold}
                          timeZone={schedule.office.time_zone}
                        />
                      )
                    ),
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </SidewaysScroll>
  );
}
