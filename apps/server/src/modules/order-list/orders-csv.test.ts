import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@scheduler/contracts/confirm';
import { COLUMBUS_NINE_AM, csvRecords } from '../../test-support/orders-listing.ts';
import { ordersCsv } from './admin-orders.service.ts';

const person = (
  role: string,
  name: string,
  fields: Partial<AdminOrder['people'][number]> = {},
): AdminOrder['people'][number] => ({
  role,
  name,
  email: '',
  mobile_phone: '',
  work_phone: '',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  company: '',
  agency: '',
  ...fields,
});

/** A 9:00 AM Columbus inspection as the listing gives it. */
const order = (changes: Partial<AdminOrder> = {}): AdminOrder => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  confirmed_at: null,
  ...COLUMBUS_NINE_AM,
  inspectors: [],
  address: { address1: '', address2: '', city: 'Columbus', state: '', postal_code: '' },
  people: [],
  property: { sqft: null, year_built: null, foundation: '', sales_price: '', answers: [] },
  special_note: '',
  services: [],
  total_cents: null,
  currency: 'USD',
  paid: false,
  reschedule_count: 0,
  attribution: {},
  cancelled: null,
  history: [],
  ...changes,
});

/** The only order's row, by column name. */
function csvRow(changes: Partial<AdminOrder> = {}): Record<string, string> {
  const rows = csvRecords(ordersCsv({ orders: [order(changes)], page: 1, per_page: 50, total: 1 }));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const addressCell = (city: string) =>
  csvRow({ address: { address1: '', address2: '', city, state: '', postal_code: '' } }).address;

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

  it("gives the office's date, time and zone first, and the UTC instant beside them", () => {
    const csv = ordersCsv({ orders: [order()], page: 1, per_page: 50, total: 1 });
    expect(csv.split('\r\n')[0]).toBe(
      'id,local_date,local_time,local_end_date,local_end_time,zone,time_zone,datetime_utc,duration_minutes,inspectors,address,people,phones,services,sqft,year_built,foundation,sales_price,answers,special_note,total,currency,status,paid,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid',
    );
    expect(
      csv
        .split('\r\n')[1]!
        .startsWith(
          '00000000-0000-4000-8000-000000000001,2026-11-25,09:00,2026-11-25,12:00,EST (UTC-05:00),America/New_York,2026-11-25T14:00:00.000Z,180,',
        ),
    ).toBe(true);
  });

  it("names the end's offset when the clocks change during the inspection", () => {
    const row = csvRow({
      datetime: '2026-11-01T04:30:00.000Z',
      local_date: '2026-11-01',
      local_time: '00:30',
      utc_offset: '-04:00',
      zone_abbreviation: 'EDT',
      local_end_date: '2026-11-01',
      local_end_time: '02:30',
      local_end_utc_offset: '-05:00',
    });
    expect([row.local_time, row.local_end_time, row.zone]).toEqual(['00:30', '02:30 (UTC-05:00)', 'EDT (UTC-04:00)']);
  });

  it('leaves the times empty for an order without one', () => {
    const row = csvRow({
      datetime: null,
      local_date: null,
      local_time: null,
      utc_offset: null,
      zone_abbreviation: null,
      local_end_date: null,
      local_end_time: null,
      local_end_utc_offset: null,
    });
    expect([
      row.local_date,
      row.local_time,
      row.local_end_date,
      row.local_end_time,
      row.zone,
      row.time_zone,
      row.datetime_utc,
    ]).toEqual(['', '', '', '', '', 'America/New_York', '']);
  });

  it("gives the people's phones and companies, the property's answers and the note", () => {
    const row = csvRow({
      people: [
        person('client', 'Dana Whitaker', {
          email: 'dana@example.com',
          mobile_phone: '614-555-0142',
          home_phone: '614-555-0100',
        }),
        person('insurance_agent', 'Lee Park', {
          company: 'Buckeye Mutual',
          agency: 'Park Agency',
          work_phone: '+1 614 555 0199',
          work_fax: '614-555-0198',
        }),
        person('contact', 'No Phone'),
      ],
      property: {
        sqft: 1800,
        year_built: 1995,
        foundation: 'Crawlspace',
        sales_price: '250,000',
        answers: [
          { question: 'Occupancy', answer: 'Vacant' },
          { question: 'Water, gas and electric will be on', answer: 'Yes' },
        ],
      },
      special_note: 'Gate code 4417, "beware" of the dog\r\nCall first',
    });
    expect(row.people).toBe(
      'client: Dana Whitaker <dana@example.com>; insurance_agent: Lee Park (Buckeye Mutual, Park Agency); contact: No Phone',
    );
    expect(row.phones).toBe(
      'Dana Whitaker: mobile 614-555-0142, home 614-555-0100; Lee Park: work +1 614 555 0199, work fax 614-555-0198',
    );
    expect([row.sqft, row.year_built, row.foundation, row.sales_price]).toEqual([
      '1800',
      '1995',
      'Crawlspace',
      '250,000',
    ]);
    expect(row.answers).toBe('Occupancy: Vacant; Water, gas and electric will be on: Yes');
    // Commas, quotes and line breaks survive the round trip through RFC 4180 quoting.
    expect(row.special_note).toBe('Gate code 4417, "beware" of the dog\r\nCall first');
    expect(row.total).toBe('');
  });

  it('neutralises a formula in a note, an answer and a phone as in any other cell', () => {
    const row = csvRow({
      people: [person('client', '', { mobile_phone: '+16145550142' })],
      property: {
        sqft: null,
        year_built: null,
        foundation: '',
        sales_price: '',
        answers: [{ question: '=cmd|calc', answer: 'Yes' }],
      },
      special_note: '=HYPERLINK("http://evil.example","click")\nsecond line',
    });
    expect(row.special_note).toBe(`'=HYPERLINK("http://evil.example","click")\nsecond line`);
    expect(row.answers).toBe("'=cmd|calc: Yes");
    expect(row.phones).toBe('client: mobile +16145550142');
    expect(csvRow({ people: [person('client', '@SUM(1)')] }).people).toBe('client: @SUM(1)');
    expect(csvRow({ special_note: '-2+3' }).special_note).toBe("'-2+3");
  });

  it("gives the order's campaign parameters in the last columns, empty for a direct visit, formulas neutralised", () => {
    const row = csvRow({
      attribution: {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'Spring, "home" sale',
        utm_term: '=HYPERLINK("http://evil.example")',
        utm_content: 'ad-b',
        gclid: 'EAIaIQobChMI',
      },
    });
    expect([row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term, row.utm_content, row.gclid]).toEqual([
      'google',
      'cpc',
      'Spring, "home" sale',
      `'=HYPERLINK("http://evil.example")`,
      'ad-b',
      'EAIaIQobChMI',
    ]);
    const direct = csvRow({ attribution: { utm_source: 'newsletter' } });
    expect([direct.utm_source, direct.utm_medium, direct.gclid]).toEqual(['newsletter', '', '']);
  });
});
