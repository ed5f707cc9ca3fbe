/** The words only the packages step uses (spec 2.9, 8.4), kept out of the first step's bundle. */
export const packagesTexts = {
  packagesHeading: 'Select a package',
  servicesHeading: 'Add the services that you need',
  additionalHeading: 'Additional Charges',
  bestOffer: 'Best Offer!',
  inSavings: (amount: string) => `${amount} in savings`,
  includes: 'Includes:',
  selectPackage: 'SELECT PACKAGE',
  removePackage: 'REMOVE PACKAGE',
  addService: 'Add Service',
  removeService: 'Remove Service',
  inPackage: 'In Package',
  primaryFirst: "Please add a 'primary' service to your cart first",
  /** ALLOW_ONLY_SINGLE_SERVICE with a primary service in the cart: the server's own words (spec 5.7). */
  singlePrimary: 'Only one primary service can be ordered at a time.',
  rush: {
    packagePrompt: "Do you want to rush RER's delivery?",
    serviceHeading: 'Repair Estimate Report Rush Delivery',
    delivery:
      'Your Repair Estimate Report is normally delivered 36-48 hours after the inspection. A rush delivery is guaranteed within 24 hours.',
    price: (amount: string) => `Rush delivery: ${amount}`,
    add: 'Rush the Report',
    remove: 'Remove Rush',
  },
  /** A returning agent's usual cart, added on arrival (decision 0094). */
  usualCart: (names: readonly string[]) =>
    `We've added what you booked last time: ${new Intl.ListFormat('en-US').format(names)}. Remove anything this client does not need.`,
  pac: {
    qualifies: (name: string) => `Your inspection qualifies you to ${name}!`,
    add: 'Add Pay At Close',
    remove: 'Remove Pay At Close',
    stateFee: (fee: string, name: string) =>
      `Please note a ${fee} ${name} Service fee will be added to your order total.`,
    removed: (name: string) => `${name} is no longer available for this order and has been removed.`,
    reminderTitle: 'Quick Reminder',
    reminder: (name: string) =>
      `Your inspection qualifies you to ${name}, and you have not added it. You can go back and add it, or continue without it.`,
    goBack: 'Go back',
    continueAnyway: 'Continue anyway',
  },
  offer: {
    intro: (several: boolean) =>
      `It looks like you've added services that you can get in ${several ? 'one or more' : 'one'} of our packages:`,
    save: (amount: string) => `Save ${amount} over your current selection!`,
    add: 'Add Package',
    noThanks: 'No thanks',
  },
  conflict: {
    title: 'Sorry!',
    message: (when: string) => `The time at ${when} has a conflict with the inspectors set to perform your inspection.`,
  },
  /** Said in place, on the step, the moment a cart change meets the held time (issue 20 item 1, decision 0034). */
  heldTime: {
    checking: 'Checking that your held time still fits…',
    doesNotFitTitle: 'Your held time no longer fits',
    doesNotFit: (when: string) =>
      `${when} can't take the services you chose. Choose one of these times, the nearest first, or pick another on the calendar.`,
    noneNearby: (when: string) =>
      `${when} can't take the services you chose, and no time nearby can. Please pick another time on the calendar.`,
    nearestTimes: 'The nearest times that fit',
    pickAnother: 'Pick another time',
    teamChanged: (names: string, when: string) =>
      `Your services need another inspector: ${names} will inspect on ${when}. Your time is still held for you.`,
    teamGrew: (count: number, when: string) =>
      `Your services need ${count} inspectors on ${when}. Your time is still held for you.`,
    moved: (when: string) => `Your inspection is now held for ${when}.`,
  },
  noServicesTitle: "We're sorry",
  noServices: (phone: string) =>
    `We don't have any services to offer at this time through our online scheduling form. For help scheduling your inspection please call us at ${phone}.`,
  busy: 'Please wait',
} as const;
