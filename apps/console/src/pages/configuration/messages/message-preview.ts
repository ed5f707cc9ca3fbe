/**
 * What a message's subject and opening look like to the client, its placeholders filled with an
 * example order's values, for the Messages page's preview. The server fills the real ones; an
 * unknown placeholder stays as written, as it does in the e-mails.
 */

/** The placeholders a subject or an opening may use, each with what it becomes. */
export const PLACEHOLDERS: ReadonlyArray<{ name: string; meaning: string }> = [
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
];

/** The payment link's placeholders. */
export const PAYMENT_PLACEHOLDERS: ReadonlyArray<{ name: string; meaning: string }> = [
  { name: 'order_id', meaning: "the order's number" },
  { name: 'amount', meaning: 'the amount to pay, like 425.00' },
  { name: 'currency', meaning: 'the currency, like USD' },
];

export interface ExampleOffice {
  name: string;
  phone: string;
  email: string;
}

/** An example order's values, with the company's own office so the preview reads as theirs. */
export function exampleValues(office: ExampleOffice): Record<string, string> {
  return {
    datetime: '12/1/2026 at 9:30AM EST',
    previous_datetime: '11/30/2026 at 1:00PM EST',
    address: '12 Elm Street, Columbus, OH 43215',
    client_name: 'Jane Doe',
    inspectors: 'Sarah Chen',
    services: 'Full Home Inspection, Radon Test',
    total: '$572.50',
    price_lines: 'Full Home Inspection: $425.00\nRadon Test: $147.50\nTotal $572.50',
    order_id: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601',
    order_reference: '3F1C2B4A',
    office_name: office.name,
    office_phone: office.phone,
    office_email: office.email,
    special_note: 'Gate code 4321.',
  };
}

/** The text with each known `{name}` replaced; others left as written. */
export function fillExample(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast of a #rrggbb colour on white (1 to 21): headings below 3 are hard to read. */
export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
