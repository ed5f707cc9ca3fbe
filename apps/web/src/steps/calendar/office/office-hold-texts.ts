import { joinNames } from '@scheduler/domain/scheduling-text';

/** Words only the office's "any time" section of the calendar uses (issue 25), in its own chunk. */
export const officeHoldTexts = {
  title: 'Office: any time',
  intro: 'Hold a time the calendar does not offer. What the rules would refuse a visitor is shown first.',
  /** Whose clock the fields are on: always said, the office member may be anywhere. */
  zone: (abbreviation: string) => `Times are in ${abbreviation}.`,
  date: 'Date',
  time: 'Start time',
  timeHint: 'Like 2:30 PM or 14:30',
  inspectors: 'Inspectors to send',
  length: 'Length (minutes)',
  lengthHint: (cart: string | null) =>
    cart ? `The cart takes ${cart}.` : 'Empty: the length of the services in the cart.',
  hold: 'Hold this time',
  required: 'Required',
  dateFormat: 'Enter a date.',
  timeFormat: 'Enter a time like 2:30 PM or 14:30.',
  noSuchTime: 'That time does not exist on this date: the clocks go forward then.',
  inspectorsRequired: 'Choose at least one inspector.',
  inspectorsTooMany: (max: number) => `Send at most ${max} inspectors.`,
  lengthRange: (max: number) => `Length must be a whole number of minutes from 1 to ${max.toLocaleString('en-US')}.`,
  warningsTitle: 'A visitor could not book this time:',
  bookAnyway: 'Book it anyway',
  changeTime: 'Change the time',
  /** The server names the chosen inspectors who are taken then (none when the hold raced a change it no longer sees). */
  booked: (names: readonly string[], when: string) =>
    names.length === 0
      ? `That time was just taken on ${when}. Choose another time or other inspectors.`
      : `${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} already booked on ${when}. Choose another time or ${names.length === 1 ? 'another inspector' : 'other inspectors'}.`,
  signIn: 'Sign in to the console in this browser to book outside the rules.',
} as const;
