/**
 * What a message's subject and opening look like to the client, its placeholders filled with an
 * example order's values, for the Messages page's preview. The server fills the real ones; an
 * unknown placeholder stays as written, as it does in the e-mails. The placeholder lists and the
 * filler are the server's own (`@scheduler/domain/message-template`).
 */
import type { MessagePlaceholder } from '@scheduler/domain/message-template';

export interface ExampleOffice {
  name: string;
  phone: string;
  email: string;
}

/** An example order's values, with the company's own office so the preview reads as theirs. */
export function exampleValues(office: ExampleOffice): Record<MessagePlaceholder, string> {
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
