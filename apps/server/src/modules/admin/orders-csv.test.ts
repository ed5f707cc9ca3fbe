import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@scheduler/contracts/confirm';
import { ordersCsv } from './admin-orders.service.ts';

const order = (city: string): AdminOrder => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  confirmed_at: null,
  datetime: null,
  duration: 180,
  inspectors: [],
  address: { address1: '', address2: '', city, state: '', postal_code: '' },
  people: [],
  services: [],
  total_cents: null,
  currency: 'USD',
  paid: false,
});

/** The address cell of the only order's row, as a spreadsheet would read it (quotes undone). */
function addressCell(city: string): string {
  const row = ordersCsv({ orders: [order(city)], page: 1, per_page: 50, total: 1 }).split('\r\n')[1]!;
  const cells = row.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
  const cell = cells[4]!;
  return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}

describe('the orders CSV', () => {
  it('neutralises every character a spreadsheet takes as the start of a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(addressCell(`${start}HYPERLINK("x")`), JSON.stringify(start)).toBe(`'${start}HYPERLINK("x")`);
    }
  });

  it('leaves other text as it is, quoting what needs quotes', () => {
    expect(addressCell('Columbus')).toBe('Columbus');
    expect(addressCell('Dublin, OH')).toBe('Dublin, OH');
    expect(addressCell('a "quoted" city')).toBe('a "quoted" city');
  });
});
