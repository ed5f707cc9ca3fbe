/**
 * The placeholders of the company's message templates (a subject, an opening, the payment link)
 * and how they are filled: one list and one filler for the server's e-mails and the console's
 * preview, so that the preview shows what the client will read.
 */

/** The placeholders a message's subject or opening may use, each with what it becomes. */
export const MESSAGE_PLACEHOLDERS = [
  { name: 'datetime', meaning: "the inspection's date and time, with the office's time zone" },
  { name: 'previous_datetime', meaning: 'the time before a move (in the moved-booking message)' },
  { name: 'address', meaning: "the property's address" },
  { name: 'client_name', meaning: "the clients' names" },
  { name: 'inspectors', meaning: "the inspectors' names" },
  { name: 'services', meaning: 'the services booked' },
  { name: 'total', meaning: 'the total' },
  { name: 'price_lines', meaning: 'the price lines and the total they add up to, one a line' },
  { name: 'order_id', meaning: "the order's number" },
  { name: 'order_reference', meaning: "the order's short reference" },
  { name: 'office_name', meaning: "the office's name" },
  { name: 'office_phone', meaning: "the office's phone" },
  { name: 'office_email', meaning: "the office's e-mail" },
  { name: 'special_note', meaning: "the client's special instructions" },
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number]['name'];

/** The payment link's placeholders. */
export const PAYMENT_LINK_PLACEHOLDERS = [
  { name: 'order_id', meaning: "the order's number" },
  { name: 'amount', meaning: 'the amount to pay, like 425.00' },
  { name: 'currency', meaning: 'the currency, like USD' },
] as const;

/** Fills `{name}` placeholders; an unknown one is left as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
