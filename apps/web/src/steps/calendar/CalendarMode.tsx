import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { texts } from '../../shared/texts.ts';
import type { Availability } from './api.ts';
import { isBookableDay, monthNeedsMore } from './calendar-options.ts';
import { MonthCalendar } from './MonthCalendar.tsx';
import { SlotPicker, type SlotChoice } from '../../shared/appointments/SlotPicker.tsx';
import { scheduleTexts } from '../../shared/appointment-texts.ts';

/** Wide enough for the calendar and the day's times side by side; read once, when the calendar shows. */
function isWideScreen(): boolean {
  return globalThis.matchMedia?.('(min-width: 800px)').matches ?? false;
}

export interface CalendarModeProps {
  /** The held time as office-local wall time ("YYYY-MM-DD HH:mm:ss"), or null. */
  heldAt: string | null;
  availability: Availability;
  today: string;
  firstDate: string;
  /** The most slots shown for a day; 0 for all. */
  limit: number;
  describe: (slot: AppointmentSlot) => SlotChoice;
  selectedId: string | null;
  onSelect: (slot: AppointmentSlot) => void;
}

/** Calendar mode: a month calendar, then the chosen day's times (spec 2.5). */
export function CalendarMode({
  heldAt,
  availability,
  today,
  firstDate,
  limit,
  describe,
  selectedId,
  onSelect,
}: CalendarModeProps) {
  const slotsOn = (day: string) => availability.byDate.get(day)?.length ?? 0;
  const isEnabled = (day: string) => isBookableDay(day, firstDate, today, slotsOn(day));
  const firstAvailable = [...availability.byDate.keys()].sort().find(isEnabled) ?? null;
  const [month, setMonth] = useState(`${(heldAt ?? firstAvailable ?? firstDate).slice(0, 7)}-01`);
  // On a wide screen the first available day starts chosen, so its times fill the right half.
  // A held time shows its own day.
  const [date, setDate] = useState<string | null>(
    () => heldAt?.slice(0, 10) ?? (isWideScreen() ? firstAvailable : null),
  );
  const [tapped, setTapped] = useState(0);
  const timesRef = useRef<HTMLDivElement>(null);
  const slots = date ? (availability.byDate.get(date) ?? []) : [];
  const shown = limit > 0 ? slots.slice(0, limit) : slots;

  // After a day is tapped its times may start below the fold on a phone: bring them into view.
  useEffect(() => {
    if (tapped === 0) return;
    const reduceMotion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    timesRef.current?.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [tapped]);

  const changeMonth = (next: string) => {
    setMonth(next);
    if (monthNeedsMore(next, today, availability.loadedUntil) && !availability.loadingMore)
      void availability.fetchMore();
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 420px) 1fr' }, gap: 4 }}>
      <Box>
        <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {scheduleTexts.selectDay}
        </Typography>
        <MonthCalendar
          month={month}
          selectedDate={date}
          isEnabled={isEnabled}
          onSelect={(day) => {
            setDate(day);
            setTapped((count) => count + 1);
          }}
          onMonthChange={changeMonth}
          canGoBack={month > `${today.slice(0, 7)}-01`}
          today={today}
        />
        {availability.loadingMore && (
          <Typography role="status" sx={{ mt: 1, color: 'text.secondary' }}>
            {texts.pleaseWait}
          </Typography>
        )}
      </Box>
      {date && (
        // The sticky action bar covers the foot of a phone's screen: keep the times clear of it.
        <Box ref={timesRef} sx={{ scrollMarginBottom: 112, scrollMarginTop: 16 }}>
          <Typography component="h2" variant="h2" id="time-slots-label" sx={{ mb: 0.5 }}>
            {scheduleTexts.selectTimeSlot}
          </Typography>
          {/* The legend of the asterisk, only where a time carries one (issue 41). */}
          {shown.some((slot) => slot.preferred !== undefined) && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {scheduleTexts.preferredNote}
            </Typography>
          )}
          <SlotPicker
            choices={shown.map(describe)}
            selectedId={selectedId}
            onSelect={onSelect}
            labelledBy="time-slots-label"
          />
        </Box>
      )}
    </Box>
  );
}
