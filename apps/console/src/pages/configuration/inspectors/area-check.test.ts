import { describe, expect, it } from 'vitest';
import { checkArea } from './area-check.ts';
import type { DocumentInspector } from './inspector-form.ts';

const DAY = [{ start: '08:00', end: '17:00' }];
const WEEKDAYS_ONLY = { sun: [], mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: [] };

function inspector(id: number, rest: Partial<DocumentInspector> = {}): DocumentInspector {
  return {
    id,
    office: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
    first: 'A',
    last: 'B',
    display: '',
    email: '',
    phone: '',
    active: true,
    services: [],
    max_inspections_per_day: 3,
    max_drive_miles: 40,
    postal_codes: [],
    postal_codes_by_weekday: {},
    weekly_hours: WEEKDAYS_ONLY,
    overrides: [],
    home_base: { latitude: 40, longitude: -83, postal_code: '43017' },
    ...rest,
  };
}

const OFF = { byWeekday: false };
const ON = { byWeekday: true };

describe('checkArea', () => {
  it('names the codes of a range that no active inspector lists, as ranges', () => {
    const mike = inspector(1, { postal_codes: ['43001', '43002', '43003', '43010'] });
    const sarah = inspector(2, { postal_codes: ['43004', '43005'] });
    const retired = inspector(3, { active: false, postal_codes: ['43006', '43007', '43008', '43009'] });
    expect(checkArea([mike, sarah, retired], '43001-43012', OFF)).toEqual({
      ok: true,
      check: { checked: 12, nobody: '43006-43009, 43011, 43012', someDays: [] },
    });
  });

  it('takes a list as well as a range, and finds nothing missing when every code is listed', () => {
    const mike = inspector(1, { postal_codes: ['43001', '43215'] });
    expect(checkArea([mike], '43215, 43001', OFF)).toEqual({
      ok: true,
      check: { checked: 2, nobody: '', someDays: [] },
    });
    expect(checkArea([mike], '43215 43002', OFF)).toEqual({
      ok: true,
      check: { checked: 2, nobody: '43002', someDays: [] },
    });
  });

  it('counts an active inspector with no list as serving every code', () => {
    expect(checkArea([inspector(1, { postal_codes: ['43001'] }), inspector(2)], '43001-43099', OFF)).toEqual({
      ok: true,
      check: { checked: 99, nobody: '', someDays: [] },
    });
    // ...but not an inactive one.
    expect(
      checkArea([inspector(1, { postal_codes: ['43001'] }), inspector(2, { active: false })], '43001-43003', OFF),
    ).toEqual({ ok: true, check: { checked: 3, nobody: '43002, 43003', someDays: [] } });
  });

  it('with the weekday limit on, names the working days on which nobody goes to a code, grouped by those days', () => {
    // Mike works Monday to Saturday; on Saturday only at 43001. Sarah works Monday to Friday, not Tuesday, only at 43003.
    const mike = inspector(1, {
      postal_codes: ['43001', '43002'],
      weekly_hours: { ...WEEKDAYS_ONLY, sat: DAY },
      postal_codes_by_weekday: { sat: ['43001'], wed: ['43001'] },
    });
    const sarah = inspector(2, { postal_codes: ['43003'], weekly_hours: { ...WEEKDAYS_ONLY, tue: [] } });
    expect(checkArea([mike, sarah], '43001-43004', ON)).toEqual({
      ok: true,
      check: {
        checked: 4,
        nobody: '43004',
        someDays: [
          // Tuesday Sarah is off; Saturday she never works (Sunday nobody works: the company's day off).
          { days: ['tue', 'sat'], label: 'Tuesday, Saturday', codes: '43003' },
          { days: ['wed', 'sat'], label: 'Wednesday, Saturday', codes: '43002' },
        ],
      },
    });
    // With the limit off, the weekday lists change nothing, and only the hours are not asked about.
    expect(checkArea([mike, sarah], '43001-43004', OFF)).toEqual({
      ok: true,
      check: { checked: 4, nobody: '43004', someDays: [] },
    });
  });

  it('groups codes missed on the same days into one line', () => {
    const mike = inspector(1, { postal_codes_by_weekday: { fri: ['43001'] } });
    expect(checkArea([mike], '43001-43005', ON)).toEqual({
      ok: true,
      check: { checked: 5, nobody: '', someDays: [{ days: ['fri'], label: 'Friday', codes: '43002-43005' }] },
    });
  });

  it('refuses empty text and text it cannot read, saying why', () => {
    expect(checkArea([], ' ', OFF)).toEqual({
      ok: false,
      message: 'Enter a postal code, a list, or a range like 43001-43099.',
    });
    expect(checkArea([], '43099-43001', OFF)).toEqual({
      ok: false,
      message: 'The range 43099-43001 ends before it starts.',
    });
    expect(checkArea([], '4', OFF)).toEqual({ ok: false, message: '"4" is not a postal code.' });
  });

  it('finds every code unserved when the company has no active inspector', () => {
    expect(checkArea([inspector(1, { active: false })], '43001-43003', ON)).toEqual({
      ok: true,
      check: { checked: 3, nobody: '43001-43003', someDays: [] },
    });
  });
});
