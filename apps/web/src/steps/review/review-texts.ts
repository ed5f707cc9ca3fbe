/** The words only the review step and its thank-you state use (spec 2.11, 4.8), kept out of the first step's bundle. */
export const reviewTexts = {
  panels: {
    dateTimeInspector: 'Date, Time and Inspector',
    dateTime: 'Date and Time',
    myInfo: (userTypeText: string) => (userTypeText ? `My Info (${userTypeText})` : 'My Info'),
    address: 'Address',
    propertyInfo: 'Property Info',
    client: 'Client',
    shoppingCart: 'Shopping Cart',
    specialNote: 'Special instructions and notes',
    /** An additional contact whose type has no name. */
    contact: 'Contact',
  },
  notAvailable: 'n/a',
  other: (value: string) => `Other: ${value}`,
  nothingYet: 'Nothing entered yet.',
  noNote: 'None',
  change: 'Change',
  /** The accessible name of a panel's Change button: "Change" and what it changes. */
  changeLabel: (panel: string) => `Change ${panel}`,
  confirm: 'Confirm My Inspection',
  /** The company's agreement, signed on the review when the company asks for it at booking (issue 43). */
  agreements: {
    heading: 'Your inspection agreement',
    intro: (signer: string) =>
      `Please read the agreement below and sign it as ${signer} before you confirm your inspection. You will receive the signed copy by e-mail.`,
    formHeading: 'Sign the agreement',
    signedAs: (name: string) => `Signed as ${name}. Your signature is given when you confirm your inspection below.`,
    change: 'Change my signature',
    required: 'Read and sign the agreement above before you confirm your inspection.',
    changedTitle: 'The agreement changed',
  },
  pleaseWait: 'Please wait',
  intro: 'Please check your order. Use Change to correct anything, then confirm your inspection.',
  incompleteTitle: 'Your order is not complete yet.',
  /** Confirm's 409 order_changed and coupon_used_up: titles over the server's own message (decisions 0030, 0033). */
  orderChangedTitle: 'Your order changed',
  couponUsedUpTitle: 'Your coupon could not be used',
  goTo: (step: string) => `Go to ${step}`,
  thankYou: {
    title: 'Thank you!', // 2.11
    defaultText:
      'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
    payOnline: 'Pay Online',
    /** The order is paid (issue 23): in place of Pay Online. */
    paid: 'Paid',
    /** The booking was cancelled afterwards (issue 24): its old thank-you page says so. */
    cancelled: 'This inspection was cancelled. To book another, choose Schedule Again.',
    /** Opens the booking's manage page (issue 24): reschedule or cancel within the company's policy. */
    manage: 'Manage your inspection',
    manageFailed: 'The manage page could not be opened. Please try again, or use the link in your confirmation e-mail.',
  },
} as const;
