import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { issue20Pricing, shownCents } from '@scheduler/domain/pricing/display-fixtures';
import {
  calendarFeed,
  DEFAULT_TEMPLATES,
  eventUid,
  fillTemplate,
  invitation,
  invitationAttendees,
  invitationPart,
  placeholderValues,
  priceLines,
  type ConfirmedOrderFacts,
} from './mail-content.ts';

// 9:30 in Columbus (EST, UTC-5) on 1 December 2026.
const facts: ConfirmedOrderFacts = {
  orderId: '4f1c2d3e-0000-4000-8000-000000000001',
  office: {
    name: 'Scioto Valley Home Inspections',
    phone: '(614) 555-0142',
    email: 'office@example.com',
    timeZone: 'America/New_York',
  },
  start: new Date('2026-12-01T14:30:00Z'),
  end: new Date('2026-12-01T17:00:00Z'),
  confirmedAt: new Date('2026-11-23T04:05:06Z'),
  inspectors: ['Dana Whitfield'],
  address: { address1: '120 Oak St', address2: '', city: 'Columbus', state: 'OH', postalCode: '43215' },
  services: ['Pool & Spa Inspection'],
  totalCents: 42500,
  currency: 'USD',
  clientNames: ['Avery Stone'],
  specialNote: '',
};

const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, event: calendar.getFirstSubcomponent('vevent')! };
}

describe('invitation', () => {
  // The office's wall time, whatever zone the server itself runs in.
  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])(
    'writes the start and end in the office zone on a server in %s',
    (zone) => {
      process.env.TZ = zone;
      const { calendar, event } = parsed(invitation(facts));
      const start = event.getFirstProperty('dtstart')!;
      expect(start.getParameter('tzid')).toBe('America/New_York');
      expect(String(start.getFirstValue())).toBe('2026-12-01T09:30:00');
      expect(event.getFirstPropertyValue('dtend')!.toString()).toBe('2026-12-01T12:00:00');
      expect(calendar.getAllSubcomponents('vtimezone').map((tz) => tz.getFirstPropertyValue('tzid'))).toEqual([
        'America/New_York',
      ]);
    },
  );

  it('stamps the event in UTC (RFC 5545 3.8.7.2)', () => {
    process.env.TZ = 'America/Los_Angeles';
    const ics = invitation(facts);
    expect(ics).toMatch(/^DTSTAMP:20261123T040506Z\r?$/m);
  });

  it('says the services as plain text with the stable UID', () => {
    const { event } = parsed(invitation(facts));
    expect(event.getFirstPropertyValue('uid')).toBe(`order-${facts.orderId}@online-scheduler`);
    expect(String(event.getFirstPropertyValue('description'))).toContain('Services: Pool & Spa Inspection');
    expect(event.getFirstPropertyValue('location')).toBe('120 Oak St, Columbus, OH 43215');
  });

  it("names the event after the address, and describes it in three lines: the inspectors, the services, the office's phone", () => {
    const { event } = parsed(
      invitation({
        ...facts,
        inspectors: ['Dana Whitfield', 'Lee Park'],
        services: ['Pool & Spa Inspection', 'Radon Testing'],
      }),
    );
    expect(event.getFirstPropertyValue('summary')).toBe('Home inspection: 120 Oak St, Columbus, OH 43215');
    expect(event.getFirstPropertyValue('description')).toBe(
      'Inspector(s): Dana Whitfield and Lee Park\nServices: Pool & Spa Inspection, Radon Testing\nScioto Valley Home Inspections: (614) 555-0142',
    );
  });

  it('is attached as inspection.ics, its part naming the method the calendar says: PUBLISH, or CANCEL for a cancellation (RFC 6047 2.4)', () => {
    const version = { stamp: facts.confirmedAt, attendees: [] };
    const published = invitationPart(facts, 'publish', version);
    expect(published.filename).toBe('inspection.ics');
    expect(published.method).toBe('PUBLISH');
    expect(parsed(published.content).calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(published.content).toBe(invitation(facts));
    const cancelled = invitationPart(facts, 'cancel', version);
    expect(cancelled.filename).toBe('inspection.ics');
    expect(cancelled.method).toBe('CANCEL');
    expect(parsed(cancelled.content).calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.content).toBe(invitation(facts, 'cancel'));
  });
});

describe('the address as the messages write it', () => {
  const at = (address: Partial<ConfirmedOrderFacts['address']>) =>
    placeholderValues({ ...facts, address: { ...facts.address, ...address } }).address;

  it('leaves out the parts the order has none of, blank or only spaces, without stray commas or spaces', () => {
    expect(at({ address2: 'Unit 4' })).toBe('120 Oak St, Unit 4, Columbus, OH 43215');
    expect(at({ address2: '   ' })).toBe('120 Oak St, Columbus, OH 43215');
    expect(at({ postalCode: '' })).toBe('120 Oak St, Columbus, OH');
    expect(at({ postalCode: '  ' })).toBe('120 Oak St, Columbus, OH');
    expect(at({ state: '', postalCode: '' })).toBe('120 Oak St, Columbus');
    expect(at({ city: '' })).toBe('120 Oak St, OH 43215');
    expect(at({ city: '  ' })).toBe('120 Oak St, OH 43215');
  });

  it("is the invitation's location", () => {
    const { event } = parsed(invitation({ ...facts, address: { ...facts.address, address2: ' ', city: '' } }));
    expect(event.getFirstPropertyValue('location')).toBe('120 Oak St, OH 43215');
  });
});

describe("a changed booking's invitation (issue 24)", () => {
  it('publishes a reschedule under the same UID with the new times and the higher SEQUENCE', () => {
    const moved = {
      ...facts,
      start: new Date('2026-12-03T19:00:00Z'),
      end: new Date('2026-12-03T21:30:00Z'),
      sequence: 2,
    };
    const { calendar, event } = parsed(invitation(moved));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('uid')).toBe(`order-${facts.orderId}@online-scheduler`);
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-12-03T14:00:00');
    expect(event.getFirstPropertyValue('status')).toBeNull();
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, the same UID, the start the booking had and its SEQUENCE', () => {
    const ics = invitation({ ...facts, sequence: 3 }, 'cancel');
    const { calendar, event } = parsed(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('uid')).toBe(eventUid(facts.orderId));
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
    expect(event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T09:30:00');
  });

  it('stamps each version when it is made, and names the attendees in a CANCEL alone (RFC 5546 3.2.5, issue 42)', () => {
    const attendees = [
      { name: 'Avery Stone', email: 'avery@example.com' },
      { name: 'Ray Ortiz', email: 'ray@realty.example' },
    ];
    const stamped = (ics: string) => parsed(ics).event.getFirstPropertyValue('dtstamp') as ICAL.Time;
    const moved = invitation({ ...facts, sequence: 1 }, 'publish', {
      stamp: new Date('2026-11-24T10:00:00Z'),
      attendees,
    });
    expect(moved).toMatch(/^DTSTAMP:20261124T100000Z\r?$/m);
    expect(parsed(moved).event.getAllProperties('attendee')).toEqual([]);
    const cancel = invitation({ ...facts, sequence: 2 }, 'cancel', {
      stamp: new Date('2026-11-25T11:30:00Z'),
      attendees,
    });
    const { event } = parsed(cancel);
    expect(stamped(cancel).toJSDate()).toEqual(new Date('2026-11-25T11:30:00Z'));
    expect(stamped(cancel).compare(stamped(moved))).toBe(1);
    expect(event.getFirstPropertyValue('organizer')).toBe('mailto:office@example.com');
    expect(
      // The scheme is case-insensitive (RFC 3986 3.1); ical-generator writes it upper case.
      event
        .getAllProperties('attendee')
        .map((attendee) => [
          String(attendee.getFirstValue()).replace(/^mailto:/i, 'mailto:'),
          attendee.getParameter('cn'),
        ]),
    ).toEqual([
      ['mailto:avery@example.com', 'Avery Stone'],
      ['mailto:ray@realty.example', 'Ray Ortiz'],
    ]);
    expect(event.getFirstPropertyValue('uid')).toBe(eventUid(facts.orderId));
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('invites the clients with an address, and the agents when the company writes to them, each address once', () => {
    const people = [
      { role: 'client', name: 'Avery Stone', email: 'avery@example.com' },
      { role: 'client', name: 'Avery again', email: 'AVERY@example.com ' },
      { role: 'client', name: 'No Mail', email: '' },
      { role: 'buyers_agent', name: 'Ray Ortiz', email: 'ray@realty.example' },
      { role: 'contact', name: 'Rita', email: 'rita@title.example' },
    ] as const;
    expect(invitationAttendees(people, true)).toEqual([
      { name: 'Avery Stone', email: 'avery@example.com' },
      { name: 'Ray Ortiz', email: 'ray@realty.example' },
    ]);
    expect(invitationAttendees(people, false).map((attendee) => attendee.email)).toEqual(['avery@example.com']);
  });

  it('a confirmation of a booking never changed is SEQUENCE 0', () => {
    expect(parsed(invitation(facts)).event.getFirstPropertyValue('sequence')).toBe(0);
  });

  it('gives {previous_datetime} the start before a move in the zone it had then: EDT before the clocks change, EST after', () => {
    // Saturday 31 October 2026 at 9:30 EDT, moved to Tuesday 3 November at 9:30 EST (the clocks went back on 1 November).
    const after = { ...facts, start: new Date('2026-11-03T14:30:00Z'), end: new Date('2026-11-03T17:00:00Z') };
    const values = placeholderValues(after, new Date('2026-10-31T13:30:00Z'));
    expect(values.previous_datetime).toBe('10/31/2026 at 9:30AM EDT');
    expect(values.datetime).toBe('11/3/2026 at 9:30AM EST');
    expect(fillTemplate(DEFAULT_TEMPLATES.rescheduled.body, values)).toContain(
      'moved from 10/31/2026 at 9:30AM EDT to 11/3/2026 at 9:30AM EST',
    );
    expect(placeholderValues(after).previous_datetime).toBe('');
  });
});

describe('calendarFeed', () => {
  it('carries the zone of its events and names the feed zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    const { calendar, event } = parsed(calendarFeed('Dana Whitfield', 'America/New_York', [facts]));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(event.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-12-01T09:30:00');
  });

  it("is named after the inspector, says it is the scheduler's inspector calendar, and asks calendar apps to look again every 15 minutes", () => {
    const { calendar } = parsed(calendarFeed('Dana Whitfield', 'America/New_York', [facts]));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Dana Whitfield');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//online-scheduler//inspector-calendar//EN');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT15M');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT15M');
  });
});

/** Issue 20's cart as the confirm froze it, its package named in the catalogue's HTML. */
const frozen = issue20Pricing({
  package: { ...issue20Pricing().package!, name: "Buyer's <strong>Essentials</strong>" },
});
const booked: ConfirmedOrderFacts = {
  ...facts,
  services: ["Buyer's Essentials", 'Radon Testing'],
  totalCents: 60953,
  pricing: frozen,
};

const cents = shownCents;

describe('the price lines of the confirmation e-mails (house rule 16)', () => {
  it('are the lines the thank-you shows, in plain text, and add up to the total they end with', () => {
    const lines = priceLines(booked).split('\n');
    expect(lines).toEqual([
      "Buyer's Essentials: $520.00",
      'Bundle Savings: - $40.00',
      'Radon Testing: $150.00',
      'Coupon 10% off: - $63.00',
      'Franklin County sales tax (tax): $42.53',
      'Total: $609.53',
    ]);
    expect(lines.slice(0, -1).reduce((sum, line) => sum + cents(line), 0)).toBe(cents(lines.at(-1)!));
  });

  it("give the templates' {total} the total the price lines end with, and {datetime} the office's zone", () => {
    const values = placeholderValues(booked);
    expect(values.total).toBe('$609.53');
    expect(values.datetime).toBe('12/1/2026 at 9:30AM EST');
    expect(fillTemplate(DEFAULT_TEMPLATES.receipt.body, values)).toContain(
      'your payment of $609.53 for order 4F1C2D3E.',
    );
  });

  it('say the total is before tax when the company hides taxes, and show no amount when it hides fees', () => {
    const beforeTax = priceLines({
      ...booked,
      pricing: { ...frozen, taxes_hidden: true, totals: { ...frozen.totals, display_total: 56700 } },
    }).split('\n');
    expect(beforeTax.slice(-2)).toEqual(['Total: $567.00', 'Prices before tax']);
    expect(beforeTax.some((line) => line.includes('(tax)'))).toBe(false);
    const hidden = { ...booked, pricing: { ...frozen, fees_hidden: true, taxes_hidden: true } };
    expect(priceLines(hidden)).toBe('');
    expect(placeholderValues(hidden).total).toBe('n/a');
  });

  it('fall back to the frozen total for an order confirmed without a pricing object', () => {
    expect(priceLines({ ...booked, pricing: null })).toBe('Total: $609.53');
  });

  it("write a service's catalogue name as plain text, and a fee's description as written, as the thank-you does", () => {
    // A fee's description is text (the thank-you shows it as is), a service's name is the catalogue's HTML.
    const sized = issue20Pricing({
      services: [{ ...issue20Pricing().services[0]!, name: 'Radon <em>Testing</em>' }],
      additional: {
        total: 2500,
        fees: [{ code: 'size', value: 2500, description: 'Home size (< 4,000 sq ft, > 3,000 sq ft)' }],
      },
      totals: { ...issue20Pricing().totals, additional: 2500, grand_total: 63453, display_total: 63453 },
    });
    expect(priceLines({ ...booked, pricing: sized }).split('\n')).toEqual([
      "Buyer's Essentials: $520.00",
      'Bundle Savings: - $40.00',
      'Radon Testing: $150.00',
      'Home size (< 4,000 sq ft, > 3,000 sq ft): $25.00',
      'Coupon 10% off: - $63.00',
      'Franklin County sales tax (tax): $42.53',
      'Total: $634.53',
    ]);
  });
});

describe("the templates' placeholders", () => {
  it('give {services} the services booked, one after another', () => {
    expect(fillTemplate('Booked: {services}.', placeholderValues(booked))).toBe(
      "Booked: Buyer's Essentials, Radon Testing.",
    );
  });

  it('give {special_note} the visitor\'s note, and "none" when they left none', () => {
    expect(fillTemplate('Note: {special_note}', placeholderValues({ ...facts, specialNote: 'Gate code 1234' }))).toBe(
      'Note: Gate code 1234',
    );
    expect(fillTemplate('Note: {special_note}', placeholderValues(facts))).toBe('Note: none');
  });
});
