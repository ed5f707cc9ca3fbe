/**
 * Spec 2.5, 4.2 step 5: with the calendar last, a held pick opens the review-order panel. The
 * calendar is in the first step's download and the panel is a lazy chunk, so they meet through a
 * window event whose name and detail are typed here: types only, no bytes in either chunk.
 */
export interface HeldPick {
  /** The held time's start, as office wall time ("YYYY-MM-DD HH:mm:ss"). */
  at: string;
  /** How long the time is held for. */
  minutes: number;
}

/** The event's name: the calendar dispatches it on `window`, the shown panel listens. */
export type OpenReviewPanel = 'scheduler:open-review-panel';

declare global {
  interface WindowEventMap {
    'scheduler:open-review-panel': CustomEvent<HeldPick>;
  }
}
