/**
 * The calendar's Next holds the time and goes straight on (DECISIONS 4.2 step 5, first reading):
 * the next step's held-time notice says it once, in the decision's words. The calendar marks the
 * hold here; the notice takes the mark when it first shows, so a later step does not repeat it.
 */
let heldJustNow = false;

export function markJustHeld(): void {
  heldJustNow = true;
}

/** Whether the calendar has just held the time; true once per hold. */
export function takeJustHeld(): boolean {
  const was = heldJustNow;
  heldJustNow = false;
  return was;
}
