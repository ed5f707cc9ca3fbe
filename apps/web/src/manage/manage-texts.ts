/**
 * Every word of the "Manage your inspection" page (issue 24), in its own chunk: the page loads
 * from a link in the confirmation messages, never with the wizard's first step.
 */
const keepTogether = (text: string) => text.replace(/ /g, '\u00a0');

export const manageTexts = {
  title: 'Manage your inspection',
  documentTitle: (company: string) => `Manage your inspection | ${company}`,
  reference: (reference: string) => `Reference ${reference}`,

  panels: {
    dateTime: 'Date and Time',
    dateTimeInspector: 'Date, Time and Inspector',
    address: 'Address',
    people: 'People',
    cart: 'Shopping Cart',
    payment: 'Payment',
  },
  /** Decision 0029: the inspection's length follows its time. */
  takes: (length: string) => `Takes ${length}`,
  total: 'Total:',
  paid: 'Paid',
  notPaid: 'Not paid yet',
  /** Part is paid (the office took some): what is left, as the e-mails say it. */
  balanceDue: (amount: string) => `Balance due ${amount}`,

  state: {
    cancelled: 'This inspection is cancelled.',
    cancelledOn: (date: string) => `It was cancelled on ${date}.`,
    cancelledFee: (fee: string) => `A cancellation fee of ${fee} applies.`,
    /** The office's reason for cancelling, which the console tells it the client sees. */
    cancelledReason: (reason: string) => `Reason: ${reason}`,
    over: 'This inspection has taken place.',
    /** Under a cancelled or past inspection: who can help from here. */
    questions: 'Questions? Contact the office:',
  },

  changes: 'Change your booking',
  reschedule: {
    heading: 'Reschedule',
    button: 'Reschedule',
    until: (deadline: string) => `You can reschedule online until ${deadline}.`,
    remaining: (count: number) =>
      count === 0
        ? 'It cannot be moved online again.'
        : count === 1
          ? 'You can reschedule online once more.'
          : `You can reschedule online ${count} more times.`,
    fee: (fee: string) => `Moving now costs ${fee} (the company's late-reschedule fee).`,
  },
  cancel: {
    heading: 'Cancel',
    button: 'Cancel inspection',
    until: (deadline: string) => `You can cancel online until ${deadline}.`,
    fee: (fee: string) => `Cancelling now costs ${fee} (the company's late-cancellation fee).`,
    feeFrom: (from: string, fee: string) =>
      `Cancelling after ${from} costs ${fee} (the company's late-cancellation fee).`,
  },
  /** Beside a refusal's reason: the office that can make the change. */
  callTheOffice: 'The office can help:',

  history: 'History',

  /** The agreements a client signs (issue 43), from their manage page. */
  agreements: {
    heading: 'Your inspection agreement',
    pending: 'Waiting for your signature.',
    signed: 'You signed it. The other client(s) still need to sign.',
    complete: 'Signed by everyone: your signed copy is ready.',
    sign: (title: string) => `Review and sign: ${title}`,
    open: (title: string) => `Open the signed agreement: ${title}`,
  },

  /** The receipts of what was paid and given back (decision 0082), each a PDF to download. */
  receipts: {
    heading: 'Your receipts',
  },

  /** The reschedule screen: a calendar of the order's own cart, address and rules. */
  pick: {
    title: 'Choose a new time',
    current: (when: string) => `Your inspection is now on ${when}.`,
    officeZone: (abbreviation: string) => `Times are the office's local time (${abbreviation}).`,
    length: (length: string) => `Your inspection takes ${length}.`,
    /** The month arrows: short on the screen, named in full for a screen reader. */
    previous: 'Previous',
    next: 'Next',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    selectDay: 'Select a day',
    selectTime: 'Select a time slot',
    timesCount: (count: number) => (count === 1 ? '1 time' : `${count} times`),
    /** The booking's own time among a day's times: marked, and no choice. */
    currentTime: 'Your current time',
    /** A day of the list that holds the booking's own time, besides `count` times to move to. */
    timesWithCurrent: (count: number) =>
      count === 0
        ? 'Your current time'
        : `Your current time and ${count === 1 ? '1 other time' : `${count} other times`}`,
    noTimesInMonth: (month: string) => `There are no open times in ${month}. Try the next month.`,
    loading: "We're loading the open times",
    hold: 'Hold this time',
    back: 'Back',
  },

  /** The held time, before the visitor confirms the move. */
  confirm: {
    title: 'Confirm your new time',
    newTime: 'New time',
    currentTime: 'Current time',
    confirm: 'Confirm new time',
    another: 'Choose another time',
  },
  moved: (when: string) => `Your inspection is moved to ${when}.`,

  /** The cancel dialog. */
  cancelDialog: {
    title: 'Cancel your inspection?',
    question: (when: string) => `Your inspection on ${when} will be cancelled.`,
    reason: 'Reason for cancelling (optional)',
    reasonHint: (max: number) => `Up to ${max.toLocaleString('en-US')} characters.`,
    reasonTooLong: (max: number) => `Please keep your reason under ${max.toLocaleString('en-US')} characters.`,
    reasonRefused: (max: number) =>
      `We could not accept this reason. Please keep it under ${max.toLocaleString('en-US')} characters and try again.`,
    confirm: 'Cancel inspection',
    keep: 'Keep my inspection',
    feeChanged: (fee: string | null) =>
      fee
        ? `The cancellation fee has changed: cancelling now costs ${fee}. Confirm again if you still want to cancel.`
        : 'The cancellation fee has changed: cancelling now costs nothing. Confirm again if you still want to cancel.',
  },

  /** Refusals that are not the policy's. */
  failure: {
    busy: (phone: string) =>
      `Too many tries in a short time. Please wait a minute and try again${phone ? `, or call the office at ${keepTogether(phone)}` : ''}.`,
    unavailable: (phone: string) =>
      `The booking service is briefly unavailable. Please try again in a moment${phone ? `, or call the office at ${keepTogether(phone)}` : ''}.`,
    other: (phone: string) =>
      `Something went wrong. Please try again${phone ? `, or call the office at ${keepTogether(phone)}` : ''}.`,
    tryAgain: 'Try again',
  },

  /**
   * The link is unknown, revoked or past its inspection: no booking to name. The company the link's
   * URL names is, when there is one: its phone follows its name.
   */
  invalid: {
    title: 'This link is not valid any more',
    hint: 'Please use the link in the latest e-mail or text message about your inspection, or call the inspection company.',
    callCompany: (company: string) =>
      `Please use the link in the latest e-mail or text message about your inspection, or call ${company} at`,
    callOneOfOffices: (company: string) =>
      `Please use the link in the latest e-mail or text message about your inspection, or call one of ${company}'s offices:`,
  },
} as const;
