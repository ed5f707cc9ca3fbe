import { describe, expect, it } from 'vitest';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { newCompanyBodySchema } from '@scheduler/contracts/onboarding';
import { newCompanyDocument } from './new-company.ts';
import { SETUP_ITEMS, setupChecklist, type SetupItem } from './setup-checklist.ts';

/** A company as the sign-up makes it (a phone given, no e-mail for visitors), parsed as the server stores it. */
function signedUp(): Record<string, any> {
  const body = newCompanyBodySchema.parse({
    company: { name: 'Buckeye Home Inspections', key: 'buckeye' },
    office: {
      address1: '4200 Sawmill Rd',
      city: 'Columbus',
      state: 'OH',
      postal_code: '43220',
      latitude: 40.05,
      longitude: -83.07,
      time_zone: 'America/New_York',
      phone: '614-555-0100',
    },
    inspector: { first: 'Fran', last: 'Founder', weekdays: ['mon'], start: '08:00', end: '17:00', radius_miles: 25 },
    service: { name: 'Home inspection', price_cents: 42_500, duration_minutes: 180 },
  });
  const ids = {
    officeUuid: '11111111-1111-4111-8111-111111111111',
    serviceUuid: '22222222-2222-4222-8222-222222222222',
  };
  return companyDocumentSchema.parse(newCompanyDocument(body, ids, 'fran@example.com')) as Record<string, any>;
}

const done = (document: unknown): SetupItem[] =>
  setupChecklist(document)
    .filter((entry) => entry.done)
    .map((entry) => entry.item);

describe('the set-up checklist (issue 41)', () => {
  it('lists every item in order, none done for a company just signed up', () => {
    expect(setupChecklist(signedUp()).map((entry) => entry.item)).toEqual([...SETUP_ITEMS]);
    expect(done(signedUp())).toEqual([]);
  });

  it('ticks each item from the part of the configuration it is about, and that item alone', () => {
    const cases: Array<[SetupItem, (document: Record<string, any>) => void]> = [
      ['logo', (d) => (d.offices[0].logo = 'data:image/png;base64,AAAA')],
      ['contact', (d) => (d.offices[0].email = 'office@buckeye.example')],
      [
        'square_feet',
        (d) =>
          d.pricing.fees.push({
            code: 'size',
            description: 'Size',
            scope: 'service',
            services: [],
            rule: { kind: 'square_feet_tiers', tiers: [{ up_to_sqft: null, amount_cents: 5000 }] },
          }),
      ],
      [
        'add_ons',
        (d) => d.services.push({ ...d.services[0], uuid: '33333333-3333-4333-8333-333333333333', ancillary: true }),
      ],
      ['tax', (d) => d.pricing.taxes.push({ code: 'oh', name: 'Ohio', office: null, rate_percent: 7.5, services: [] })],
      ['service_area', (d) => (d.inspectors[0].postal_codes = ['43220'])],
      [
        'lunch_break',
        (d) =>
          (d.inspectors[0].weekly_hours.mon = [
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ]),
      ],
      ['cancellation', (d) => (d.booking_changes.cancel_text = 'Cancel free up to a day before.')],
      ['payments', (d) => (d.payments.provider = 'stripe')],
    ];
    for (const [item, change] of cases) {
      const document = signedUp();
      change(document);
      expect(done(document), item).toEqual([item]);
    }
  });

  it('takes the other ways an item is done, and not the near misses', () => {
    const document = signedUp();
    // The company's own logo; a phone without an e-mail is not yet how visitors reach you.
    document.logo = 'data:image/png;base64,AAAA';
    document.offices[0].email = '   ';
    // Postal codes by weekday; a late fee; the company's own payment page; the short lists of fees and taxes.
    document.inspectors[0].postal_codes_by_weekday = { tue: ['43220'] };
    document.booking_changes.late_cancel_fee = { kind: 'amount', amount_cents: 5000 };
    document.notifications.payment_link = 'https://pay.example/{order_id}';
    document.fees = [{ rule: { kind: 'square_feet_tiers' } }];
    document.taxes = [{ rate_percent: 0 }];
    expect(done(document)).toEqual(['logo', 'square_feet', 'service_area', 'cancellation', 'payments']);
    // A retired inspector's hours and area count for nothing.
    const retired = signedUp();
    retired.inspectors[0].active = false;
    retired.inspectors[0].postal_codes = ['43220'];
    retired.inspectors[0].weekly_hours.mon = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ];
    expect(done(retired)).toEqual([]);
    // Declining online payment is a decision made.
    expect(done({ payments: { provider: 'none' } })).toEqual(['payments']);
  });

  it('reads anything without throwing', () => {
    for (const odd of [null, 'text', 42, [], { offices: 'x', inspectors: [null, 1], pricing: [] }])
      expect(setupChecklist(odd).every((entry) => entry.done === false)).toBe(true);
  });
});
