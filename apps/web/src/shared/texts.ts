/**
 * The product's words, verbatim from the specification (section numbers in the comments).
 * Screens take their texts from here so that wording stays exact and in one place.
 */
/** A phone number inside a sentence never breaks across lines. */
export const keepTogether = (phone: string) => phone.replace(/ /g, '\u00a0');

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
  /** A screen failed to render (decision 0056: the page's own data is read by its contract only after its first call). */
  pageFailed: 'Something went wrong on this page. Reload to continue.',
  pageUpdatedCall: (phone: string) => `If it keeps happening, call our office at ${keepTogether(phone)}.`,
  somethingWentWrong: (phone: string) =>
    `Something went wrong. Please try again, or call our office at ${keepTogether(phone)}.`, // decision 0009, other request errors
  postalCode: {
    label: 'Postal Code', // 2.4
    noAvailability: (postalCode: string, phone: string) =>
      `We're sorry but there is no upcoming availability in the ${postalCode} postal code. You can always call us at ${keepTogether(phone)} for help scheduling your inspection.`, // 8.3
  },
  skipToMain: 'Skip to main content',
} as const;
