import { describe, expect, it } from 'vitest';
import { asksForPrefill, MAX_SERVICES, readPrefill } from './prefill-values.ts';

describe('readPrefill', () => {
  it('takes each field trimmed, up to its length, and nothing else of the query', () => {
    const read = readPrefill({
      postal_code: ' 43017 ',
      city: 'C'.repeat(60),
      address: 'A'.repeat(101),
      utm_source: 'x',
      client_email: 'ada@example.com',
    });
    expect(read.text).toEqual({ postal_code: '43017', city: 'C'.repeat(60), client_email: 'ada@example.com' });
  });

  it('leaves out markup, control characters and e-mail addresses that are not', () => {
    expect(
      readPrefill({
        address: '<b>1 Main</b>',
        city: 'Dub\u0000lin',
        client_email: 'ada@',
        agent_email: 'x y@example.com',
      }).text,
    ).toEqual({});
  });

  it('takes the first valid package id and distinct service uuids, at most the limit', () => {
    const uuids = Array.from(
      { length: MAX_SERVICES + 2 },
      (_, i) => `a1c0ffee-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const read = readPrefill({
      packages: '0, x, 12, 13',
      services: [uuids[0]!.toUpperCase(), ...uuids, 'nope'].join(','),
    });
    expect(read.packageId).toBe(12);
    expect(read.serviceIds).toEqual(uuids.slice(0, MAX_SERVICES));
  });

  it('locks only lockable fields, by space or comma', () => {
    expect(readPrefill({ lock: 'client_email, agent_email city postal_code' }).locks).toEqual([
      'postal_code',
      'client_email',
      'agent_email',
    ]);
    expect(readPrefill({}).locks).toEqual([]);
  });

  it('asks for nothing when nothing passed', () => {
    expect(asksForPrefill(readPrefill({ lock: 'postal_code', packages: 'x' }))).toBe(false);
    expect(asksForPrefill(readPrefill({ services: 'a1c0ffee-0000-4000-8000-000000000001' }))).toBe(true);
  });
});
