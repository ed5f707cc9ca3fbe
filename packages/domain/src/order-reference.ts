/**
 * The order number people read out and type: the first eight hex digits of the order's id,
 * upper case ("F80ADF62"), printed in every e-mail, on the console and the manage page, and
 * carried by the wizard's `order_confirmed` event for the company's conversion tracking. Not
 * unique by construction, but two of one company's orders sharing one is about one in four
 * billion per pair; a search by it lists every order that has it.
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
