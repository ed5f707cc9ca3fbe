import { keepTogether } from './texts.ts';

/** The calendar's and a held appointment's words (spec 2.5, 2.10, 8.3): loaded with the screens that show them, not with every first step. */
export const scheduleTexts = {
  postalCodeNote: (postalCode: string) => `Availability may be affected by the postal code you entered (${postalCode})`, // 2.5
  changePostalCode: 'Change postal code',
  noneAtAll: {
    before: "Sorry, we don't have any upcoming availability. Please contact us by calling ",
    between: ' or emailing ',
  }, // 8.3
  selectDay: 'Select a day',
  selectTimeSlot: 'Select a time slot',
  preferredNote: '* indicates preferred inspectors',
  noneInCalendar: (phone: string) =>
    `We're sorry. There are no appointments available. Please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
  showMore: 'Show More',
  loadingMore: "We're loading more appointments",
  listEnd: (additional: boolean, phone: string) =>
    `We're sorry. There are no ${additional ? 'additional ' : ''}appointments available. If you need a date not listed please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
  reset: 'Reset',
  date: (date: string) => `Date: ${date}`, // 2.10
  time: (time: string) => `Time: ${time}`,
  holding: (when: string, minutes: number) =>
    `We're holding ${when} for you for ${minutes} minutes while you finish your order.`, // decision 0009, holding a time
} as const;

/** The "Sorry!" dialogs' words (spec 2.12). */
export const appointmentDialogTexts = {
  title: 'Sorry!', // 2.12
  noLongerAvailable: (when: string) => `The appointment on ${when} is no longer available.`,
  selectAnother: 'Please select another appointment:',
  noAlternatives: (phone: string) =>
    `We're sorry. There are no other appointments available for your service requirements. Please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
  close: 'Close',
} as const;
