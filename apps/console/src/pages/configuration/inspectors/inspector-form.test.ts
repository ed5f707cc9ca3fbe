import { describe, expect, it } from 'vitest';
import {
  applyInspectorForm,
  coverageGaps,
  formFieldOfRefusal,
  inspectorFormValues,
  MAX_DRIVE_MILES,
  MAX_INSPECTIONS_A_DAY,
  type DocumentInspector,
} from './inspector-form.ts';

const weekdays = (hours: Array<{ start: string; end: string }>) => ({
  sun: [],
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: [],
});

function inspector(overrides: Partial<DocumentInspector> = {}): DocumentInspector {
  return {
    id: 101,
    office: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
    first: 'Mike',
    last: 'Alvarez',
    display: 'Mike Alvarez',
    email: 'mike@example.com',
    phone: '(614) 555-0171',
    active: true,
    preferred_rank: 1,
    services: ['s1'],
    max_inspections_per_day: 3,
    home_base: { latitude: 40, longitude: -83, postal_code: '43017' },
    max_drive_miles: 40,
    postal_codes: ['43017', '43016', '43015'],
    postal_codes_by_weekday: { sat: ['43017'] },
    weekly_hours: weekdays([{ start: '08:00', end: '17:00' }]),
    overrides: [{ date: '2026-12-25', intervals: [], note: 'Christmas' }],
    ...overrides,
  };
}

describe('inspectorFormValues', () => {
  it('shows hours and postal codes as a person writes them', () => {
    const values = inspectorFormValues(
      inspector({
        weekly_hours: {
          ...weekdays([
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ]),
          sat: [{ start: '09:00', end: '13:00' }],
        },
      }),
    );
    expect(values.hours).toEqual({
      mon: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM',
      tue: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM',
      wed: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM',
      thu: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM',
      fri: '8:00 AM–12:00 PM, 1:00 PM–5:00 PM',
      sat: '9:00 AM–1:00 PM',
      sun: '',
    });
    expect(values.postalCodes).toBe('43015-43017');
    expect(values.postalCodesByWeekday.sat).toBe('43017');
    expect(values.postalCodesByWeekday.mon).toBe('');
    expect(values.maxInspections).toBe('3');
  });
});

describe('applyInspectorForm', () => {
  it('gives back the same inspector for the values it showed, every field it does not edit kept', () => {
    const before = inspector();
    const result = applyInspectorForm(before, inspectorFormValues(before));
    expect(result).toEqual({ ok: true, inspector: { ...before, postal_codes: ['43015', '43016', '43017'] } });
  });

  it('writes several intervals a day, a day off, ranges of codes and a weekday limit', () => {
    const values = inspectorFormValues(inspector());
    values.hours.mon = '7 AM-11 AM, 12 PM-6 PM';
    values.hours.fri = '';
    values.postalCodes = '43001-43003, 43017';
    values.postalCodesByWeekday.sat = '';
    values.postalCodesByWeekday.mon = '43001 43002';
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.inspector.weekly_hours.mon).toEqual([
      { start: '07:00', end: '11:00' },
      { start: '12:00', end: '18:00' },
    ]);
    expect(result.inspector.weekly_hours.fri).toEqual([]);
    expect(result.inspector.postal_codes).toEqual(['43001', '43002', '43003', '43017']);
    expect(result.inspector.postal_codes_by_weekday).toEqual({ mon: ['43001', '43002'] });
    expect(result.inspector.overrides).toEqual(inspector().overrides);
  });

  it.each([
    [String(MAX_INSPECTIONS_A_DAY), true],
    [String(MAX_INSPECTIONS_A_DAY + 1), false],
    ['1', true],
    ['0', false],
    ['2.5', false],
    ['', false],
  ])('takes %j inspections a day: %s', (text, ok) => {
    const values = { ...inspectorFormValues(inspector()), maxInspections: text };
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok).toBe(ok);
    if (!result.ok)
      expect(result.problems).toEqual([
        { field: 'maxInspections', message: `Enter a whole number from 1 to ${MAX_INSPECTIONS_A_DAY}.` },
      ]);
  });

  it.each([
    [String(MAX_DRIVE_MILES), true],
    [String(MAX_DRIVE_MILES + 1), false],
  ])('takes %j miles of driving: %s', (text, ok) => {
    expect(applyInspectorForm(inspector(), { ...inspectorFormValues(inspector()), maxDriveMiles: text }).ok).toBe(ok);
  });

  it('names every field with a problem, and the day of bad hours', () => {
    const values = inspectorFormValues(inspector());
    values.first = ' ';
    values.email = 'mike@';
    values.hours.wed = '5 PM-8 AM';
    values.postalCodes = '43005-43001';
    values.postalCodesByWeekday.sat = '4';
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.field)).toEqual([
      'first',
      'email',
      'hours.wed',
      'postalCodesByWeekday.sat',
      'postalCodes',
    ]);
    expect(result.problems.find((problem) => problem.field === 'hours.wed')!.message).toContain(
      'the end is not after the start',
    );
  });
});

describe('home base', () => {
  it('shows the home base as text and writes it back as numbers', () => {
    const values = inspectorFormValues(inspector());
    expect([values.homePostalCode, values.homeLatitude, values.homeLongitude]).toEqual(['43017', '40', '-83']);
    const result = applyInspectorForm(inspector(), {
      ...values,
      homePostalCode: ' 43215 ',
      homeLatitude: '39.9612',
      homeLongitude: ' -82.9988',
    });
    expect(result.ok && result.inspector.home_base).toEqual({
      latitude: 39.9612,
      longitude: -82.9988,
      postal_code: '43215',
    });
  });

  it('shows a home base without coordinates (a new inspector whose office has none) as empty, and asks for them', () => {
    const values = inspectorFormValues(inspector({ home_base: { latitude: null, longitude: null, postal_code: '' } }));
    expect([values.homeLatitude, values.homeLongitude]).toEqual(['', '']);
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual(['homeLatitude', 'homeLongitude']);
  });

  it.each([
    ['90', '180', true],
    ['-90', '-180', true],
    ['90.0001', '0', false],
    ['0', '-180.5', false],
    ['north', '0', false],
    ['1e1', '0', false],
  ])('takes latitude %j and longitude %j: %s', (latitude, longitude, ok) => {
    expect(
      applyInspectorForm(inspector(), {
        ...inspectorFormValues(inspector()),
        homeLatitude: latitude,
        homeLongitude: longitude,
      }).ok,
    ).toBe(ok);
  });

  it('takes a home postal code of 10 characters and refuses 11', () => {
    const values = inspectorFormValues(inspector());
    expect(applyInspectorForm(inspector(), { ...values, homePostalCode: 'A'.repeat(10) }).ok).toBe(true);
    const result = applyInspectorForm(inspector(), { ...values, homePostalCode: 'A'.repeat(11) });
    expect(result.ok ? [] : result.problems).toEqual([{ field: 'homePostalCode', message: 'At most 10 characters.' }]);
  });
});

describe('date overrides in the form', () => {
  it('adds, edits and removes dates, and writes them sorted', () => {
    const values = inspectorFormValues(
      inspector({
        overrides: [
          { date: '2026-12-25', intervals: [], note: 'Christmas' },
          { date: '2026-12-31', intervals: [], note: '' },
        ],
      }),
    );
    values.overrides = [
      { date: '2026-12-25', hours: '9 AM-1 PM', note: 'Christmas morning' },
      { date: '2026-12-24', hours: '', note: 'Eve' },
    ];
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok && result.inspector.overrides).toEqual([
      { date: '2026-12-24', intervals: [], note: 'Eve' },
      { date: '2026-12-25', intervals: [{ start: '09:00', end: '13:00' }], note: 'Christmas morning' },
    ]);
  });

  it("names a refused row's field among the other problems", () => {
    const values = {
      ...inspectorFormValues(inspector()),
      first: '',
      overrides: [
        { date: '2026-12-25', hours: '', note: '' },
        { date: '2026-12-25', hours: '', note: '' },
      ],
    };
    const result = applyInspectorForm(inspector(), values);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual(['first', 'overrides.1.date']);
  });
});

describe('formFieldOfRefusal', () => {
  const sent = inspector({
    overrides: [
      { date: '2026-12-24', intervals: [], note: '' },
      { date: '2026-12-25', intervals: [], note: 'x' },
    ],
  });
  // The form's rows in the order typed: the sent document's second override is the form's first row.
  const values = {
    ...inspectorFormValues(sent),
    overrides: [
      { date: '2026-12-25', hours: '', note: 'x' },
      { date: '2026-12-24', hours: '', note: '' },
    ],
  };

  it.each([
    ['first', 'first'],
    ['email', 'email'],
    ['max_inspections_per_day', 'maxInspections'],
    ['max_drive_miles', 'maxDriveMiles'],
    ['services.0', 'services'],
    ['postal_codes.3', 'postalCodes'],
    ['postal_codes_by_weekday.sat.0', 'postalCodesByWeekday.sat'],
    ['weekly_hours.mon.1.end', 'hours.mon'],
    ['home_base.latitude', 'homeLatitude'],
    ['home_base.longitude', 'homeLongitude'],
    ['home_base.postal_code', 'homePostalCode'],
    ['overrides.1.note', 'overrides.0.note'],
    ['overrides.0.intervals.0.start', 'overrides.1.hours'],
    ['overrides.1.date', 'overrides.0.date'],
    ['overrides.5.date', null],
    ['office', null],
    ['weekly_hours.someday', null],
  ])('finds %j at %j', (path, field) => {
    expect(formFieldOfRefusal(path, sent, values)).toBe(field);
  });
});

describe('coverageGaps', () => {
  const BOTH = { byList: true, byWeekday: true };

  it('applies only the limits the company turned on, and none finds no gap', () => {
    const mike = inspector({
      weekly_hours: { ...weekdays([{ start: '08:00', end: '17:00' }]), sat: [{ start: '09:00', end: '13:00' }] },
    });
    const sarah = inspector({
      id: 102,
      postal_codes: ['43016', '43221'],
      postal_codes_by_weekday: {},
      weekly_hours: { ...weekdays([{ start: '08:00', end: '17:00' }]), tue: [] },
    });
    expect(coverageGaps([mike, sarah], { byList: false, byWeekday: false })).toEqual([]);
    // By list only: Mike's Saturday list does not count, so Saturday he covers his whole list.
    expect(coverageGaps([mike, sarah], { byList: true, byWeekday: false })).toEqual([
      { day: 'tue', label: 'Tuesday', codes: ['43221'] },
      { day: 'sat', label: 'Saturday', codes: ['43221'] },
    ]);
    // By weekday only: the overall lists do not count, so only Saturday's list narrows anything.
    expect(coverageGaps([mike, sarah], { byList: false, byWeekday: true })).toEqual([
      { day: 'sat', label: 'Saturday', codes: ['43015', '43016', '43221'] },
    ]);
  });

  it('finds no gap when the inspectors between them go everywhere every working day', () => {
    expect(coverageGaps([inspector({ postal_codes_by_weekday: {} })], BOTH)).toEqual([]);
  });

  it('names the codes nobody goes to on a weekday, by the weekday list, the hours, or the overall list', () => {
    const mike = inspector({
      weekly_hours: { ...weekdays([{ start: '08:00', end: '17:00' }]), sat: [{ start: '09:00', end: '13:00' }] },
    });
    const sarah = inspector({
      id: 102,
      postal_codes: ['43016', '43221'],
      postal_codes_by_weekday: {},
      weekly_hours: { ...weekdays([{ start: '08:00', end: '17:00' }]), tue: [] },
    });
    expect(coverageGaps([mike, sarah], BOTH)).toEqual([
      // Tuesday Sarah is off: her 43221 is nobody's then.
      { day: 'tue', label: 'Tuesday', codes: ['43221'] },
      // Saturday only Mike works, and only in 43017.
      { day: 'sat', label: 'Saturday', codes: ['43015', '43016', '43221'] },
    ]);
  });

  it('counts an inspector with no list as serving everywhere, and leaves out inactive inspectors and days nobody works', () => {
    const everywhere = inspector({ id: 103, postal_codes: [], postal_codes_by_weekday: {} });
    const narrow = inspector({ id: 104, postal_codes: ['43221'], postal_codes_by_weekday: {} });
    expect(coverageGaps([everywhere, narrow], BOTH)).toEqual([]);
    const retired = inspector({ id: 105, active: false, postal_codes: ['99999'], postal_codes_by_weekday: {} });
    expect(coverageGaps([narrow, retired], BOTH)).toEqual([]);
  });
});
