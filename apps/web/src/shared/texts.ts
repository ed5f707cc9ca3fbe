/**
 * The product's words, verbatim from the specification (section numbers in the comments).
 * Screens take their texts from here so that wording stays exact and in one place.
 */
export const texts = {
  loading: "Hang on, we're setting up!", // 2.3
  status: {
    disabled: 'Sorry! Our Online Scheduling System is currently disabled.', // 2.13
    noServices: 'Our Online Scheduling System is currently unable to provide any services.',
    unauthorized: 'Your session expired or you are not authorized to schedule this online order...',
    notFound: "Sorry! We couldn't find the page you were looking for...",
    scheduleAgain: 'Schedule Again',
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
  thankYou: {
    title: 'Thank you!', // 2.11
    defaultText: 'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
    payOnline: 'Pay Online',
  },
  officeDetails: 'Office details',
} as const;
