import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { AddressScreen } from './AddressScreen.tsx';

/**
 * Spec 2.6: where is this inspection located? The address needs a time to check it against, so
 * when the calendar comes before this step and no time is chosen yet, the visitor goes there first.
 */
export default function AddressStep() {
  const { mode, order, pathOf } = useScheduler();
  const navigate = useNavigate();
  const needsTime = mode !== 'calendar-last' && !order.datetime;
  useEffect(() => {
    if (needsTime) void navigate(pathOf('calendar'), { replace: true });
  }, [needsTime, navigate, pathOf]);
  return needsTime ? <StepSkeleton /> : <AddressScreen />;
}
