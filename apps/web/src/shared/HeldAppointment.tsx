import { Suspense, type ComponentProps } from 'react';
import { lazyChunk } from './chunk-load.ts';

// A first visit has no held time: the box, the hold line and their formatters load only when
// there is one, which keeps them out of the first step's download.
const HeldAppointmentBox = lazyChunk(() => import('./HeldAppointmentBox.tsx'));

/**
 * The calendar's green box for a time already chosen: "Date" and "Time" as the spec words them,
 * the inspectors when the company shows names, how long it is held, and Reset, which asks before
 * it releases the hold. Nothing when the order has no time.
 */
export function HeldAppointment(props: ComponentProps<typeof HeldAppointmentBox>) {
  if (!props.order.datetime) return null;
  return (
    <Suspense fallback={null}>
      <HeldAppointmentBox {...props} />
    </Suspense>
  );
}
