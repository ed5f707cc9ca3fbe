/**
 * The product's words, verbatim from the specification (section numbers in the comments).
 * Screens take their texts from here so that wording stays exact and in one place.
 */
/** A phone number inside a sentence never breaks across lines. */
const keepTogether = (phone: string) => phone.replace(/ /g, '\u00a0');

export const texts = {
  loading: "Hang on, we're setting up!", // 2.3
  status: {
    disabled: 'Sorry! Our Online Scheduling System is currently disabled.', // 2.13
    noServices: 'Our Online Scheduling System is currently unable to provide any services.',
    unauthorized: 'Your session expired or you are not authorized to schedule this online order...',
    notFound: "Sorry! We couldn't find the page you were looking for...",
    scheduleAgain: 'Schedule Again',
    startAgain: 'Start again',
  },
  stepTitles: {
    'postal-code': 'Please enter the Postal Code of the property to be inspected', // 2.4
    calendar: 'When would you like your inspection?', // 2.5
    address: 'Where is this inspection located?', // 2.6
    contacts: 'People associated with this inspection', // 2.7
    'property-info': 'Please provide information about the property', // 2.8
    packages: 'Select a package', // 2.9
    review: 'Review your order', // 2.10, 2.11
  },
  /** Short names of the steps, as the review panel's sections name them (2.10). */
  stepNames: {
    'postal-code': 'Postal Code',
    calendar: 'Date & Time',
    address: 'Address',
    contacts: 'Contact Info',
    'property-info': 'Property Info',
    packages: 'Services',
    review: 'Review',
  },
  back: 'Back',
  next: 'Next',
  /** Under a field the company's page filled in and locked (issue 27). */
  lockedField: 'Filled in for you. To change it, please call the office.',
  officeDetails: 'Office details',
  pleaseWait: 'Please wait',
  tryAgain: 'Try again',
  /** A chunk of the wizard could not be loaded: a new version was deployed while the visitor was on the page (issue 19). */
  pageUpdated: 'This page was updated. Reload to continue.',
  reload: 'Reload',
  pageUpdatedCall: (phone: string) => `If it keeps happening, call our office at ${keepTogether(phone)}.`,
  somethingWentWrong: (phone: string) => `Something went wrong. Please try again, or call our office at ${keepTogether(phone)}.`, // decision 0009, other request errors
  postalCode: {
    label: 'Postal Code', // 2.4
    noAvailability: (postalCode: string, phone: string) =>
      `We're sorry but there is no upcoming availability in the ${postalCode} postal code. You can always call us at ${keepTogether(phone)} for help scheduling your inspection.`, // 8.3
  },
  calendar: {
    postalCodeNote: (postalCode: string) => `Availability may be affected by the postal code you entered (${postalCode})`, // 2.5
    changePostalCode: 'Change postal code',
    noneAtAll: { before: "Sorry, we don't have any upcoming availability. Please contact us by calling ", between: ' or emailing ' }, // 8.3
    selectDay: 'Select a day',
    selectTimeSlot: 'Select a time slot',
    preferredNote: '* indicates preferred inspectors',
    noneInCalendar: (phone: string) => `We're sorry. There are no appointments available. Please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
    showMore: 'Show More',
    loadingMore: "We're loading more appointments",
    listEnd: (additional: boolean, phone: string) =>
      `We're sorry. There are no ${additional ? 'additional ' : ''}appointments available. If you need a date not listed please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
    reset: 'Reset',
    date: (date: string) => `Date: ${date}`, // 2.10
    time: (time: string) => `Time: ${time}`,
    holding: (when: string, minutes: number) => `We're holding ${when} for you for ${minutes} minutes while you finish your order.`, // decision 0009, holding a time
  },
  appointmentDialog: {
    title: 'Sorry!', // 2.12
    noLongerAvailable: (when: string) => `The appointment on ${when} is no longer available.`,
    selectAnother: 'Please select another appointment:',
    noAlternatives: (phone: string) =>
      `We're sorry. There are no other appointments available for your service requirements. Please call our office at ${keepTogether(phone)} for help scheduling your inspection.`,
    close: 'Close',
  },
  skipToMain: 'Skip to main content',
} as const;
