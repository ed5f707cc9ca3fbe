/**
 * The order number people read out and type: the first eight hex digits of the order's id,
 * upper case ("F80ADF62"), printed in every e-mail and on the manage page. Not unique by
 * construction, but one company's orders sharing a prefix is about one in four billion per pair.
 */
export function orderReference(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const REFERENCE = /^#?([0-9a-f]{8})$/i;

/**
 * The ids an order number typed in a search stands for (with or without a leading #, any case):
 * the first and last uuid that start with it, so that a search is a range of the id's index;
 * null when the word is not an order number.
 */
export function orderIdRangeOf(word: string): { first: string; last: string } | null {
  const match = REFERENCE.exec(word.trim());
  if (!match) return null;
  const prefix = match[1]!.toLowerCase();
  return { first: `${prefix}-0000-0000-0000-000000000000`, last: `${prefix}-ffff-ffff-ffff-ffffffffffff` };
}
