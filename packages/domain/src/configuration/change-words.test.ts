import { describe, expect, it } from 'vitest';
import { changeWords, pathWords } from './change-words.ts';
import { diffDocuments } from './document-diff.ts';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000002';
const OFFICE = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';

const before = {
  name: 'Scioto Valley',
  currency: 'USD',
  settings: [{ key: 'ONLINE_SCHEDULER_V3_ALLOW_TODAY', value: false }],
  offices: [{ uuid: OFFICE, name: 'Columbus', scheduling: { buffer_minutes: 15 } }],
  services: [
    { uuid: HOME, name: 'Home <b>inspection</b>', price_cents: 42500, duration_minutes: 150 },
    { uuid: RADON, name: 'Radon test', price_cents: 15000, duration_minutes: 30 },
  ],
  inspectors: [
    {
      id: 101,
      first: 'Mike',
      last: 'Alvarez',
      office: OFFICE,
      services: [HOME],
      weekly_hours: { mon: [{ start: '08:00', end: '17:00' }] },
    },
  ],
  taxes: [{ code: 'OH', name: 'Ohio sales tax', rate_percent: 7.5, services: [HOME] }],
};

/** Each change of `after` against `before`, in words. */
function words(after: unknown, currency = 'USD'): string[] {
  return diffDocuments(before, after).changes.map((change) => changeWords(change, { before, after }, currency));
}

describe("a configuration change in words (issue 41's history)", () => {
  it('names a service by its name and says its price as money, never the path or the cents', () => {
    const after = structuredClone(before);
    after.services[0]!.price_cents = 44500;
    expect(words(after)).toEqual(['Home inspection price: $425.00 → $445.00']);
    expect(words(after, 'EUR')).toEqual(['Home inspection price: €425.00 → €445.00']);
  });

  it('says a record added or removed by its name, from the document that has it', () => {
    const after = structuredClone(before);
    after.services = [
      after.services[0]!,
      { uuid: 'a1c0ffee-0000-4000-8000-000000000003', name: 'Pool', price_cents: 9000, duration_minutes: 30 },
    ];
    expect(words(after)).toEqual(['Service added: Pool', 'Service removed: Radon test']);
  });

  it("names the company's own fields, a setting by its key in words, an inspector by their name, lengths and rates with units", () => {
    const after = structuredClone(before);
    after.name = 'Scioto Valley Home Inspections';
    after.settings[0]!.value = true;
    after.offices[0]!.scheduling.buffer_minutes = 30;
    after.inspectors[0]!.weekly_hours.mon[0]!.start = '09:00';
    after.taxes[0]!.rate_percent = 8;
    expect(words(after)).toEqual([
      'Mike Alvarez hours Monday no. 1 start: "08:00" → "09:00"',
      'Company name: "Scioto Valley" → "Scioto Valley Home Inspections"',
      'Columbus scheduling buffer: 15 minutes → 30 minutes',
      'Allow today: off → on',
      'Ohio sales tax rate: 7.5% → 8%',
    ]);
  });

  it('names the services and offices a record points at, not their ids', () => {
    const after = structuredClone(before);
    after.inspectors[0]!.services = [HOME, RADON];
    after.taxes[0]!.services = [];
    expect(words(after)).toEqual([
      'Mike Alvarez services: Home inspection → Home inspection, Radon test',
      'Ohio sales tax services: Home inspection → none',
    ]);
  });

  it('never shows a raw path, whatever the change', () => {
    const after = { ...structuredClone(before), logo: 'data:image/png;base64,AAAA', country: 'US' };
    delete (after as { currency?: string }).currency;
    for (const line of words(after)) {
      expect(line).not.toMatch(/\[|\]|_cents|_minutes|services\./);
    }
    expect(words(after)).toContain('Currency taken out (was "USD")');
    expect(words(after)).toContain('Company logo set: "data:image/png;base64,AAAA"');
  });
});

describe("a changed path in words, for the history's list (no documents)", () => {
  it('says what kind of record and which field, never the ids', () => {
    expect(pathWords(`services[${HOME}].price_cents`)).toBe('Service price');
    expect(pathWords('inspectors[101].weekly_hours.mon[0].start')).toBe('Inspector hours Monday start');
    expect(pathWords('settings[ONLINE_SCHEDULER_V3_ALLOW_TODAY].value')).toBe('Allow today');
    expect(pathWords('name')).toBe('Company name');
    expect(pathWords('booking_changes.late_cancel_fee.amount_cents')).toBe('Booking changes late cancel fee amount');
    expect(pathWords('')).toBe('The whole configuration');
  });
});
