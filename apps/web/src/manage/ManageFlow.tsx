import { Suspense, useState } from 'react';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { wallTimeIn } from '@scheduler/domain/scheduling-text';
import { describeSlot } from '../shared/appointments/slot-labels.ts';
import { lazyChunk } from '../shared/chunk-load.ts';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import { useStepForm } from '../shared/form/use-step-form.ts';
import { isFieldError } from '../shared/form/server-errors.ts';
import { useCancelBooking, useHoldTime, useReschedule, type ManageLink } from './api.ts';
import { cancelFormSchema, type CancelFormInput } from './cancel-form.ts';
import { ConfirmMoveScreen } from './ConfirmMoveScreen.tsx';
import { manageFailure } from './manage-errors.ts';
import { CANCEL_REASON_MAX as REASON_MAX } from '@scheduler/contracts/manage-limits';
import { ManageOverview } from './ManageOverview.tsx';
import type { PageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';
import { RescheduleScreen } from './RescheduleScreen.tsx';

// Dialogs load with the action that opens them (docs/wizard-conventions.md).
const CancelDialog = lazyChunk(() => import('./CancelDialog.tsx'));
const NotAvailableDialog = lazyChunk(() =>
  import('../shared/appointments/NotAvailableDialog.tsx').then((m) => ({ default: m.NotAvailableDialog })),
);

type Screen = 'overview' | 'reschedule' | 'confirm';

const describeLong = (slot: AppointmentSlot) => describeSlot(slot, { long: true, showNames: false, users: [] });

/**
 * The page's screens, a chunk loaded while the booking is read: the overview, the reschedule
 * calendar, the held time's confirmation, and the cancel dialog over the overview. Each write is
 * one mutation, whose state the screens show. A refusal that makes the page out of date (the policy refuses now, the
 * booking was moved meanwhile) brings the visitor back to the overview, read afresh, with the
 * server's sentence; any other failure stays on its screen with everything chosen or typed.
 */
export default function ManageFlow({ link, view }: { link: ManageLink; view: ManageOrderView | undefined }) {
  const [screen, setScreen] = useState<Screen>('overview');
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const hold = useHoldTime(link);
  const reschedule = useReschedule(link);
  const cancel = useCancelBooking(link);
  const form = useStepForm(cancelFormSchema, { reason: '' } satisfies CancelFormInput);

  const backToOverview = (next: PageNotice | null) => {
    setNotice(next);
    setScreen('overview');
  };
  /** The page was out of date: the overview, read again, says why. */
  const onStaleRefusal = (error: unknown) => {
    const failure = manageFailure(error);
    if (failure?.kind === 'refused' || failure?.kind === 'order-changed')
      backToOverview({ tone: 'warning', text: failure.message });
  };

  const holdSlot = (slot: AppointmentSlot) => {
    reschedule.reset();
    hold.mutate(slot, {
      onSuccess: ({ result }) => {
        if (result.status === 'ok') setScreen('confirm');
      },
      onError: onStaleRefusal,
    });
  };

  const held = hold.data?.result.status === 'ok' ? hold.data.result : null;
  // The code arrives while the booking is read, or the other way round: the skeleton stands in until both are here.
  if (!view) return <StepSkeleton />;
  const zone = view.office.time_zone;

  const confirmMove = () => {
    if (!held) return;
    reschedule.mutate(
      { start: held.start, from_start: view.order.start, fee_cents: view.reschedule.fee_cents },
      {
        onSuccess: (result) => {
          if (result.status !== 'ok') return;
          hold.reset();
          const when = result.view.order.when;
          backToOverview({ tone: 'success', text: t.moved(`${when.date}, ${when.time}`) });
        },
        onError: onStaleRefusal,
      },
    );
  };

  const submitCancel = form.handleSubmit(({ reason }) =>
    cancel.mutate(
      { reason, fee_cents: view.cancel.fee_cents },
      {
        onSuccess: () => {
          setCancelOpen(false);
          setNotice(null);
          form.reset({ reason: '' });
        },
        onError: (error) => {
          if (isFieldError(error, ['reason']))
            form.setError(
              'reason',
              { type: 'server', message: t.cancelDialog.reasonRefused(REASON_MAX) },
              { shouldFocus: true },
            );
        },
      },
    ),
  );

  // The alternatives when the picked time, or the held one at confirm, was taken meanwhile.
  const lost =
    hold.data?.result.status === 'unavailable'
      ? { at: hold.data.slot.start_datetime, alternatives: hold.data.result.appointments, close: () => hold.reset() }
      : reschedule.data?.status === 'unavailable' && held
        ? {
            at: wallTimeIn(held.start, zone),
            alternatives: reschedule.data.appointments,
            close: () => reschedule.reset(),
          }
        : null;

  let content;
  if (screen === 'confirm' && held) {
    content = (
      <ConfirmMoveScreen
        view={view}
        held={held}
        confirming={reschedule.isPending}
        error={reschedule.error}
        onConfirm={confirmMove}
        onAnother={() => {
          reschedule.reset();
          setScreen('reschedule');
        }}
      />
    );
  } else if (screen !== 'overview') {
    content = (
      <RescheduleScreen
        link={link}
        view={view}
        holding={hold.isPending}
        holdError={hold.error}
        onHold={holdSlot}
        onBack={() => {
          hold.reset();
          backToOverview(null);
        }}
      />
    );
  } else {
    content = (
      <ManageOverview
        view={view}
        notice={notice}
        onReschedule={() => {
          hold.reset();
          reschedule.reset();
          setNotice(null);
          setScreen('reschedule');
        }}
        onCancel={() => {
          cancel.reset();
          setNotice(null);
          setCancelOpen(true);
        }}
      />
    );
  }

  return (
    <>
      {content}
      <Suspense fallback={null}>
        {cancelOpen && screen === 'overview' && (
          <CancelDialog
            view={view}
            control={form.control}
            busy={cancel.isPending}
            error={cancel.error}
            onSubmit={(event) => void submitCancel(event)}
            onClose={() => {
              cancel.reset();
              setCancelOpen(false);
            }}
          />
        )}
        {lost && (
          <NotAvailableDialog
            at={lost.at}
            alternatives={lost.alternatives}
            describe={describeLong}
            phone={view.office.office_phone}
            onClose={lost.close}
            onChoose={(slot) => {
              lost.close();
              holdSlot(slot);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
