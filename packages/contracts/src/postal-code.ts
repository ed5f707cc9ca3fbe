// Plain functions, no zod: the server and the wizard's form schema both read postal codes this way.

/**
 * A US postal code as the product stores it: "43017", "43017-1234" and "430171234" name the same
 * place and are kept as their five digits. Anything else, including the unused "00000", is not a
 * US postal code (null).
 */
export function fiveDigitZip(postalCode: string): string | null {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(postalCode);
  if (!match || match[1] === '00000') return null;
  return match[1]!;
}

/** Offices in these countries take a US postal code; elsewhere the postal code is free text (spec 5.2). */
export function usesUsPostalCodes(country: string): boolean {
  return country.toUpperCase() === 'US';
}

export const POSTAL_CODE_MESSAGES = {
  required: 'Enter the postal code of the property.',
  tooLong: 'A postal code has at most 10 characters.',
  usFormat: 'Enter a 5-digit ZIP code, such as 43017 or 43017-1234.',
} as const;
