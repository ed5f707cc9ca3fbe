/** Words only the calendar step uses, in its own chunk rather than the shell's texts.ts. */
export const calendarTexts = {
  /** Spec 2.5: the calendar is last and the cart changed since the time was held. */
  cartChanged: 'Your shopping cart has changed and requires you to select another appointment.',
} as const;
