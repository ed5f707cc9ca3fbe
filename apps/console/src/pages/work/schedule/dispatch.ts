import type { DragEvent } from 'react';
import type { ConsoleBooking } from '@scheduler/contracts/console';

/** An inspector column a booking may be moved to. */
export interface MoveTarget {
  id: number;
  name: string;
}

/** A booking picked up, and how far below its block's top the pointer took it. */
export interface HeldBooking {
  booking: ConsoleBooking;
  inspectorId: number;
  offsetY: number;
}

/**
 * What the grids need to dispatch (given only to members who may move orders): the columns a
 * booking may go to, the booking being dragged, and the move asked, by a drop or by Move to….
 * `start` is the drop's "HH:MM"; null keeps the choice of time to the dialog.
 */
export interface Dispatch {
  targets: readonly MoveTarget[];
  grab: (held: HeldBooking) => void;
  held: () => HeldBooking | null;
  move: (booking: ConsoleBooking, target: MoveTarget, date: string, start: string | null) => void;
}

/** The drag handlers of a place a booking may be dropped on: `startOf` says the start a drop there means. */
export function dropTarget(
  dispatch: Dispatch | undefined,
  target: MoveTarget,
  date: string,
  startOf: (event: DragEvent<HTMLElement>, held: HeldBooking) => string,
) {
  if (!dispatch) return {};
  return {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dispatch.held()) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      const held = dispatch.held();
      if (!held) return;
      event.preventDefault();
      const start = startOf(event, held);
      // Put back where it was: nothing to ask.
      if (target.id === held.inspectorId && date === held.booking.local_date && start === held.booking.local_start)
        return;
      dispatch.move(held.booking, target, date, start);
    },
  };
}

/** The block's drag start: remembers the booking and where in it the pointer took hold. */
export function dragStart(dispatch: Dispatch | undefined, booking: ConsoleBooking, inspectorId: number) {
  if (!dispatch) return undefined;
  return (event: DragEvent<HTMLElement>) =>
    dispatch.grab({
      booking,
      inspectorId,
      offsetY: event.clientY - event.currentTarget.getBoundingClientRect().top,
    });
}
