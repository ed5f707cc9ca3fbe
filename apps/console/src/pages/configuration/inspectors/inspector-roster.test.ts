import { describe, expect, it } from 'vitest';
import { newInspector, nextInspectorId, officeTimeZone, withoutInspector } from './inspector-roster.ts';

const COLUMBUS = {
  uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
  time_zone: 'America/New_York',
  postal_code: '43215',
  latitude: 39.96,
  longitude: -83,
};
const DENVER = {
  uuid: '9d2e4f6a-8b1c-4d3e-a5f7-0b1c2d3e4f50',
  time_zone: 'America/Denver',
  postal_code: '80202',
  latitude: null,
  longitude: null,
};
const SERVICES = [
  { uuid: 'a0000000-0000-4000-8000-000000000001', ancillary: false, label: false, is_pac: false },
  { uuid: 'a0000000-0000-4000-8000-000000000002', ancillary: true, label: false, is_pac: false },
  { uuid: 'a0000000-0000-4000-8000-000000000003', ancillary: false, label: true, is_pac: false },
  { uuid: 'a0000000-0000-4000-8000-000000000004', ancillary: false, label: false, is_pac: true },
  { uuid: 'a0000000-0000-4000-8000-000000000005', ancillary: false, label: false, is_pac: false },
];

describe('nextInspectorId', () => {
  it('is one more than the largest id, whatever the order, and 1 for the first inspector', () => {
    expect(nextInspectorId([{ id: 7 }, { id: 102 }, { id: 3 }])).toBe(103);
    expect(nextInspectorId([])).toBe(1);
  });

  it("numbers past the largest id the company ever used, a removed inspector's included", () => {
    expect(nextInspectorId([{ id: 7 }, { id: 102 }], 104)).toBe(105);
    expect(nextInspectorId([{ id: 7 }, { id: 102 }], 102)).toBe(103);
    expect(nextInspectorId([{ id: 7 }, { id: 102 }], 101)).toBe(103);
    expect(nextInspectorId([], 3)).toBe(4);
  });
});

describe('newInspector', () => {
  it('starts at the first office, Monday to Friday 8 to 5, doing every main service, unnamed', () => {
    const fresh = newInspector({
      offices: [COLUMBUS, DENVER],
      services: SERVICES,
      inspectors: [{ id: 101 }, { id: 205 }],
    });
    expect(fresh).toEqual({
      id: 206,
      office: COLUMBUS.uuid,
      first: '',
      last: '',
      display: '',
      email: '',
      phone: '',
      active: true,
      preferred_rank: null,
      services: [SERVICES[0]!.uuid, SERVICES[4]!.uuid],
      max_inspections_per_day: 3,
      home_base: { latitude: 39.96, longitude: -83, postal_code: '43215' },
      max_drive_miles: 40,
      postal_codes: [],
      postal_codes_by_weekday: {},
      weekly_hours: {
        sun: [],
        mon: [{ start: '08:00', end: '17:00' }],
        tue: [{ start: '08:00', end: '17:00' }],
        wed: [{ start: '08:00', end: '17:00' }],
        thu: [{ start: '08:00', end: '17:00' }],
        fri: [{ start: '08:00', end: '17:00' }],
        sat: [],
      },
      overrides: [],
    });
  });

  it('has no home base coordinates when the office has none, and id 1 in a company without inspectors', () => {
    const fresh = newInspector({ offices: [DENVER], services: [] });
    expect(fresh.id).toBe(1);
    expect(fresh.home_base).toEqual({ latitude: null, longitude: null, postal_code: '80202' });
    expect(fresh.services).toEqual([]);
  });
});

describe('officeTimeZone', () => {
  it("is the inspector's office's zone, else the first office's", () => {
    const document = { offices: [COLUMBUS, DENVER] };
    expect(officeTimeZone(document, DENVER.uuid)).toBe('America/Denver');
    expect(officeTimeZone(document, 'gone')).toBe('America/New_York');
    expect(officeTimeZone({ offices: [] }, 'gone')).toBe('UTC');
  });
});

describe('withoutInspector', () => {
  it('takes out only that inspector and keeps the rest of the document', () => {
    const document = { key: 'demo', offices: [COLUMBUS], inspectors: [{ id: 101 }, { id: 102 }, { id: 103 }] };
    expect(withoutInspector(document, 102)).toEqual({
      key: 'demo',
      offices: [COLUMBUS],
      inspectors: [{ id: 101 }, { id: 103 }],
    });
    expect(withoutInspector(document, 999)).toEqual(document);
  });
});
