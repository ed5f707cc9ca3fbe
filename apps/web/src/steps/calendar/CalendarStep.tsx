import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { nextStep } from '@scheduler/domain/route-table';
import { formatListDate, minutesBetween } from '@scheduler/domain/scheduling-text';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';
import { StepFrame } from '../../app/StepFrame.tsx';
import { useScheduler } from '../../app/scheduler-context.tsx';
import { UnauthorizedError } from '../../shared/api-client.ts';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { firstBookableDate, INITIAL_WINDOW_DAYS, officeToday, schedulingApi } from '../../shared/scheduling-api.ts';
import { readStorage, storageKeys, writeStorage } from '../../shared/storage-keys.ts';
import { texts } from '../../shared/texts.ts';
import { MonthCalendar } from './MonthCalendar.tsx';
import { SlotPicker, type SlotChoice } from './SlotPicker.tsx';
import { inspectorNames, pickMember } from './slot-labels.ts';
import { useAvailability } from './use-availability.ts';
import { Notice } from '../../shared/Notice.tsx';
import { ContactText } from '../../shared/ContactText.tsx';
import { HeldAppointment } from '../../shared/HeldAppointment.tsx';
import { heldSlotId, heldWallTime } from '../../shared/held-time.ts';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';

// The dialogs open only after Next: they load then, keeping the first step light.
const NotAvailableDialog = lazy(() => import('./AppointmentDialogs.tsx').then((m) => ({ default: m.NotAvailableDialog })));
const HoldNoticeDialog = lazy(() => import('./AppointmentDialogs.tsx').then((m) => ({ default: m.HoldNoticeDialog })));

const MONTH_CHANGE_WINDOW_DAYS = 42;
const LIST_WINDOW_DAYS = 28; // four weeks per Show More fetch
const MAX_LIST_CHECKS = 6;
const DEFAULT_LIST_PAGE = 10;
const DEFAULT_HOLD_MINUTES = 15;

/** Spec 2.5, 4.2, 4.5: when would you like your inspection? */
export default function CalendarStep() {
  const { companyKey, credentials, office, order, settings, mode, hasControls, goTo } = useScheduler();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useMemo(() => schedulingApi(companyKey, credentials), [companyKey, credentials]);

  const listMode = settings.text(SETTING.APT_DISPLAY) === 'list';
  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);
  const appointmentLimit = settings.isOn(SETTING.APPOINTMENT_LIMIT) ? settings.number(SETTING.APPOINTMENT_LIMIT_VALUE, 10) : 0;
  const zipLimited = settings.isOn(SETTING.LIMIT_ZIP_BY_DAY) || settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP);
  const postalCodeKey = storageKeys.postalCode(companyKey, credentials.token);
  const postalCode = order.postal_code || readStorage(globalThis.localStorage, postalCodeKey) || '';
  const today = officeToday(office.time_zone);
  const firstDate = firstBookableDate(office.time_zone, settings.isOn(SETTING.ALLOW_TODAY));

  const fetchWindow = useCallback(
    (from: string, to: string) => api.availability({ from, to, duration: order.duration, limit: listMode ? appointmentLimit : 0, postalCode: zipLimited ? postalCode : undefined }),
    [api, order.duration, listMode, appointmentLimit, zipLimited, postalCode],
  );
  const availability = useAvailability(firstDate, INITIAL_WINDOW_DAYS, fetchWindow);

  const [selected, setSelected] = useState<AppointmentSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [unavailable, setUnavailable] = useState<{ slot: AppointmentSlot; alternatives: AppointmentSlot[] } | null>(null);
  const [held, setHeld] = useState<AppointmentSlot | null>(null);

  const describe = useCallback(
    (slot: AppointmentSlot, long = listMode): SlotChoice => {
      const names = showNames ? inspectorNames(slot, office.users) : '';
      const preferred = slot.preferred !== undefined ? ' *' : '';
      return long
        ? { slot, label: `${formatListDate(slot.date)} at ${slot.start}${preferred}`, detail: names ? `with ${names}` : undefined }
        : { slot, label: `${slot.start}${preferred}`, detail: names ? `with ${names}` : undefined };
    },
    [listMode, showNames, office.users],
  );

  const afterSave = nextStep(mode, 'calendar', hasControls);
  const holdMinutes = settings.number(SETTING.HOLD_MINUTES, DEFAULT_HOLD_MINUTES);

  /** Spec 4.2: pick a member of a group, save the date and time (which holds it), then move on. */
  const save = async (choice: AppointmentSlot) => {
    const slot = pickMember(choice);
    const duration = order.duration > 0 ? order.duration : minutesBetween(slot.start_datetime, slot.end_datetime);
    setSaving(true);
    setFailed(false);
    try {
      const result = await api.setDatetime({ datetime: new Date(slot.timestamp * 1000).toISOString(), duration, inspectors: slot.users });
      if (result.status === 'unavailable') {
        setUnavailable({ slot, alternatives: result.appointments });
        availability.reload();
        return;
      }
      writeStorage(globalThis.sessionStorage, storageKeys.datetime(credentials.token), `${slot.start_datetime},${duration}`);
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      setHeld(slot);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    setSaving(true);
    try {
      await api.setDatetime({ datetime: null });
      setSelected(null);
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      availability.reload();
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const current = order.datetime && order.inspectors.length ? order : null;
  const allSlots = useMemo(() => [...availability.byDate.values()].flat(), [availability.byDate]);
  const noneAtAll = availability.status === 'ready' && allSlots.length === 0;
  const heldAt = heldWallTime(order, office.time_zone);
  const selectedId = selected?.id ?? heldSlotId(allSlots, heldAt, order.inspectors.map((i) => i.id));

  if (availability.status === 'loading' && availability.byDate.size === 0) return <StepSkeleton />;

  return (
    <StepFrame
      step="calendar"
      nextDisabled={saving || (!selected && !current)}
      onNext={() => (selected ? void save(selected) : afterSave && goTo(afterSave))}
    >
      {zipLimited && postalCode && (
        <Notice
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                globalThis.localStorage?.removeItem(postalCodeKey);
                void navigate(`/${companyKey}/online-scheduler?t=${encodeURIComponent(credentials.token)}&office=${credentials.officeUuid}`, { state: { clearPostalCode: true } });
              }}
            >
              {texts.calendar.changePostalCode}
            </Button>
          }
        >
          {texts.calendar.postalCodeNote(postalCode)}
        </Notice>
      )}

      <HeldAppointment order={order} timeZone={office.time_zone} inspectors={showNames ? office.users : null} onReset={() => void reset()} disabled={saving} />

      {availability.status === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{texts.pleaseWait}</Typography>
        </Box>
      )}
      {availability.status === 'error' && (
        <Notice severity="error" action={<Button onClick={availability.reload}>Try again</Button>}>
          <ContactText text={texts.somethingWentWrong(office.office_phone)} phone={office.office_phone} />
        </Notice>
      )}
      {noneAtAll && (
        <Notice severity="warning" sx={{ mb: 2 }}>
          {texts.calendar.noneAtAll.before}
          <Link href={phoneHref(office.office_phone)}>{formatPhone(office.office_phone) || office.office_phone}</Link>
          {texts.calendar.noneAtAll.between}
          <Link href={`mailto:${office.office_email}`}>{office.office_email}</Link>
        </Notice>
      )}

      {availability.status === 'ready' &&
        (listMode ? (
          <ListMode availability={availability} slots={allSlots} pageSize={appointmentLimit || DEFAULT_LIST_PAGE} describe={describe} selectedId={selectedId} onSelect={setSelected} phone={office.office_phone} />
        ) : noneAtAll ? (
          <Typography>
            <ContactText text={texts.calendar.noneInCalendar(office.office_phone)} phone={office.office_phone} />
          </Typography>
        ) : (
          <CalendarMode heldAt={heldAt} availability={availability} today={today} firstDate={firstDate} limit={appointmentLimit} describe={describe} selectedId={selectedId} onSelect={setSelected} />
        ))}

      {failed && (
        <Notice severity="error" sx={{ mt: 3 }}>
          <ContactText text={texts.somethingWentWrong(office.office_phone)} phone={office.office_phone} />
        </Notice>
      )}
      <Suspense fallback={null}>
      {unavailable && (
        <NotAvailableDialog
          slot={unavailable.slot}
          alternatives={unavailable.alternatives}
          describe={(slot) => describe(slot, true)}
          phone={office.office_phone}
          onClose={() => setUnavailable(null)}
          onChoose={(slot) => {
            setUnavailable(null);
            setSelected(slot);
            void save(slot);
          }}
        />
      )}
      {held && (
        <HoldNoticeDialog
          slot={held}
          minutes={holdMinutes}
          onClose={() => setHeld(null)}
          onContinue={() => {
            setHeld(null);
            if (afterSave) goTo(afterSave);
          }}
        />
      )}
      </Suspense>
    </StepFrame>
  );
}

interface ModeProps {
  describe: (slot: AppointmentSlot) => SlotChoice;
  selectedId: string | null;
  onSelect: (slot: AppointmentSlot) => void;
}

/** Calendar mode: a month calendar, then the chosen day's times (spec 2.5). */
function CalendarMode({ heldAt, availability, today, firstDate, limit, describe, selectedId, onSelect }: ModeProps & { heldAt: string | null; availability: ReturnType<typeof useAvailability>; today: string; firstDate: string; limit: number }) {
  const firstWithSlots = [...availability.byDate.keys()].sort()[0] ?? firstDate;
  const [month, setMonth] = useState(`${(heldAt ?? firstWithSlots).slice(0, 7)}-01`);
  const [date, setDate] = useState<string | null>(heldAt?.slice(0, 10) ?? null);
  const slots = date ? (availability.byDate.get(date) ?? []) : [];
  const shown = limit > 0 ? slots.slice(0, limit) : slots;
  const isEnabled = (day: string) => day >= firstDate && day >= today && (availability.byDate.get(day)?.length ?? 0) > 0;

  const changeMonth = (next: string) => {
    setMonth(next);
    // Spec 4.5: a future month within four weeks of the latest loaded date fetches six more weeks.
    const lastOfMonth = addDays(`${addDays(next, 31).slice(0, 7)}-01`, -1);
    if (next >= today.slice(0, 7) + '-01' && addDays(availability.loadedUntil, -28) <= lastOfMonth && !availability.loadingMore) {
      void availability.fetchMore(MONTH_CHANGE_WINDOW_DAYS);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 420px) 1fr' }, gap: 4 }}>
      <Box>
        <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {texts.calendar.selectDay}
        </Typography>
        <MonthCalendar month={month} selectedDate={date} isEnabled={isEnabled} onSelect={setDate} onMonthChange={changeMonth} canGoBack={month > `${today.slice(0, 7)}-01`} today={today} />
        {availability.loadingMore && (
          <Typography role="status" sx={{ mt: 1, color: 'text.secondary' }}>
            {texts.pleaseWait}
          </Typography>
        )}
      </Box>
      {date && (
        <Box>
          <Typography component="h2" variant="h2" id="time-slots-label" sx={{ mb: 0.5 }}>
            {texts.calendar.selectTimeSlot}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {texts.calendar.preferredNote}
          </Typography>
          <SlotPicker choices={shown.map((slot) => describe(slot))} selectedId={selectedId} onSelect={onSelect} labelledBy="time-slots-label" />
        </Box>
      )}
    </Box>
  );
}

/** List mode: appointments in order, with Show More (spec 2.5, 4.5). */
function ListMode({ availability, slots, pageSize, describe, selectedId, onSelect, phone }: ModeProps & { availability: ReturnType<typeof useAvailability>; slots: AppointmentSlot[]; pageSize: number; phone: string }) {
  const ordered = useMemo(() => [...slots].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)), [slots]);
  const [visible, setVisible] = useState(pageSize);
  const [checks, setChecks] = useState(0);
  const [exhausted, setExhausted] = useState(false);

  const showMore = async () => {
    const wanted = visible + pageSize;
    let available = ordered.length;
    let checked = checks;
    // Fetch four-week windows until there is a page to show, for at most six checks.
    while (available < wanted && checked < MAX_LIST_CHECKS) {
      checked++;
      available += await availability.fetchMore(LIST_WINDOW_DAYS);
    }
    setChecks(checked);
    setVisible(wanted);
    if (available < wanted) setExhausted(true);
  };

  const shown = ordered.slice(0, visible);
  const atEnd = exhausted || (ordered.length <= visible && checks >= MAX_LIST_CHECKS);
  return (
    <Box>
      {shown.length > 0 && <Typography id="list-label" sx={{ position: 'absolute', left: -10000 }}>{texts.stepTitles.calendar}</Typography>}
      {shown.length > 0 && <SlotPicker choices={shown.map((slot) => describe(slot))} selectedId={selectedId} onSelect={onSelect} labelledBy="list-label" scrollAfter={Number.POSITIVE_INFINITY} />}
      {availability.loadingMore && (
        <Typography role="status" sx={{ mt: 2 }}>
          {texts.calendar.loadingMore}
        </Typography>
      )}
      {atEnd || shown.length === 0 ? (
        <Typography sx={{ mt: 2 }}>
          <ContactText text={texts.calendar.listEnd(shown.length > 0, phone)} phone={phone} />
        </Typography>
      ) : (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void showMore()} disabled={availability.loadingMore}>
          {texts.calendar.showMore}
        </Button>
      )}
    </Box>
  );
}
