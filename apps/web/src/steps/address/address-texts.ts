/**
 * The address step's words, verbatim from the specification (2.6, 8.2). Apart from texts.ts so
 * that they load with this step, not with the first one.
 */
export const addressTexts = {
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  city: 'City',
  /** The postal-code field's label: "Zip Code" in the United States (spec 2.6). */
  postalCode: (us: boolean) => (us ? 'Zip Code' : 'Postal Code'),
  required: 'Required',
  verifyTitle: 'Verify Address, is this correct?',
  yes: 'Yes',
  no: "No, let me use the address i've entered",
  // 8.2: the out-of-range and reassignment dialogs' own no-alternatives text (2.12 words it otherwise).
  noAlternatives: (phone: string) =>
    `There are no other appointments available. Please call our office at ${phone.replace(/ /g, '\u00a0')} for help scheduling your inspection.`,
} as const;
