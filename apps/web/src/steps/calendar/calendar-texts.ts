/** Words only the calendar step uses, in its own chunk rather than the shell's texts.ts. */
export const calendarTexts = {
  /** Spec 2.5: the calendar is last and the cart changed since the time was held. */
  cartChanged: 'Your shopping cart has changed and requires you to select another appointment.',
  /** Decision 0029: whose clock the times are on, when the visitor's reads them otherwise. */
  officeZone: (abbreviation: string) => `Times are the office's local time (${abbreviation}).`,
  /** Decision 0029: how long the inspection of the cart so far takes. */
  length: (length: string) => `Your inspection takes ${length}.`,
} as const;
