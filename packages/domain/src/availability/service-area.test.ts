import { describe, expect, it } from 'vitest';
import { straightLineEstimator } from './geo.ts';
import { checkLocation, withinDrivingRadius, type LocationCheckInput } from './service-area.ts';
import { COLUMBUS, est, inspector } from './test-fixtures.ts';

const DUBLIN = { latitude: 40.1093, longitude: -83.1146 };
const NEWARK = { latitude: 40.0724, longitude: -82.4046 };
const CINCINNATI = { latitude: 39.1031, longitude: -84.512 };
const driveTimes = straightLineEstimator(1.3, 30);
/** Monday 1 March 2027, 10:00 to 13:00 in New York. */
const appointment = { date: '2027-03-01', start: est('2027-03-01T10:00'), end: est('2027-03-01T13:00') };

function check(changes: Partial<LocationCheckInput>) {
  return checkLocation({
    inspectors: [inspector(1), inspector(2)],
    rules: { restrictInspectorZip: false, limitZipByDay: false },
    postalCode: '43017',
    location: DUBLIN,
    team: [],
    appointment: null,
    neighbours: [],
    driveTimes,
    ...changes,
  });
}

describe('whether a location can be served', () => {
  it('serves a place within reach, and says how far it is', () => {
    const result = check({ team: [1], appointment });
    expect(result.code).toBe('ok');
    expect(result.inspectorId).toBe(1);
    // Columbus to Dublin: about 12 miles as the crow flies, 15.6 by road.
    expect(result.miles).toBeCloseTo(15.6, 0);
    expect(result.maxMiles).toBe(50);
  });

  it('ERROR_NO_INSPECTORS_FOR_ZIP: nobody drives that far', () => {
    expect(check({ location: CINCINNATI, postalCode: '45202' })).toMatchObject({
      code: 'ERROR_NO_INSPECTORS_FOR_ZIP',
      inspectorId: null,
    });
    expect(check({ location: CINCINNATI, postalCode: '45202', team: [1], appointment }).code).toBe(
      'ERROR_NO_INSPECTORS_FOR_ZIP',
    );
  });

  it('ERROR_NO_INSPECTORS_FOR_ZIP: with restricted postal codes, nobody lists it', () => {
    const inspectors = [inspector(1, { postal_codes: ['43215'] }), inspector(2, { postal_codes: ['43081'] })];
    expect(check({ inspectors, rules: { restrictInspectorZip: true, limitZipByDay: false } }).code).toBe(
      'ERROR_NO_INSPECTORS_FOR_ZIP',
    );
    // Unrestricted, the lists do not matter.
    expect(check({ inspectors }).code).toBe('ok');
  });

  it('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: another inspector serves it, not the one of the held time', () => {
    const inspectors = [inspector(1, { postal_codes: ['43215'] }), inspector(2, { postal_codes: ['43017'] })];
    const rules = { restrictInspectorZip: true, limitZipByDay: false };
    expect(check({ inspectors, rules, team: [1], appointment })).toMatchObject({
      code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
      inspectorId: 1,
    });
    expect(check({ inspectors, rules, team: [2], appointment }).code).toBe('ok');
    // Every member of a team must go: the worst one decides.
    expect(check({ inspectors, rules, team: [2, 1], appointment }).code).toBe('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP');
  });

  it('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: the weekday of the held time does not serve it', () => {
    const inspectors = [inspector(1, { postal_codes_by_weekday: { mon: ['43215'] } }), inspector(2)];
    const rules = { restrictInspectorZip: false, limitZipByDay: true };
    expect(check({ inspectors, rules, team: [1], appointment }).code).toBe('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP');
    // On another weekday (Tuesday) the same inspector is not limited.
    const tuesday = { date: '2027-03-02', start: est('2027-03-02T10:00'), end: est('2027-03-02T13:00') };
    expect(check({ inspectors, rules, team: [1], appointment: tuesday }).code).toBe('ok');
  });

  it('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: an inspector who no longer works for the office', () => {
    expect(check({ team: [9], appointment })).toMatchObject({
      code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
      inspectorId: 9,
    });
  });

  it('ERROR_EXCEEDS_RADIUS: the held inspector would drive beyond their radius from home', () => {
    const inspectors = [inspector(1, { max_drive_miles: 20 }), inspector(2, { max_drive_miles: 60 })];
    const result = check({ inspectors, location: NEWARK, postalCode: '43055', team: [1], appointment });
    expect(result).toMatchObject({ code: 'ERROR_EXCEEDS_RADIUS', inspectorId: 1, maxMiles: 20 });
    expect(result.miles!).toBeGreaterThan(20);
    expect(check({ inspectors, location: NEWARK, postalCode: '43055', team: [2], appointment }).code).toBe('ok');
  });

  it('ERROR_EXCEEDS_NEXT_APT_RADIUS: too far from the previous appointment of the day', () => {
    const neighbours = [
      { inspectorId: 1, start: est('2027-03-01T07:00'), end: est('2027-03-01T08:00'), location: NEWARK },
    ];
    // Newark to Dublin is about 48 road miles: within 50, and there are two hours to drive it.
    expect(check({ team: [1], appointment, neighbours }).code).toBe('ok');
    const near = [inspector(1, { max_drive_miles: 40, home_base: { ...DUBLIN, postal_code: '43017' } }), inspector(2)];
    expect(check({ inspectors: near, team: [1], appointment, neighbours })).toMatchObject({
      code: 'ERROR_EXCEEDS_NEXT_APT_RADIUS',
      inspectorId: 1,
      maxMiles: 40,
    });
  });

  it('ERROR_EXCEEDS_NEXT_APT_RADIUS: no time to drive on to the next appointment', () => {
    // Newark at 13:30: half an hour cannot cover the 48 miles from Dublin.
    const neighbours = [
      { inspectorId: 1, start: est('2027-03-01T13:30'), end: est('2027-03-01T15:00'), location: NEWARK },
    ];
    // The distance told is the longer drive: on to Newark (about 48 road miles), not from home (15.6).
    expect(check({ team: [1], appointment, neighbours })).toMatchObject({
      code: 'ERROR_EXCEEDS_NEXT_APT_RADIUS',
      miles: expect.closeTo(48, -1),
    });
    // Columbus, about half an hour's drive, at 14:00: it fits; at 13:30 it does not.
    expect(
      check({
        team: [1],
        appointment,
        neighbours: [{ ...neighbours[0]!, start: est('2027-03-01T14:00'), location: COLUMBUS }],
      }).code,
    ).toBe('ok');
    expect(check({ team: [1], appointment, neighbours: [{ ...neighbours[0]!, location: COLUMBUS }] }).code).toBe(
      'ERROR_EXCEEDS_NEXT_APT_RADIUS',
    );
    // Where it takes place nobody knows: the office buffer keeps it apart, whatever the address.
    expect(check({ team: [1], appointment, neighbours: [{ ...neighbours[0]!, location: null }] }).code).toBe('ok');
    // Another inspector's appointment is not this one's neighbour.
    expect(check({ team: [1], appointment, neighbours: [{ ...neighbours[0]!, inspectorId: 2 }] }).code).toBe('ok');
  });

  it('takes an appointment ending exactly at the start, or starting exactly at the end, as a neighbour', () => {
    // Newark is about 48 road miles from Dublin: no time at all to drive it.
    const before = { inspectorId: 1, start: est('2027-03-01T08:00'), end: appointment.start, location: NEWARK };
    const after = { inspectorId: 1, start: appointment.end, end: est('2027-03-01T15:00'), location: NEWARK };
    expect(check({ team: [1], appointment, neighbours: [before] }).code).toBe('ERROR_EXCEEDS_NEXT_APT_RADIUS');
    expect(check({ team: [1], appointment, neighbours: [after] }).code).toBe('ERROR_EXCEEDS_NEXT_APT_RADIUS');
  });

  it('LIMIT_ZIP_BY_DAY off: the weekday lists of the held inspector limit nothing', () => {
    const inspectors = [inspector(1, { postal_codes_by_weekday: { mon: ['43215'] } }), inspector(2)];
    expect(check({ inspectors, team: [1], appointment }).code).toBe('ok');
  });

  it('counts no inactive inspector among those who reach the place', () => {
    const inspectors = [inspector(1, { active: false, max_drive_miles: 200 }), inspector(2, { max_drive_miles: 20 })];
    expect(check({ inspectors, location: NEWARK, postalCode: '43055' }).code).toBe('ERROR_NO_INSPECTORS_FOR_ZIP');
    expect(
      check({
        inspectors: [{ ...inspectors[0]!, active: true }, inspectors[1]!],
        location: NEWARK,
        postalCode: '43055',
      }).code,
    ).toBe('ok');
  });

  it('checks only the postal code while the place is unknown', () => {
    expect(check({ location: null, team: [1], appointment })).toEqual({
      code: 'ok',
      inspectorId: null,
      miles: null,
      maxMiles: null,
    });
    const inspectors = [inspector(1, { postal_codes: ['43215'] }), inspector(2)];
    expect(
      check({ inspectors, rules: { restrictInspectorZip: true, limitZipByDay: false }, location: null, team: [1] })
        .code,
    ).toBe('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP');
  });

  it('without a team, the best inspector decides', () => {
    const inspectors = [inspector(1, { max_drive_miles: 20 }), inspector(2, { max_drive_miles: 60 })];
    expect(check({ inspectors, location: NEWARK, postalCode: '43055' })).toMatchObject({ code: 'ok', inspectorId: 2 });
  });
});

describe('which answer a location check gives when several inspectors fail', () => {
  // Every inspector 30 road miles away: who fails, and by how much, depends only on their radius.
  const thirtyMiles = { miles: () => 30, minutes: () => 60 };

  it('names the team member farthest past their radius', () => {
    const inspectors = [
      inspector(1, { max_drive_miles: 25 }),
      inspector(2, { max_drive_miles: 20 }),
      inspector(3, { max_drive_miles: 40 }),
    ];
    expect(check({ inspectors, team: [1, 2], appointment, driveTimes: thirtyMiles })).toMatchObject({
      code: 'ERROR_EXCEEDS_RADIUS',
      inspectorId: 2,
      maxMiles: 20,
    });
    expect(check({ inspectors, team: [2, 1], appointment, driveTimes: thirtyMiles })).toMatchObject({
      code: 'ERROR_EXCEEDS_RADIUS',
      inspectorId: 2,
      maxMiles: 20,
    });
    // Equally far past: the team's first member is named.
    const alike = [
      inspector(1, { max_drive_miles: 20 }),
      inspector(2, { max_drive_miles: 20 }),
      inspector(3, { max_drive_miles: 40 }),
    ];
    expect(check({ inspectors: alike, team: [1, 2], appointment, driveTimes: thirtyMiles }).inspectorId).toBe(1);
    expect(check({ inspectors: alike, team: [2, 1], appointment, driveTimes: thirtyMiles }).inspectorId).toBe(2);
  });

  it('names the more severe failure before the longer drive', () => {
    // Inspector 1 is only 5 miles short but does not serve the postal code; 2 is 10 short.
    const inspectors = [
      inspector(1, { max_drive_miles: 25, postal_codes: ['43215'] }),
      inspector(2, { max_drive_miles: 20 }),
      inspector(3, { max_drive_miles: 40 }),
    ];
    const rules = { restrictInspectorZip: true, limitZipByDay: false };
    expect(check({ inspectors, rules, team: [2, 1], appointment, driveTimes: thirtyMiles })).toMatchObject({
      code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
      inspectorId: 1,
    });
    expect(check({ inspectors, rules, team: [1, 2], appointment, driveTimes: thirtyMiles })).toMatchObject({
      code: 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
      inspectorId: 1,
    });
  });

  it('with nobody in reach, gives the distance and radius of the inspector nearest to reaching it', () => {
    const inspectors = [
      inspector(1, { max_drive_miles: 20 }),
      inspector(2, { max_drive_miles: 25 }),
      inspector(3, { max_drive_miles: 10 }),
    ];
    expect(check({ inspectors, driveTimes: thirtyMiles })).toEqual({
      code: 'ERROR_NO_INSPECTORS_FOR_ZIP',
      inspectorId: null,
      miles: 30,
      maxMiles: 25,
    });
    // Where the place is unknown, no distance is known either.
    const restricted = [inspector(1, { postal_codes: ['43215'] })];
    expect(
      check({ inspectors: restricted, rules: { restrictInspectorZip: true, limitZipByDay: false }, location: null }),
    ).toEqual({ code: 'ERROR_NO_INSPECTORS_FOR_ZIP', inspectorId: null, miles: null, maxMiles: null });
  });
});

describe('neighbours and weekday postal codes in the location check', () => {
  it("takes the latest of the inspector's earlier appointments as the previous one, in whatever order they come", () => {
    const near = [inspector(1, { max_drive_miles: 40, home_base: { ...DUBLIN, postal_code: '43017' } }), inspector(2)];
    // Newark at 6:00 is beyond the 40-mile radius; Dublin at 8:00, the later one, is next door.
    const neighbours = [
      { inspectorId: 1, start: est('2027-03-01T08:00'), end: est('2027-03-01T09:00'), location: DUBLIN },
      { inspectorId: 1, start: est('2027-03-01T06:00'), end: est('2027-03-01T07:00'), location: NEWARK },
    ];
    expect(check({ inspectors: near, team: [1], appointment, neighbours }).code).toBe('ok');
    expect(check({ inspectors: near, team: [1], appointment, neighbours: [neighbours[1]!] }).code).toBe(
      'ERROR_EXCEEDS_NEXT_APT_RADIUS',
    );
  });

  it('without a held time, judges only the drive from home, whatever the neighbours', () => {
    const neighbours = [
      { inspectorId: 1, start: est('2027-03-01T09:00'), end: est('2027-03-01T10:00'), location: NEWARK },
    ];
    expect(check({ team: [1], appointment: null, neighbours }).code).toBe('ok');
  });

  it('LIMIT_ZIP_BY_DAY without a held time: served when any weekday serves the code, refused when none does', () => {
    const rules = { restrictInspectorZip: false, limitZipByDay: true };
    const mondaysElsewhere = inspector(1, { postal_codes_by_weekday: { mon: ['43215'] } });
    expect(check({ inspectors: [mondaysElsewhere], rules }).code).toBe('ok');
    const everyDayElsewhere = inspector(1, {
      postal_codes_by_weekday: {
        sun: ['43215'],
        mon: ['43215'],
        tue: ['43215'],
        wed: ['43215'],
        thu: ['43215'],
        fri: ['43215'],
        sat: ['43215'],
      },
    });
    expect(check({ inspectors: [everyDayElsewhere], rules }).code).toBe('ERROR_NO_INSPECTORS_FOR_ZIP');
    // No postal code to check: nothing limits it.
    expect(check({ inspectors: [everyDayElsewhere], rules, postalCode: null }).code).toBe('ok');
  });
});

describe('the driving radius at its bound', () => {
  // An estimator that says exactly how far: the bound is met to the mile, with no rounding between.
  const exactly = (miles: number) => ({ miles: () => miles, minutes: () => Math.ceil((miles / 30) * 60) });

  it('serves a property exactly at the radius from home, and refuses one a hair beyond', () => {
    const max = inspector(1).max_drive_miles;
    expect(withinDrivingRadius(inspector(1), DUBLIN, exactly(max))).toBe(true);
    expect(withinDrivingRadius(inspector(1), DUBLIN, exactly(max + 0.01))).toBe(false);
    // Another inspector reaches it, so the team's member alone is beyond: the radius decides.
    const inspectors = [inspector(1), inspector(2, { max_drive_miles: max * 2 })];
    expect(check({ inspectors, team: [1], appointment, driveTimes: exactly(max) }).code).toBe('ok');
    expect(check({ inspectors, team: [1], appointment, driveTimes: exactly(max + 0.01) }).code).toBe(
      'ERROR_EXCEEDS_RADIUS',
    );
  });

  it('takes a drive that arrives exactly on time, from the previous appointment or on to the next, and refuses one a minute late', () => {
    // 15 miles at 30 mph: 30 minutes.
    const drive = exactly(15);
    const previous = (end: number) => [{ inspectorId: 1, start: est('2027-03-01T08:00'), end, location: NEWARK }];
    expect(
      check({ team: [1], appointment, driveTimes: drive, neighbours: previous(est('2027-03-01T09:30')) }).code,
    ).toBe('ok');
    expect(
      check({ team: [1], appointment, driveTimes: drive, neighbours: previous(est('2027-03-01T09:31')) }).code,
    ).toBe('ERROR_EXCEEDS_NEXT_APT_RADIUS');
    const next = (start: number) => [{ inspectorId: 1, start, end: est('2027-03-01T16:00'), location: NEWARK }];
    expect(check({ team: [1], appointment, driveTimes: drive, neighbours: next(est('2027-03-01T13:30')) }).code).toBe(
      'ok',
    );
    expect(check({ team: [1], appointment, driveTimes: drive, neighbours: next(est('2027-03-01T13:29')) }).code).toBe(
      'ERROR_EXCEEDS_NEXT_APT_RADIUS',
    );
  });

  it('takes a drive exactly the radius long from the previous appointment or on to the next, and refuses one a hair longer', () => {
    // Home, the previous and the next appointment all exactly that far: 100 minutes' drive each, with time to spare.
    const max = inspector(1).max_drive_miles;
    const previous = { inspectorId: 1, start: est('2027-03-01T06:00'), end: est('2027-03-01T07:00'), location: NEWARK };
    const next = { inspectorId: 1, start: est('2027-03-01T16:00'), end: est('2027-03-01T17:00'), location: NEWARK };
    const inspectors = [inspector(1), inspector(2, { max_drive_miles: max * 2 })];
    expect(check({ inspectors, team: [1], appointment, driveTimes: exactly(max), neighbours: [previous] }).code).toBe(
      'ok',
    );
    expect(check({ inspectors, team: [1], appointment, driveTimes: exactly(max), neighbours: [next] }).code).toBe('ok');
  });

  it('counts an unknown location as within every radius', () => {
    expect(withinDrivingRadius(inspector(1), null, exactly(10_000))).toBe(true);
  });
});
