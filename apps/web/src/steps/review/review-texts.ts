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
  /** A payment taken before the booking (issue 44, decision 0085). */
  payment: {
    heading: 'Payment to book',
    deposit: (amount: string, dueLater: string, total: string) =>
      `A deposit of ${amount} is paid by card to book this inspection; the remaining ${dueLater} is due at the inspection. Total ${total}, tax included.`,
    full: (total: string) => `The total of ${total}, tax included, is paid by card to book this inspection.`,
    card: 'Your card is saved with our payment processor, Stripe, to book this inspection. Nothing is charged now.',
    keptForFees:
      'Stripe keeps your card for the fees of our rescheduling and cancellation policy; it is charged only as that policy says.',
    how: "Confirm My Inspection opens Stripe's secure payment page. Your inspection is booked as soon as the payment goes through.",
    howCard:
      "Confirm My Inspection opens Stripe's secure page to save your card. Your inspection is booked as soon as the card is saved.",
    opening: 'Opening the payment page…',
    payInTab: "Open Stripe's payment page",
    inTab: 'The payment page opens in a new tab. This page moves on by itself once the payment goes through.',
    waiting: 'Waiting for Stripe to confirm your payment…',
    cancelled: (until: string) =>
      `Your payment was not completed, and nothing was charged. Your time is held until ${until}: confirm again to pay.`,
    notBooked:
      'Your payment went through, but the inspection could not be booked: the order changed or the time was taken while you paid. The payment is being refunded to your card in full. Please check your order and choose a time again.',
    expired:
      'The payment page closed before a payment was made, and the time is no longer held. Please choose a time again.',
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
    /** Paid at booking (issue 44): what was taken, and what is left for the inspection. */
    depositPaid: (dueLater: string) => `Deposit paid, ${dueLater} due at the inspection.`,
    paidInFull: (amount: string) => `Paid in full at booking: ${amount}, tax included.`,
    cardSaved: 'Your card is saved with Stripe for the fees of our rescheduling and cancellation policy.',
    /** The booking was cancelled afterwards (issue 24): its old thank-you page says so. */
    cancelled: 'This inspection was cancelled. To book another, choose Schedule Again.',
    /** Opens the booking's manage page (issue 24): reschedule or cancel within the company's policy. */
    manage: 'Manage your inspection',
    manageFailed: 'The manage page could not be opened. Please try again, or use the link in your confirmation e-mail.',
  },
} as const;
