/**
 * The words of the held time and of resuming an order: not spec texts but the wizard's own
 * (issue "the wizard's feel"). Apart from texts.ts so that they load with the screens that show
 * them, not with the first step.
 */
/** The hold the visitor can see on every step after the calendar (DECISIONS 4.2). */
export const holdTexts = {
  heldUntil: (time: string) => `Held for you until ${time}`,
  timeLeft: (countdown: string) => `${countdown} left`,
  minutesLeft: (minutes: string) => `${minutes} left to finish before your held time is released.`,
  lapsed: (time: string) =>
    `Your hold ended at ${time}. If someone else books this time before you finish, we'll ask you to choose another.`,
  withInspectors: (names: string) => `with ${names}`,
  resetTitle: 'Release this time?',
  resetText: (when: string) => `Reset releases ${when} so that someone else can book it, and you choose a time again.`,
  keep: 'Keep this time',
  release: 'Release it',
} as const;

/** Reopening the scheduler link while an unfinished order of the office is in this browser. */
export const resumeTexts = {
  title: 'Welcome back',
  text: 'You have started an order in this browser and not finished it yet.',
  held: (when: string, until: string) => `${when} is held for you until ${until}.`,
  chosen: (when: string) => `You chose ${when}.`,
  continue: 'Continue where you left off',
  startOver: 'Start over',
} as const;
