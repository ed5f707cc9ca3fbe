import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatListDate, monthName } from '@scheduler/domain/scheduling-text';
import { daysIn, monthOf, shiftMonth } from '@scheduler/domain/months';
import { dayAfterKey, weekdayOf } from './month-grid.ts';

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** One calendar shows at a time: its month's title names the grid. */
const TITLE_ID = 'calendar-month-title';

/** A day: a disc when it has appointments, filled when selected, underlined when it is today. */
const DAY = {
  width: '100%',
  maxWidth: 48,
  aspectRatio: '1',
  mx: 'auto',
  display: 'flex',
  borderRadius: '50%',
  fontSize: '0.95rem',
  color: '#6b7785',
  cursor: 'default',
  position: 'relative',
  '&.enabled, &.selected': { fontWeight: 700, cursor: 'pointer' },
  '&.enabled': { color: 'primary.main', bgcolor: '#e8f1f8', '&:hover': { bgcolor: '#d3e4f2' } },
  '&.selected': { color: 'primary.contrastText', bgcolor: 'primary.main' },
  '&[aria-current="date"]::after': {
    content: '""',
    position: 'absolute',
    bottom: '18%',
    left: '35%',
    right: '35%',
    height: 2,
    borderRadius: 1,
    bgcolor: 'currentColor',
  },
} as const;

/** The month arrows: round 44px targets. */
const MONTH_ARROW = {
  width: 44,
  height: 44,
  borderRadius: '50%',
  color: 'primary.main',
  '&:hover': { bgcolor: '#e8f1f8' },
  '&.Mui-disabled': { color: '#a3adb8' },
} as const;

export interface MonthCalendarProps {
  /** First day of the shown month, YYYY-MM-01. */
  month: string;
  selectedDate: string | null;
  isEnabled(date: string): boolean;
  onSelect(date: string): void;
  onMonthChange(month: string): void;
  canGoBack: boolean;
  /** Today in the office's time zone, marked on the grid. */
  today?: string;
}

/**
 * A month of days in the date-picker grid pattern: the grid is one Tab stop (the selected day, or
 * the first day with appointments); arrows move by day and week, Home/End to the week's ends,
 * PageUp/PageDown by month. Days without appointments stay reachable and are announced as
 * unavailable, but cannot be chosen.
 */
export function MonthCalendar({
  month,
  selectedDate,
  isEnabled,
  onSelect,
  onMonthChange,
  canGoBack,
  today,
}: MonthCalendarProps) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const firstWeekday = weekdayOf(month);
  const cells: Array<string | null> = [...Array<null>(firstWeekday).fill(null)];
  for (let day = 1; day <= daysIn(month); day++) cells.push(`${month.slice(0, 8)}${String(day).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const title = `${monthName(monthNumber)} ${year}`;
  const gridRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef(false);

  const days = cells.filter((d): d is string => d !== null);
  const [focused, setFocused] = useState<string | null>(null);
  // The day that holds the grid's one tab stop: the last one moved to in this month, else the
  // selected day, else the first that can be chosen.
  const active =
    (focused && monthOf(focused) === month && focused) ||
    (selectedDate && monthOf(selectedDate) === month && selectedDate) ||
    days.find(isEnabled) ||
    days[0]!;

  // A layout effect, so the new month's day has focus in the same task that draws it: with an
  // effect after paint, a key pressed in between went to the page (the old month's day was gone)
  // and was lost, e.g. ArrowDown then ArrowUp across a month's end.
  useLayoutEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moved = dayAfterKey(active, event.key);
    if (!moved) return;
    event.preventDefault();
    // Before the first month offered there is nothing to choose: a move that would leave it stops
    // at its first day (Home in a week that began the month before lands on the 1st).
    const next = monthOf(moved) < month && !canGoBack ? month : moved;
    if (next === active) return;
    const nextMonth = monthOf(next);
    setFocused(next);
    if (nextMonth === month) {
      gridRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
      return;
    }
    // The new month's days exist only after the parent re-renders with it.
    focusAfterRender.current = true;
    onMonthChange(nextMonth);
  };

  return (
    <Box sx={{ maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <ButtonBase
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
          sx={MONTH_ARROW}
        >
          <Chevron direction="left" />
        </ButtonBase>
        <Typography component="h3" id={TITLE_ID} sx={{ fontWeight: 650 }} aria-live="polite">
          {title}
        </Typography>
        <ButtonBase onClick={() => onMonthChange(shiftMonth(month, 1))} aria-label="Next month" sx={MONTH_ARROW}>
          <Chevron direction="right" />
        </ButtonBase>
      </Box>
      <Box
        role="grid"
        ref={gridRef}
        aria-labelledby={TITLE_ID}
        onKeyDown={onKeyDown}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          {WEEKDAY_SHORT.map((day) => (
            <Box
              role="columnheader"
              key={day}
              sx={{ textAlign: 'center', fontSize: '0.8rem', color: 'text.secondary', fontWeight: 600, py: 0.5 }}
            >
              {day}
            </Box>
          ))}
        </Box>
        {Array.from({ length: cells.length / 7 }, (_, week) => (
          <Box role="row" key={week} sx={{ display: 'contents' }}>
            {cells.slice(week * 7, week * 7 + 7).map((date, i) =>
              date ? (
                <Day
                  key={date}
                  date={date}
                  enabled={isEnabled(date)}
                  selected={date === selectedDate}
                  isToday={date === today}
                  tabbable={date === active}
                  onChoose={() => {
                    setFocused(date);
                    onSelect(date);
                  }}
                />
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

function Day({
  date,
  enabled,
  selected,
  isToday,
  tabbable,
  onChoose,
}: {
  date: string;
  enabled: boolean;
  selected: boolean;
  isToday: boolean;
  tabbable: boolean;
  onChoose: () => void;
}) {
  const label = `${formatListDate(date)}${isToday ? ', today' : ''}${enabled ? '' : ', no appointments'}`;
  return (
    <Box role="gridcell" aria-selected={selected}>
      <ButtonBase
        data-date={date}
        tabIndex={tabbable ? 0 : -1}
        aria-label={label}
        aria-disabled={!enabled || undefined}
        aria-current={isToday ? 'date' : undefined}
        onClick={() => enabled && onChoose()}
        className={selected ? 'selected' : enabled ? 'enabled' : undefined}
        sx={DAY}
      >
        {Number(date.slice(8))}
      </ButtonBase>
    </Box>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      sx={{
        width: 24,
        height: 24,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2.5,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      }}
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </Box>
  );
}
