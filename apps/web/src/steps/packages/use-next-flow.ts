import { useState } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { nextStep } from '@scheduler/domain/route-table';
import { wallTimeIn } from '@scheduler/domain/scheduling-text';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { useHoldAlternative, usePackagesNext } from './api.ts';
import { useReleaseTime } from '../../shared/use-release-time.ts';

export interface TimeDialog {
  kind: 'conflict' | 'unavailable';
  /** The time that no longer works, as an office wall time. */
  datetime: string;
  appointments: AppointmentSlot[];
}

/**
 * Spec 4.3-4.4: what Next does once the pay-at-close reminder is out of the way. Calendar last: the
 * calendar follows (after giving up a held time the cart no longer fits). Otherwise a held time is
 * checked against the cart and held again for a grown team; a conflict or a lost time opens the
 * dialog, whose substitutes are held instead.
 */
export function useNextFlow(appointmentLimit: number, inspectedServices: string[]) {
  const { scope, order, office, mode, hasControls, goTo } = useScheduler();
  const [dialog, setDialog] = useState<TimeDialog | null>(null);
  const next = usePackagesNext(scope);
  const release = useReleaseTime(scope);
  const holdAlternative = useHoldAlternative(scope);
  const following = nextStep(mode, 'packages', hasControls);
  const go = () => following && goTo(following);

  const proceed = () => {
    if (mode === 'calendar-last') {
      if (order.services_changed && order.datetime) release.mutate(undefined, { onSuccess: go });
      else go();
      return;
    }
    next.mutate(
      { order, limit: appointmentLimit, services: inspectedServices },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'proceed') go();
          else
            setDialog({
              kind: outcome.kind,
              datetime: wallTimeIn(order.datetime!, office.time_zone),
              appointments: outcome.appointments,
            });
        },
      },
    );
  };

  const choose = (slot: AppointmentSlot) =>
    holdAlternative.mutate(slot, {
      onSuccess: (result) => {
        if (result.status === 'ok') {
          setDialog(null);
          go();
        } else setDialog({ kind: 'unavailable', datetime: slot.start_datetime, appointments: result.appointments });
      },
    });

  return {
    proceed,
    dialog,
    closeDialog: () => setDialog(null),
    choose,
    pending: next.isPending || release.isPending || holdAlternative.isPending,
    error: next.error ?? release.error ?? holdAlternative.error,
  };
}
