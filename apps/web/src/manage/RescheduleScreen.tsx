import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { lengthText, zoneSuffix } from '@scheduler/domain/time-zone-text';
import { describeSlot } from '../shared/appointments/slot-labels.ts';
import { SlotPicker } from '../shared/appointments/SlotPicker.tsx';
import { BusyButton } from '../shared/BusyButton.tsx';
import { officeToday } from '../shared/scheduling-api.ts';
import { Waiting } from '../shared/Waiting.tsx';
import { manageAvailabilityQueryOptions, type ManageLink } from './api.ts';
import { manageFailure, failureText } from './manage-errors.ts';
import { ManageFrame } from './ManageFrame.tsx';
import { ManageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';
import { monthOf, monthTitle, monthWindow, shiftMonth } from '@scheduler/domain/months';
import { isBookedTime, openingMonth } from '@scheduler/domain/booking-changes/move-calendar';
import { daysWithTimes } from './manage-view.ts';

const NO_NAMES = { long: false, showNames: false, users: [] } as const;
/** The month arrows: 44 px targets that keep to one line on a phone. */
const MONTH_BUTTON = { minHeight: 44, minWidth: 44, whiteSpace: 'nowrap', flexShrink: 0 } as const;

/**
 * Reschedule: the calendar of the order's own cart, address and rules, a month at a time. The
 * days with open times are a list to pick from, then that day's times (the wizard's slot list);
 * "Hold this time" holds the pick while the visitor confirms the move on the next screen.
 */
export function RescheduleScreen({
  link,
  view,
  holding,
  holdError,
  onHold,
  onBack,
}: {
  link: ManageLink;
  view: ManageOrderView;
  holding: boolean;
  holdError: unknown;
  onHold: (slot: AppointmentSlot) => void;
  onBack: () => void;
}) {
  const { office, order } = view;
  const [today] = useState(() => officeToday(office.time_zone));
  const firstMonth = monthOf(today);
  // The booking's month (issue 42: a booking next month took a click to reach); no month before today's.
  const [month, setMonth] = useState(() => openingMonth(order.start, office.time_zone, today));
  const [day, setDay] = useState<string | null>(null);
  const [selected, setSelected] = useState<AppointmentSlot | null>(null);
  const dates = monthWindow(month, today);
  const availability = useQuery(manageAvailabilityQueryOptions(link, dates));
  const days = daysWithTimes(availability.data ?? [], dates);
  const daySlots = days.find((entry) => entry.date === day)?.slots ?? [];
  const ids = { month: useId(), days: useId(), times: useId() };
  const failure = manageFailure(holdError);
  // The booking's own time is among the times (its rows are not busy to it): shown, marked, not a move.
  const isCurrent = (slot: AppointmentSlot) => isBookedTime(slot, order.start);
  const dayDetail = (slots: readonly AppointmentSlot[]) => {
    const others = slots.filter((slot) => !isCurrent(slot)).length;
    return others === slots.length ? t.pick.timesCount(others) : t.pick.timesWithCurrent(others);
  };

  const goToMonth = (next: string) => {
    setMonth(next);
    setDay(null);
    setSelected(null);
  };

  return (
    <ManageFrame
      screen="reschedule"
      companyName={view.company_name}
      title={t.pick.title}
      actions={
        <>
          <Button variant="outlined" size="large" onClick={onBack}>
            {t.pick.back}
          </Button>
          <BusyButton
            variant="contained"
            size="large"
            busy={holding}
            disabled={!selected}
            onClick={() => selected && onHold(selected)}
          >
            {t.pick.hold}
          </BusyButton>
        </>
      }
    >
      <Typography sx={{ mb: 1 }}>{t.pick.current(`${order.when.date}, ${order.when.time}`)}</Typography>
      <TimesNote timeZone={office.time_zone} durationMinutes={order.duration_minutes} />

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Button
          onClick={() => goToMonth(shiftMonth(month, -1))}
          disabled={month <= firstMonth}
          aria-label={t.pick.previousMonth}
          sx={MONTH_BUTTON}
        >
          <span aria-hidden="true">‹&nbsp;</span>
          {t.pick.previous}
        </Button>
        <Typography id={ids.month} variant="h2" aria-live="polite" sx={{ fontSize: '1.1rem', textAlign: 'center' }}>
          {monthTitle(month)}
        </Typography>
        <Button onClick={() => goToMonth(shiftMonth(month, 1))} aria-label={t.pick.nextMonth} sx={MONTH_BUTTON}>
          {t.pick.next}
          <span aria-hidden="true">&nbsp;›</span>
        </Button>
      </Box>

      {availability.isPending && <Waiting label={t.pick.loading} />}
      {availability.isError && (
        <>
          <ManageNotice
            notice={{
              tone: 'error',
              text: failureText(manageFailure(availability.error) ?? { kind: 'other' }, office.office_phone),
            }}
            phone={office.office_phone}
            email={office.office_email}
            sx={{ mb: 2 }}
          />
          <Button onClick={() => void availability.refetch()} sx={{ minHeight: 44 }}>
            {t.failure.tryAgain}
          </Button>
        </>
      )}
      {availability.isSuccess && days.length === 0 && (
        <Typography>{t.pick.noTimesInMonth(monthTitle(month))}</Typography>
      )}
      {availability.isSuccess && days.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: { xs: 2.5, sm: 3 },
            alignItems: 'start',
          }}
        >
          <Box>
            <Typography id={ids.days} sx={{ fontWeight: 600, mb: 1 }}>
              {t.pick.selectDay}
            </Typography>
            {/* The day list is the slot list too: one row per day, named by its date, the day's first time standing for it. */}
            <SlotPicker
              choices={days.map((entry) => ({
                slot: entry.slots[0]!,
                label: formatListDate(entry.date),
                detail: dayDetail(entry.slots),
              }))}
              selectedId={days.find((entry) => entry.date === day)?.slots[0]?.id ?? null}
              onSelect={(slot) => {
                setDay(slot.date);
                setSelected(null);
              }}
              labelledBy={ids.days}
              scrollAfter={5}
            />
          </Box>
          {daySlots.length > 0 && (
            <Box>
              <Typography id={ids.times} sx={{ fontWeight: 600, mb: 1 }}>
                {t.pick.selectTime}
              </Typography>
              <SlotPicker
                choices={daySlots.map((slot) =>
                  isCurrent(slot)
                    ? { ...describeSlot(slot, NO_NAMES), detail: t.pick.currentTime, current: true }
                    : describeSlot(slot, NO_NAMES),
                )}
                selectedId={selected?.id ?? null}
                onSelect={setSelected}
                labelledBy={ids.times}
              />
            </Box>
          )}
        </Box>
      )}
      {failure && (
        <ManageNotice
          notice={{ tone: 'error', text: failureText(failure, office.office_phone) }}
          phone={office.office_phone}
          email={office.office_email}
          sx={{ mt: 3 }}
        />
      )}
    </ManageFrame>
  );
}

/** Decision 0029: whose clock the times are on (when the visitor's reads them otherwise) and how long the inspection takes. */
function TimesNote({ timeZone, durationMinutes }: { timeZone: string; durationMinutes: number }) {
  const zone = zoneSuffix(timeZone, Date.now()).trim();
  const length = lengthText(durationMinutes);
  if (!zone && !length) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
      {[zone ? t.pick.officeZone(zone) : '', length ? t.pick.length(length) : ''].filter(Boolean).join(' ')}
    </Typography>
  );
}
