/**
 * Spec 2.5, 4.2 step 5: with the calendar last, a held pick opens the review-order panel. The
 * calendar is in the first step's download and the panel is a lazy chunk, so they meet here, in a
 * few bytes: the calendar says what was held, the panel (while it is shown) listens.
 */
export interface HeldPick {
  /** The held time's start, as office wall time ("YYYY-MM-DD HH:mm:ss"). */
  at: string;
  /** How long the time is held for. */
  minutes: number;
}

type Listener = (pick: HeldPick) => void;
const listeners = new Set<Listener>();

/** Asks the shown review-order panel to open (a drawer) or come into view (beside the step). */
export function openReviewPanel(pick: HeldPick): void {
  for (const listener of listeners) listener(pick);
}

/** The panel's side: listens until the returned function is called. */
export function onOpenReviewPanel(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
