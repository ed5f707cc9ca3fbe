import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarFeed, invitation, type ConfirmedOrderFacts } from './mail-content.ts';

// 9:30 in Columbus (EST, UTC-5) on 1 December 2026.
const facts: ConfirmedOrderFacts = {
  orderId: '4f1c2d3e-0000-4000-8000-000000000001',
  office: { name: 'Scioto Valley Home Inspections', phone: '(614) 555-0142', email: 'office@example.com', timeZone: 'America/New_York' },
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
  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])('writes the start and end in the office zone on a server in %s', (zone) => {
    process.env.TZ = zone;
    const { calendar, event } = parsed(invitation(facts));
    const start = event.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    expect(String(start.getFirstValue())).toBe('2026-12-01T09:30:00');
    expect(event.getFirstPropertyValue('dtend')!.toString()).toBe('2026-12-01T12:00:00');
    expect(calendar.getAllSubcomponents('vtimezone').map((tz) => tz.getFirstPropertyValue('tzid'))).toEqual(['America/New_York']);
  });

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
});

describe('calendarFeed', () => {
  it('carries the zone of its events and names the feed zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    const { calendar, event } = parsed(calendarFeed('Dana Whitfield', 'America/New_York', [facts]));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(event.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-12-01T09:30:00');
  });
});
