/**
 * Reading a search for a phone number (issue 41: "phone numbers in any format"). Numbers are kept
 * as entered ("(614) 555-0199"); the order search looks in their digits, so what was typed is
 * read as digits too.
 */

/** Fewer digits than this say too little of a number to search by. */
const MIN_DIGITS = 4;
/** What a number is typed with besides its digits. */
const PHONE_TEXT = /^[\d\s().+\-/]+$/;

/**
 * The digits a query stands for when the whole of it is a phone number ("(614) 555-0199",
 * "+1 614 555 0199", "614.555.0199"); null when it is not one (words, or too few digits). A
 * North American number typed with its country code is looked for without it, as most are
 * entered without.
 */
export function phoneQueryDigits(query: string): string | null {
  const trimmed = query.trim();
  if (!PHONE_TEXT.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return null;
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
