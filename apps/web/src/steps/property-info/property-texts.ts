/**
 * The property step's words (spec 2.8). Kept with the step rather than in the shared texts, so
 * that they load with the step and not with the first screen.
 */
export const propertyTexts = {
  required: 'Required', // 2.8
  select: 'Select', // 2.8
  pricingBanner: 'Changing property information may affect the pricing of items in your shopping cart.', // 2.8
  specialNote: 'Special instructions and notes', // 2.8
  referReasonOther: 'Please tell us more',
  /** Under a Date or ClosingDate field: how the company writes dates (spec 3.3). */
  dateAs: (format: string) => `As ${format}`,
  /** The calendar button of a date answer, and its dialog, each naming the question. */
  chooseDate: (question: string) => `Choose ${question} on a calendar`,
  calendarOf: (question: string) => `Calendar: ${question}`,
};
