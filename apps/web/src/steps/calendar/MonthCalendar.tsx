import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatListDate, monthName } from '@scheduler/domain/scheduling-text';

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface MonthCalendarProps {
  /** First day of the shown month, YYYY-MM-01. */
  month: string;
  selectedDate: string | null;
  isEnabled(date: string): boolean;
  onSelect(date: string): void;
  onMonthChange(month: string): void;
  canGoBack: boolean;
}

function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + by, 1));
  return date.toISOString().slice(0, 10);
}

/** A month grid of days; a day is a button, disabled when it has no appointment to offer. */
export function MonthCalendar({ month, selectedDate, isEnabled, onSelect, onMonthChange, canGoBack }: MonthCalendarProps) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const cells: Array<string | null> = [...Array<null>(firstWeekday).fill(null)];
  for (let day = 1; day <= daysInMonth; day++) cells.push(`${month.slice(0, 8)}${String(day).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const title = `${monthName(monthNumber)} ${year}`;

  return (
    <Box sx={{ maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Button onClick={() => onMonthChange(shiftMonth(month, -1))} disabled={!canGoBack} aria-label="Previous month" sx={{ minWidth: 44 }}>
          ‹
        </Button>
        <Typography component="h3" sx={{ fontWeight: 650 }} aria-live="polite">
          {title}
        </Typography>
        <Button onClick={() => onMonthChange(shiftMonth(month, 1))} aria-label="Next month" sx={{ minWidth: 44 }}>
          ›
        </Button>
      </Box>
      <Box role="grid" aria-label={title} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
        <Box role="row" sx={{ display: 'contents' }}>
          {WEEKDAY_SHORT.map((day) => (
            <Box role="columnheader" key={day} sx={{ textAlign: 'center', fontSize: '0.8rem', color: 'text.secondary', fontWeight: 600, py: 0.5 }}>
              {day}
            </Box>
          ))}
        </Box>
        {Array.from({ length: cells.length / 7 }, (_, week) => (
          <Box role="row" key={week} sx={{ display: 'contents' }}>
            {cells.slice(week * 7, week * 7 + 7).map((date, i) =>
              date ? (
                <Box role="gridcell" key={date} aria-selected={date === selectedDate}>
                  <Button
                    fullWidth
                    variant={date === selectedDate ? 'contained' : 'text'}
                    disabled={!isEnabled(date)}
                    onClick={() => onSelect(date)}
                    aria-label={formatListDate(date)}
                    aria-pressed={date === selectedDate}
                    sx={{ minWidth: 0, aspectRatio: '1', p: 0, fontWeight: isEnabled(date) ? 700 : 400, borderRadius: '50%', maxWidth: 52, mx: 'auto', display: 'flex' }}
                  >
                    {Number(date.slice(8))}
                  </Button>
                </Box>
              ) : (
                <Box role="gridcell" key={`empty-${week}-${i}`} />
              ),
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
