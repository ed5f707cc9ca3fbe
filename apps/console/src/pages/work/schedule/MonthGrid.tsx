import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ConsoleSchedule } from '@scheduler/contracts/console';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { monthWeeks } from './schedule-layout.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A month: a week a row, each day its count of inspections per inspector and a link to that day's
 * view. On a phone the seven columns would be too narrow to read, so the days become a list.
 */
export function MonthGrid({
  schedule,
  month,
  today,
  dayHref,
}: {
  schedule: ConsoleSchedule;
  month: string;
  today: string;
  dayHref: (date: string) => string;
}) {
  const weeks = monthWeeks(schedule, month);
  return (
    <Box
      component="ol"
      aria-label="The month's inspections by day"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(7, minmax(0, 1fr))' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      {WEEKDAYS.map((weekday) => (
        <Box
          key={weekday}
          component="li"
          aria-hidden="true"
          sx={{ display: { xs: 'none', md: 'block' }, p: 1, fontWeight: 650, borderBottom: 1, borderColor: 'divider' }}
        >
          {weekday}
        </Box>
      ))}
      {weeks.flat().map((day) => (
        <Box
          key={day.date}
          component="li"
          aria-current={day.date === today ? 'date' : undefined}
          sx={{
            // A phone lists the month's own days only; the grid keeps the weeks' edges, greyed.
            display: { xs: day.inMonth ? 'block' : 'none', md: 'block' },
            minHeight: { md: 96 },
            p: 1,
            borderBottom: 1,
            // Widths and style apart: a responsive `borderLeft` shorthand would reset the divider's colour.
            borderLeftWidth: { xs: '0px', md: '1px' },
            borderLeftStyle: 'solid',
            borderColor: 'divider',
            bgcolor: day.date === today ? '#e3eefa' : day.inMonth ? undefined : '#f3f5f7',
          }}
        >
          <Link
            component={RouterLink}
            to={dayHref(day.date)}
            sx={{
              fontWeight: 650,
              display: 'inline-block',
              minHeight: 24,
              color: day.inMonth ? 'primary.main' : 'text.secondary',
            }}
          >
            {/* The grid shows the day's number; the link's name, and a phone's list, the whole date. */}
            <Box component="span" aria-hidden="true" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {Number(day.date.slice(8))}
            </Box>
            <Box component="span" sx={(theme) => ({ [theme.breakpoints.up('md')]: visuallyHidden })}>
              {formatListDate(day.date)}
            </Box>
          </Link>
          {day.perInspector.length === 0 && day.inMonth && (
            <Typography sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>No inspections</Typography>
          )}
          {day.perInspector.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, fontSize: '0.8rem' }}>
              {day.perInspector.map((entry) => (
                <Typography key={entry.id} component="li" sx={{ fontSize: 'inherit', overflowWrap: 'anywhere' }}>
                  {entry.name}: {entry.count}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
