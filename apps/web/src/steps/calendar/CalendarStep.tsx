import { lengthText, zoneSuffix } from '@scheduler/domain/time-zone-text';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { nextStep } from '@scheduler/domain/route-table';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { Notice } from '../../shared/Notice.tsx';
import { queryKeys } from '../../shared/queries.ts';
import { officeToday } from '../../shared/scheduling-api.ts';
import { readStorage, storageKeys } from '../../shared/storage-keys.ts';
import { texts } from '../../shared/texts.ts';
import { Waiting } from '../../shared/Waiting.tsx';
import { ContactText } from '../../shared/ContactText.tsx';
import { HeldAppointment } from '../../shared/HeldAppointment.tsx';
import { heldSlotId, heldWallTime } from '../../shared/held-time.ts';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import { useAvailability, useResetAppointment, useSaveAppointment } from './api.ts';
import { CalendarMode } from './CalendarMode.tsx';
import { calendarTexts } from './calendar-texts.ts';
import { calendarOptions } from './calendar-options.ts';
import { NoAvailability } from './NoAvailability.tsx';
import { PostalCodeNote } from './PostalCodeNote.tsx';
import { describeSlot, pickMember } from '../../shared/appointments/slot-labels.ts';
import { markJustHeld } from '../../shared/just-held.ts';
import { lazyChunk } from '../../shared/chunk-load.ts';
import { scheduleTexts } from '../../shared/appointment-texts.ts';

// The dialogs open only after Next: they load then, keeping the first step light.
const NotAvailableDialog = lazyChunk(() =>
  import('../../shared/appointments/NotAvailableDialog.tsx').then((m) => ({ default: m.NotAvailableDialog })),
);
// Most offices show a calendar; list mode is its own chunk, loaded by the offices that use it.
const ListMode = lazyChunk(() => import('./ListMode.tsx'));
// Only a booking the office opened by phone (issue 25) has it: visitors never download it.
const OfficeHoldSection = lazyChunk(() => import('./office/OfficeHoldSection.tsx'));

/** Spec 2.5, 4.2, 4.5: when would you like your inspection? */
export default function CalendarStep() {
  const { companyKey, credentials, scope, office, order, settings, mode, hasControls, goTo } = useScheduler();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const postalCodeKey = storageKeys.postalCode(companyKey, credentials.token);
  const options = calendarOptions({
    settings,
    orderDuration: order.duration,
    orderPostalCode: order.postal_code,
    storedPostalCode: readStorage('localStorage', postalCodeKey),
    today: officeToday(office.time_zone),
  });
  const availability = useAvailability(scope, options.filter, options.firstDate, options.pageDays);
  const save = useSaveAppointment(scope, order.duration);
  const reset = useResetAppointment(scope);
  const [selected, setSelected] = useState<AppointmentSlot | null>(null);

  const describeAs = (long: boolean) => (slot: AppointmentSlot) =>
    describeSlot(slot, { long, showNames: options.showNames, users: office.users });
  const describe = describeAs(options.listMode);
  const afterSave = nextStep(mode, 'calendar', hasControls);
  const calendarLast = mode === 'calendar-last';
  // Spec 2.5, 4.3: the cart changed since the time was held, so a time must be picked again.
  const cartChanged = calendarLast && order.services_changed;
  // After a hold, the visitor's or the office's (issue 25), the step goes on the same way.
  const heldMoveOn = () => {
    setSelected(null);
    markJustHeld();
    if (afterSave) goTo(afterSave);
  };
  // Spec 4.2: a grouped slot stands for its alternates; one is picked, then saved (which holds it).
  // The one Next that holds the pick also goes on: the next step's held-time notice says it is
  // held (DECISIONS 4.2 step 5, the first reading; issue 20 item 10: no dialog to dismiss). With
  // the calendar last that next step is the review (decision 0028).
  const choose = (slot: AppointmentSlot) =>
    save.mutate(pickMember(slot), {
      onSuccess: (result) => {
        if (result.status !== 'ok') return;
        save.reset();
        heldMoveOn();
      },
    });
  const saving = save.isPending || reset.isPending;
  const outcome = save.data && save.variables ? { result: save.data, slot: save.variables } : null;

  const current = order.datetime && order.inspectors.length && !cartChanged ? order : null;
  const allSlots = useMemo(() => [...availability.byDate.values()].flat(), [availability.byDate]);
  const noneAtAll = availability.status === 'ready' && allSlots.length === 0;
  // Back on the calendar with a held time, that day and time show as chosen.
  const heldAt = heldWallTime(order, office.time_zone);
  // After a cart change the held time is no longer the choice: any time, that one too, is picked anew.
  const selectedId =
    selected?.id ??
    (cartChanged
      ? null
      : heldSlotId(
          allSlots,
          heldAt,
          order.inspectors.map((i) => i.id),
        ));

  const changePostalCode = () => {
    // Spec 2.5: the availability of this postal code is dropped; the step keeps the code to edit (issue 8).
    queryClient.removeQueries({ queryKey: queryKeys.availability(scope) });
    void navigate(
      `/${companyKey}/online-scheduler?t=${encodeURIComponent(credentials.token)}&office=${credentials.officeUuid}`,
    );
  };

  // The card's skeleton stands in until the step first shows; a later reload (after Reset, say)
  // waits inside the step, so its heading, and the focus on it, stay.
  const shown = useRef(false);
  if (availability.status !== 'loading') shown.current = true;
  if (!shown.current) return <StepSkeleton />;

  return (
    <StepFrame
      step="calendar"
      nextDisabled={saving || (!selected && !current)}
      onNext={() => (selected ? choose(selected) : afterSave && goTo(afterSave))}
    >
      {options.zipLimited && options.postalCode && (
        <PostalCodeNote
          postalCode={options.postalCode}
          onChange={order.locked.includes('postal_code') ? null : changePostalCode}
        />
      )}
      {cartChanged && (
        <Notice severity="warning" sx={{ mb: 3 }}>
          {calendarTexts.cartChanged}
        </Notice>
      )}
      <TimesNote timeZone={office.time_zone} durationMinutes={order.duration} />
      <HeldAppointment
        order={order}
        timeZone={office.time_zone}
        inspectors={options.showNames ? office.users : null}
        disabled={saving}
        onReset={() => reset.mutate(undefined, { onSuccess: () => setSelected(null) })}
      />

      {availability.status === 'loading' && <Waiting label={texts.pleaseWait} />}
      {availability.status === 'error' && <FailureNotice phone={office.office_phone} onRetry={availability.reload} />}
      {noneAtAll && <NoAvailability phone={office.office_phone} email={office.office_email} />}
      {availability.status === 'ready' &&
        (options.listMode ? (
          <Suspense fallback={<Waiting label={texts.pleaseWait} />}>
            <ListMode
              availability={availability}
              pageSize={options.listPageSize}
              describe={describe}
              selectedId={selectedId}
              onSelect={setSelected}
              phone={office.office_phone}
            />
          </Suspense>
        ) : noneAtAll ? (
          <Typography>
            <ContactText text={scheduleTexts.noneInCalendar(office.office_phone)} phone={office.office_phone} />
          </Typography>
        ) : (
          <CalendarMode
            heldAt={heldAt}
            availability={availability}
            today={options.today}
            firstDate={options.firstDate}
            limit={options.appointmentLimit}
            describe={describe}
            selectedId={selectedId}
            onSelect={setSelected}
          />
        ))}
      {availability.moreFailed && (
        <FailureNotice phone={office.office_phone} onRetry={() => void availability.fetchMore()} sx={{ mt: 3 }} />
      )}
      {(isFailure(save.error) || isFailure(reset.error)) && (
        <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />
      )}
      {order.office_booking && (
        <Suspense fallback={<Waiting label={texts.pleaseWait} />}>
          <OfficeHoldSection onHeld={heldMoveOn} />
        </Suspense>
      )}

      <Suspense fallback={null}>
        {outcome?.result.status === 'unavailable' && (
          <NotAvailableDialog
            at={outcome.slot.start_datetime}
            alternatives={outcome.result.appointments}
            describe={describeAs(true)}
            phone={office.office_phone}
            onClose={() => save.reset()}
            onChoose={(slot) => {
              setSelected(slot);
              choose(slot);
            }}
          />
        )}
      </Suspense>
    </StepFrame>
  );
}

/**
 * Decision 0029: above the times, whose clock they are on (only when the visitor's reads them
 * otherwise) and how long the inspection takes (once the cart gives a length).
 */
function TimesNote({ timeZone, durationMinutes }: { timeZone: string; durationMinutes: number }) {
  const zone = zoneSuffix(timeZone, Date.now()).trim();
  const length = lengthText(durationMinutes);
  if (!zone && !length) return null;
  return (
    <Typography variant="body2" data-testid="times-note" sx={{ color: 'text.secondary', mb: 2 }}>
      {[zone ? calendarTexts.officeZone(zone) : '', length ? calendarTexts.length(length) : '']
        .filter(Boolean)
        .join(' ')}
    </Typography>
  );
}
