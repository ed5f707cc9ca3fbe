/** The words only the review-order panel uses (spec 2.10, 4.3), kept out of the first step's bundle. */
export const sidebarTexts = {
  title: 'Review your order',
  close: 'Close the order review',
  edit: 'Edit',
  contacts: (n: number) => `${n} contact(s)`,
  pacRemoved: (name: string) => `${name} is no longer available for this order and has been removed.`,
  pacActive: (name: string) => `${name} is currently activated.`,
  scheduleAppointment: 'SCHEDULE APPOINTMENT',
  startOver: 'Start Over',
  property: {
    sqft: 'Square Feet',
    yb: 'Year Built',
    salesPrice: 'Sale Price',
    foundation: 'Foundation',
  },
} as const;
